// SPDX-License-Identifier: GPL-3.0-or-later
// A project names its own files relative to its folder (issue 37): moved with them, it opens from
// any working folder; saved, it names them relative again; preset ids stay ids.

#include "core/engine/evaluate.h"
#include "core/io/input_error.h"
#include "core/io/project.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

namespace llmwb {
namespace {

namespace fs = std::filesystem;

std::string contents(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(ProjectPaths, AMovedProjectWithRelativePathsOpens) {
  const fs::path root = fs::temp_directory_path() / ("llmwb-project-paths-" + std::to_string(::getpid()));
  fs::remove_all(root);
  const fs::path study = root / "study";
  fs::create_directories(study / "inputs");
  const fs::path presets(LLMWB_TEST_PRESETS);
  fs::copy_file(presets / "models" / "llama-3.3-70b.json", study / "inputs" / "my-model.json");
  std::ofstream(study / "inputs" / "my-workload.json")
      << R"({"format_version": 1, "kind": "workload", "input_tokens": 4000, "output_tokens": 500})";
  fs::copy_file(presets / "spaces" / "memexplorer-decode.json", study / "inputs" / "my-space.json");
  std::ofstream(study / "p.llmwb") << R"({"format_version": 2, "kind": "project", "name": "moved",
    "system": "memexplorer/base", "model": "inputs/my-model.json", "workload": "inputs/my-workload.json",
    "exploration": {"space": "inputs/my-space.json", "method": "random", "budget": 4}})";

  // Moved, then opened from an unrelated working folder (the test's own).
  const fs::path moved = root / "elsewhere" / "study";
  fs::create_directories(moved.parent_path());
  fs::rename(study, moved);
  const auto& lib = test::presets();
  const Project p = readProject(moved / "p.llmwb", lib);
  EXPECT_EQ(fs::path(p.model), moved / "inputs" / "my-model.json");
  EXPECT_EQ(fs::path(p.workload), moved / "inputs" / "my-workload.json");
  ASSERT_TRUE(p.exploration);
  EXPECT_EQ(fs::path(p.exploration->space), moved / "inputs" / "my-space.json");
  EXPECT_EQ(p.system.preset, "memexplorer/base"); // a preset id stays an id
  const auto r = evaluate(p.system.system, lib.model(p.model), lib.workload(p.workload), p.options);
  EXPECT_EQ(r.inputTokens, 4000);

  // Saved again: its own files are named relative to it, so it moves again.
  writeProject(p, moved / "p.llmwb");
  const std::string text = contents(moved / "p.llmwb");
  EXPECT_NE(text.find("\"model\": \"inputs/my-model.json\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"space\": \"inputs/my-space.json\""), std::string::npos) << text;
  const fs::path again = root / "again";
  fs::rename(moved, again);
  EXPECT_NO_THROW(readProject(again / "p.llmwb", lib));
  fs::remove_all(root);
}

} // namespace
} // namespace llmwb
