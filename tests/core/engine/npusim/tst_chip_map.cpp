// SPDX-License-Identifier: GPL-3.0-or-later
// Placing TP groups on the NpuSim mesh (ParallelismSpec::groupSlots, chip_map.h): the field's text
// form and its errors, the slot assignment, moving a group, and what a re-placement does to the
// engine's stage-to-stage activations (the default order keeps the engine's numbers exactly).
#include "core/engine/engine_registry.h"
#include "core/engine/npusim/chip_map.h"
#include "core/engine/npusim/npusim_model.h"
#include "core/io/input_error.h"
#include "core/io/overrides.h"
#include "core/io/project.h"
#include "core/engine/npusim/parallelism_fields.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

using namespace llmwb;
using namespace llmwb::engine;
using namespace llmwb::engine::npusim;

namespace {
const PresetLibrary& lib() { return test::presets(); }

double prefillSeconds(const SystemSpec& s, double tokens = 1024) {
  const auto pm = buildModel(s, s.groups.front(), lib().model("qwen3-4b"));
  const auto r = pm->step({Phase::Prefill, 1, tokens, 0, 1});
  EXPECT_TRUE(r.feasible) << r.reason;
  return r.time.value();
}

/// npusim/large-64 with TP 4 and PP 7: two pipelines, 14 of the 16 slots used (ring: 2 x 2 boxes,
/// four per row; linear: 1 x 4 lines, two per row).
SystemSpec partChip(CorePlacement placement = CorePlacement::Ring) {
  auto s = lib().system("npusim/large-64");
  parallelismOf(s)->tp = 4;
  parallelismOf(s)->pp = 7;
  parallelismOf(s)->placement = placement;
  return s;
}
} // namespace

TEST(GroupSlots, TextFormAndErrors) {
  std::string error;
  EXPECT_EQ(parseGroupSlots("3, 0,1", error), (std::vector<int>{3, 0, 1}));
  EXPECT_EQ(parseGroupSlots("", error), std::vector<int>{});
  EXPECT_EQ(groupSlotsText({3, 0, 1}), "3,0,1");
  for (const char* bad : {"a", "1,1", "1,", "-2", "1,,2"}) {
    error.clear();
    EXPECT_FALSE(parseGroupSlots(bad, error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
  OverrideTarget t{lib().system("npusim/large-64"), lib().model("qwen3-4b"), "qwen3-4b", lib().workload("chat")};
  applyOverrides(t, {"/parallelism/group_slots=15,0"}, lib());
  EXPECT_EQ(parallelismOf(t.system)->groupSlots, (std::vector<int>{15, 0}));
  try {
    applyOverrides(t, {"/parallelism/group_slots=2,2"}, lib());
    FAIL() << "accepted a slot given twice";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("group_slots"), std::string::npos) << e.what();
  }
}

TEST(GroupSlots, ListedSlotsFirstThenTheFreeOnesInOrder) {
  std::string error;
  EXPECT_EQ(assignSlots(4, 8, {5, 0}, error), (std::vector<int>{5, 0, 1, 2}));
  EXPECT_TRUE(error.empty());
  EXPECT_EQ(assignSlots(3, 8, {}, error), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(assignSlots(4, 2, {}, error), (std::vector<int>{0, 1})); // only two fit
  EXPECT_EQ(assignSlots(2, 8, {9}, error), (std::vector<int>{0, 1}));
  EXPECT_NE(error.find("past the mesh"), std::string::npos) << error;
  error.clear();
  assignSlots(1, 8, {1, 2}, error);
  EXPECT_NE(error.find("2 slots for 1 groups"), std::string::npos) << error;
}

TEST(GroupSlots, MovingAGroupToAFreeSlotOrOntoAnotherSwapsThem) {
  const auto s = partChip();
  const auto pm = buildModel(s, s.groups.front(), lib().model("qwen3-4b"));
  const auto& npu = dynamic_cast<const NpusimModel&>(*pm);
  const auto map = mapChip(8, 8, npu.layout(), {{DeviceRole::Both, npu.pool()}});
  ASSERT_EQ(map.groups.size(), 14u);
  EXPECT_EQ(map.groups[3].slot, 3);
  const std::vector<int> inOrder{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
  auto expect = inOrder;
  expect[3] = 15;
  EXPECT_EQ(movedGroupSlots(map, 3, 15), expect); // a free slot
  expect = inOrder;
  std::swap(expect[3], expect[5]);
  EXPECT_EQ(movedGroupSlots(map, 3, 5), expect);   // swaps with group 5
  EXPECT_EQ(movedGroupSlots(map, 3, 99), inOrder); // not a slot
  const auto moved = mapChip(8, 8, npu.layout(), {{DeviceRole::Both, npu.pool()}}, movedGroupSlots(map, 3, 15));
  EXPECT_EQ(moved.groups[3].slot, 15);
  const auto origin = groupSlots(8, 8, npu.layout())[15];
  EXPECT_EQ(moved.at(origin).group, 3);
  EXPECT_EQ(slotAt(moved, origin), 15);
  EXPECT_TRUE(moved.problem.empty()) << moved.problem;
  EXPECT_FALSE(mapChip(8, 8, npu.layout(), {{DeviceRole::Both, npu.pool()}}, {40}).problem.empty());
}

TEST(GroupSlots, TheDefaultOrderKeepsTheEnginesNumbersAndAFarStageCostsMore) {
  auto s = partChip();
  const double inOrder = prefillSeconds(s);
  parallelismOf(s)->groupSlots = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
  EXPECT_DOUBLE_EQ(prefillSeconds(s), inOrder); // the same order written out
  // Stage 3 to the far corner of the mesh: its activations in and out travel 8 hops, not 2.
  parallelismOf(s)->groupSlots = {0, 1, 2, 15};
  const double far = prefillSeconds(s);
  std::printf("    ring: prefill 1024 tokens in order %.6f ms, stage 3 in slot 15 %.6f ms\n", inOrder * 1e3, far * 1e3);
  EXPECT_GT(far, inOrder);
  EXPECT_LT(far, 1.01 * inOrder); // activations are a small part of a prefill
  // Linear lines lie two per row, so in order every other stage's activations run along the row,
  // every rank on the same links. One pipeline of 16 stages down the left column and up the right
  // one puts 14 of its 15 boundaries one row apart, a link per rank.
  auto line = partChip(CorePlacement::LinearSeq);
  parallelismOf(line)->pp = 16;
  const double boustrophedon = prefillSeconds(line);
  parallelismOf(line)->groupSlots = {0, 3, 4, 7, 8, 11, 12, 15, 14, 13, 10, 9, 6, 5, 2, 1};
  const double columns = prefillSeconds(line);
  std::printf("    linear PP 16: in order %.6f ms, down and up the columns %.6f ms\n", boustrophedon * 1e3, columns * 1e3);
  EXPECT_LT(columns, boustrophedon);
  // A slot past the mesh is an infeasible result naming the field, not a crash.
  parallelismOf(s)->groupSlots = {16};
  const auto pm = buildModel(s, s.groups.front(), lib().model("qwen3-4b"));
  const auto r = pm->step({Phase::Prefill, 1, 256, 0, 1});
  EXPECT_FALSE(r.feasible);
  EXPECT_NE(r.reason.find("/parallelism/group_slots"), std::string::npos) << r.reason;
}

TEST(GroupSlots, BoundaryScaleAgainstTheDefault) {
  GroupLayout line;
  line.position = {{0, 0}, {1, 0}, {2, 0}, {3, 0}};
  line.width = 4;
  // Neighbours below in both: the same. Two rows further down: three times the hops, same links.
  const auto same = boundaryScale(line, {0, 0}, {0, 1}, {0, 0}, {0, 1});
  EXPECT_DOUBLE_EQ(same.bandwidth, 1.0);
  EXPECT_DOUBLE_EQ(same.hops, 1.0);
  const auto below3 = boundaryScale(line, {0, 0}, {0, 3}, {0, 0}, {0, 1});
  EXPECT_DOUBLE_EQ(below3.hops, 3.0);
  EXPECT_DOUBLE_EQ(below3.bandwidth, 1.0);
  // Side by side along the row: every rank's flow shares the row's links.
  const auto along = boundaryScale(line, {0, 0}, {4, 0}, {0, 0}, {0, 1});
  EXPECT_DOUBLE_EQ(along.bandwidth, 4.0);
  EXPECT_DOUBLE_EQ(along.hops, 4.0);
}

TEST(GroupSlots, AProjectKeepsThemThroughSaveAndOpen) {
  auto project = readProject(LLMWB_TEST_PRESETS "/projects/npusim-large-64.llmwb", lib());
  project.system.preset.clear(); // edited: written inline
  parallelismOf(project.system.system)->groupSlots = {63, 5};
  const auto file = std::filesystem::temp_directory_path() / "llmwb-group-slots.llmwb";
  writeProject(project, file);
  const auto text = projectJsonText(project);
  EXPECT_NE(text.find("\"group_slots\": \"63,5\""), std::string::npos);
  const auto back = readProject(file, lib());
  std::filesystem::remove(file);
  EXPECT_EQ(parallelismOf(back.system.system)->groupSlots, (std::vector<int>{63, 5}));
}
