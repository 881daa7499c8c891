// SPDX-License-Identifier: GPL-3.0-or-later
// io::ReadLog: what a design problem was read from, the journal's resume check.
#include "core/io/read_log.h"
#include "core/io/preset_library.h"
#include "core/io/space_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

using namespace llmwb;

namespace {
bool readsFile(const std::map<std::string, std::string>& files, const std::string& ending) {
  for (const auto& [path, digest] : files)
    if (path.size() >= ending.size() && path.compare(path.size() - ending.size(), ending.size(), ending) == 0) return true;
  return false;
}
} // namespace

TEST(ReadLog, RecordsEveryPresetADesignProblemReads) {
  const PresetLibrary library({LLMWB_TEST_PRESETS});
  io::ReadLog log;
  loadDesignProblem("memexplorer-decode", library);
  const auto& files = log.files();
  EXPECT_TRUE(readsFile(files, "spaces/memexplorer-decode.json"));
  EXPECT_TRUE(readsFile(files, "devices/memexplorer/base.json"));
  EXPECT_TRUE(readsFile(files, "devices/memexplorer/plena-npu.json")); // through `base`
  EXPECT_TRUE(readsFile(files, "memory/hbm3e-8h.json"));
  EXPECT_TRUE(readsFile(files, "models/llama-3.3-70b.json"));
  EXPECT_TRUE(readsFile(files, "workloads/osworld.json"));
  for (const auto& [path, digest] : files) {
    EXPECT_TRUE(std::filesystem::path(path).is_absolute()) << path;
    EXPECT_EQ(digest.rfind("crc32:", 0), 0u) << digest;
    EXPECT_EQ(digest.size(), 14u) << digest;
  }
}

TEST(ReadLog, RecordsOnlyWhileItLivesAndOnlyItsThread) {
  const PresetLibrary library({LLMWB_TEST_PRESETS});
  library.model("llama-3.1-8b"); // before any log: recorded nowhere
  io::ReadLog log;
  std::thread([&] { library.model("qwen3-8b"); }).join(); // another thread's reads are its own
  library.workload("chat");
  EXPECT_EQ(log.files().size(), 1u);
  EXPECT_TRUE(readsFile(log.files(), "workloads/chat.json"));
}

TEST(ReadLog, DigestTellsEditedBytesApart) {
  EXPECT_EQ(io::digestOf("{\"a\": 1}"), io::digestOf("{\"a\": 1}"));
  EXPECT_NE(io::digestOf("{\"a\": 1}"), io::digestOf("{\"a\": 2}"));
  EXPECT_EQ(io::digestOf("123456789"), "crc32:cbf43926"); // the CRC-32 check value
}
