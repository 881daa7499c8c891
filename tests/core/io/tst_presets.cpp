// SPDX-License-Identifier: GPL-3.0-or-later
// Every shipped preset loads, validates and carries a source for its numbers.
#include "core/compute/plena/plena_spec.h"
#include "core/io/input_error.h"
#include "core/io/preset_library.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace llmwb;

namespace {
const PresetLibrary& lib() { return test::presets(); }
} // namespace

TEST(Presets, EveryPresetValidates) {
  const auto all = lib().list();
  ASSERT_GT(all.size(), 40u);
  for (const auto& p : all) {
    try {
      const auto info = lib().validate(p.path);
      EXPECT_EQ(info.kind, p.kind) << p.path;
      EXPECT_EQ(info.id, p.id) << p.path;
    } catch (const InputError& e) {
      ADD_FAILURE() << e.what();
    }
  }
}

TEST(Presets, TheIssueIdsExist) {
  for (const char* s : {"memexplorer/base", "memexplorer/p1", "memexplorer/p2", "memexplorer/d1", "memexplorer/d2",
                        "memexplorer/h1", "memexplorer/h2", "memexplorer/h3", "memexplorer/s0", "memexplorer/s1",
                        "memexplorer/s2", "memexplorer/s3", "memexplorer/s4", "gpu/a100", "gpu/h100"})
    EXPECT_TRUE(lib().find(PresetKind::System, s)) << s;
  for (const char* m : {"llama-3.3-70b", "llama-3.1-8b", "qwen3-32b", "qwen3-30b-a3b", "qwen3.5-397b-a17b", "llada-8b"})
    EXPECT_TRUE(lib().find(PresetKind::Model, m)) << m;
  for (const char* w : {"osworld", "bfcl-websearch", "gsm8k"}) EXPECT_TRUE(lib().find(PresetKind::Workload, w)) << w;
}

TEST(Presets, Table1RowsCarrySources) {
  for (const char* id : {"sram", "hbm3e-8h", "hbm4-12h", "lpddr5x", "lpddr6", "gddr6", "gddr7", "sram-3d", "hbf"}) {
    const auto t = lib().memoryTechnology(id);
    for (const char* field : {"latency_ns", "capacity_GiB", "bandwidth_GBps", "p_bg_mW_per_GiB", "e_read_pJ_per_bit", "e_write_pJ_per_bit"})
      EXPECT_TRUE(t.sources.count(field)) << id << " has no source for " << field;
    if (t.placement == MemoryPlacement::OffChip) { EXPECT_TRUE(t.sources.count("shoreline_mm")) << id; }
  }
}

TEST(Presets, Table1Values) {
  const auto hbf = lib().memoryTechnology("hbf");
  EXPECT_DOUBLE_EQ(units::inGibibytes(hbf.capacity), 384);
  EXPECT_DOUBLE_EQ(units::inGigabytesPerSecond(hbf.bandwidth), 1000);
  EXPECT_DOUBLE_EQ(units::inNanoseconds(hbf.latency), 1000);
  EXPECT_DOUBLE_EQ(hbf.shoreline->value(), 8.25);
  EXPECT_DOUBLE_EQ(units::inPicojoulesPerBit(hbf.writeEnergy), 10);
  const auto lp = lib().memoryTechnology("lpddr5x");
  EXPECT_DOUBLE_EQ(units::inGigabytesPerSecond(lp.bandwidth), 76.8);
  EXPECT_DOUBLE_EQ(units::inMilliwattsPerGibibyte(lp.backgroundPower), 7.65);
}

TEST(Presets, DevicesInheritAndOverride) {
  const auto p1 = lib().device("memexplorer/p1");
  const auto& c = p1.compute.as<PlenaComputeSpec>();
  EXPECT_EQ(c.mlen, 2048);
  EXPECT_EQ(c.blen, 256);
  EXPECT_EQ(p1.quantisation.describe(), "MXINT8/MXINT8/MXINT8"); // from the family preset
  ASSERT_EQ(p1.memory.offChip.size(), 2u);
  EXPECT_EQ(p1.memory.offChip[1].parts.front().technology.id, "hbf");
  const auto s4 = lib().system("memexplorer/s4");
  EXPECT_EQ(s4.groups.front().device.strategy.describe(), "weights/IS/vector"); // system override
}

TEST(Presets, ADeviceIsAOneDeviceSystem) {
  const auto s = lib().system("memexplorer/d1");
  ASSERT_EQ(s.groups.size(), 1u);
  EXPECT_EQ(s.groups.front().role, DeviceRole::Both);
}

TEST(Presets, WorkloadPairsParse) {
  const auto w = lib().workload("1.4K:0.2K");
  EXPECT_EQ(w.inputTokens, 1400);
  EXPECT_EQ(w.outputTokens, 200);
  EXPECT_EQ(lib().workload("90000:8000").outputTokens, 8000);
}

// Issue 35: a model or workload is read from disk once, and again when its file changes.
TEST(Presets, ModelsAndWorkloadsAreReadOnceAndAgainWhenTheirFileChanges) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("llmwb-read-cache-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  fs::remove_all(root);
  fs::create_directories(root / "workloads");
  const auto write = [&](int in) {
    std::ofstream(root / "workloads" / "w.json") << R"({"format_version": 1, "kind": "workload", "name": "w", "input_tokens": )" << in
                                                 << R"(, "output_tokens": 10})";
  };
  write(100);
  const PresetLibrary lib({root, LLMWB_TEST_PRESETS});
  EXPECT_EQ(lib.workload("w").inputTokens, 100);
  EXPECT_EQ(lib.model("llama-3.1-8b").id, "llama-3.1-8b");
  const long long read = lib.filesRead();
  EXPECT_EQ(read, 2);
  EXPECT_EQ(lib.workload("w").inputTokens, 100);
  EXPECT_EQ(lib.model("llama-3.1-8b").id, "llama-3.1-8b");
  EXPECT_EQ(lib.filesRead(), read) << "unchanged files come from the cache";
  write(12345); // another size: read again
  EXPECT_EQ(lib.workload("w").inputTokens, 12345);
  EXPECT_EQ(lib.filesRead(), read + 1);
  fs::remove_all(root);
}

TEST(Presets, ACompositionSaysWhatTheSystemIsMadeOf) {
  // The heading of an edited design (SystemSpec::composition): counts, devices, roles where the
  // device's name does not say them, and the disaggregation.
  auto system = lib().system("memexplorer/p1d1");
  system.groups[1].count = 8;
  EXPECT_EQ(system.composition(), "4 \u00d7 MemExplorer P1 (prefill) + 8 \u00d7 MemExplorer D1 (decode), disaggregated");
  EXPECT_EQ(lib().system("gpu/h100x4").composition(), "4 \u00d7 NVIDIA H100 80GB SXM");
}
