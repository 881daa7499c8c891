// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/edit/memory_edits.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

namespace llmwb::edit {
namespace {

MemoryHierarchy base() { return test::presets().device("memexplorer/base").memory; } // SRAM x1 | HBM3E x4
MemoryTechnology tech(const std::string& id) { return test::presets().memoryTechnology(id); }

TEST(MemoryEdits, AddingToALevelThatHoldsTheTechnologyAddsToItsCount) {
  auto m = base();
  const auto at = addPart(m, 1, tech("hbm3e-8h"), 2);
  EXPECT_EQ(at.level, 1u);
  EXPECT_EQ(m.offChip[0].parts.size(), 1u);
  EXPECT_EQ(m.offChip[0].parts[0].count, 6);
  EXPECT_DOUBLE_EQ(m.offChipCapacity().value(), units::gibibytes(6 * 24).value());
}

TEST(MemoryEdits, AddingBeyondTheLastLevelOpensANewLevel) {
  auto m = base();
  const auto at = addPart(m, 2, tech("lpddr5x"));
  EXPECT_EQ(at.level, 2u);
  ASSERT_EQ(m.offChip.size(), 2u);
  EXPECT_EQ(m.offChip[1].parts[0].technology.id, "lpddr5x");
  EXPECT_EQ(m.levelName(2), "L2");
}

TEST(MemoryEdits, WrongPlacementIsRefusedAndNothingChanges) {
  auto m = base();
  EXPECT_THROW(addPart(m, 0, tech("hbm4-12h")), EditError);
  EXPECT_THROW(addPart(m, 1, tech("sram-3d")), EditError);
  EXPECT_THROW(addPart(m, 5, tech("hbm4-12h")), EditError);
  EXPECT_THROW(addPart(m, 1, tech("hbm4-12h"), 0), EditError);
  EXPECT_EQ(m.offChip.size(), 1u);
  EXPECT_EQ(m.onChip.parts.size(), 1u);
  try {
    addPart(m, 0, tech("hbm4-12h"));
  } catch (const EditError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot sit on-chip"), std::string::npos) << e.what();
  }
}

TEST(MemoryEdits, MovingTheOnlyPartOfALevelRemovesTheLevel) {
  auto m = base();
  addPart(m, 2, tech("lpddr5x"), 2);
  // HBM3E moves out to L2 beside the LPDDR5X: L1 empties and goes, so the pair is now L1.
  const auto at = movePart(m, {1, 0}, 2);
  ASSERT_EQ(m.offChip.size(), 1u);
  EXPECT_EQ(at.level, 1u);
  EXPECT_EQ(m.offChip[0].parts.size(), 2u);
  EXPECT_EQ(m.offChip[0].parts[at.part].technology.id, "hbm3e-8h");
}

TEST(MemoryEdits, MovingToANewLevelSplitsALevel) {
  auto m = base();
  addPart(m, 1, tech("lpddr5x"));
  const auto at = movePart(m, {1, 1}, 2);
  ASSERT_EQ(m.offChip.size(), 2u);
  EXPECT_EQ(at.level, 2u);
  EXPECT_EQ(m.offChip[1].parts[0].technology.id, "lpddr5x");
}

TEST(MemoryEdits, CountsAndRemoval) {
  auto m = base();
  setPartCount(m, {1, 0}, 8);
  EXPECT_EQ(m.offChip[0].parts[0].count, 8);
  EXPECT_THROW(setPartCount(m, {1, 0}, 0), EditError);
  EXPECT_THROW(setPartCount(m, {1, 3}, 2), EditError);
  removePart(m, {1, 0});
  EXPECT_TRUE(m.offChip.empty());
  removePart(m, {0, 0});
  EXPECT_TRUE(m.onChip.empty());
}

} // namespace
} // namespace llmwb::edit
