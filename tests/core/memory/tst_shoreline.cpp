// SPDX-License-Identifier: GPL-3.0-or-later
// MemExplorer Eq. 1 against hand-computed cases.
#include "core/memory/shoreline.h"

#include <gtest/gtest.h>

using namespace llmwb;
using namespace llmwb::units;

namespace {
MemoryLevel level(double phyMm, int count) {
  MemoryTechnology t;
  t.name = "part";
  t.shoreline = millimeters(phyMm);
  return MemoryLevel{{{t, count}}};
}
} // namespace

TEST(Eq1, MaxStacksIsFloorOfEdgeOverPhyPlusMargin) {
  ShorelineSpec spec; // two 33 mm edges, margin 0.5 mm
  EXPECT_DOUBLE_EQ(memoryEdgeLength(spec).value(), 66.0);
  EXPECT_EQ(maxStacks(spec, millimeters(11)), 5);    // 66 / 11.5 = 5.74
  EXPECT_EQ(maxStacks(spec, millimeters(15)), 4);    // 66 / 15.5 = 4.26
  EXPECT_EQ(maxStacks(spec, millimeters(4.1)), 14);  // 66 / 4.6 = 14.3
  spec.marginPerPart = millimeters(0);
  EXPECT_EQ(maxStacks(spec, millimeters(11)), 6);    // exactly 66 / 11
  spec.memoryEdges = 1;
  EXPECT_EQ(maxStacks(spec, millimeters(8.25)), 4);  // 33 / 8.25
}

TEST(Eq1, MixedTechnologiesShareTheEdge) {
  ShorelineSpec spec;
  // HBM3E x4 (4 x 11.5 = 46) + HBF x1 (8.75) = 54.75 <= 66
  auto ok = checkShoreline(spec, {level(11, 4), level(8.25, 1)});
  EXPECT_TRUE(ok.feasible);
  EXPECT_NEAR(ok.required.value(), 54.75, 1e-9);
  // ... + LPDDR5X x8 (8 x 4.6 = 36.8) = 91.55 > 66
  auto bad = checkShoreline(spec, {level(11, 4), level(8.25, 1), level(4.1, 8)});
  EXPECT_FALSE(bad.feasible);
  EXPECT_NEAR(bad.required.value(), 91.55, 1e-9);
  EXPECT_NE(bad.reason.find("66.0 mm"), std::string::npos);
}
