// SPDX-License-Identifier: GPL-3.0-or-later
// docs/preset-format.md carries the reference generated from the parameter tables; it must be current.
#include "core/io/preset_reference.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace llmwb;

TEST(ParamsDocs, PresetFormatReferenceIsCurrent) {
  const auto path = std::filesystem::path(LLMWB_TEST_PRESETS).parent_path() / "docs" / "preset-format.md";
  std::ifstream in(path);
  ASSERT_TRUE(in) << "cannot read " << path;
  std::stringstream text;
  text << in.rdbuf();
  const auto section = io::generatedSection(text.str());
  ASSERT_TRUE(section) << path << " lacks the markers " << io::kGeneratedBegin << " ... " << io::kGeneratedEnd;
  EXPECT_TRUE(*section == io::presetReferenceMarkdown())
      << path << " is out of date with the parameter tables: run `llmwb-cli params --update docs/preset-format.md` "
      << "from the source folder and commit the result";
}

TEST(ParamsDocs, SectionIsReplacedBetweenMarkers) {
  const std::string doc = std::string("intro\n") + io::kGeneratedBegin + "\nold\n" + io::kGeneratedEnd + "\noutro\n";
  const auto updated = io::withGeneratedSection(doc, "new\n");
  ASSERT_TRUE(updated);
  EXPECT_EQ(*updated, std::string("intro\n") + io::kGeneratedBegin + "\nnew\n" + io::kGeneratedEnd + "\noutro\n");
  EXPECT_EQ(*io::generatedSection(*updated), "new\n");
  EXPECT_FALSE(io::withGeneratedSection("no markers", "x"));
}

// "Above zero" is no physical limit: 1e-300 GHz or GiB passes it and turns results infinite. Every
// positive field names the smallest value a real part can have (issue "Hardening").
TEST(ParamsDocs, EveryPositiveFieldHasAPhysicalLowerBound) {
  std::istringstream reference(io::presetReferenceMarkdown());
  for (std::string line; std::getline(reference, line);)
    EXPECT_EQ(line.find("| (0, "), std::string::npos) << "an open lower bound at zero: " << line;
}
