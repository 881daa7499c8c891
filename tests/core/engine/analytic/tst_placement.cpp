// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/analytic/placement.h"

#include <gtest/gtest.h>

using namespace llmwb;
using namespace llmwb::units;

namespace {
MemoryHierarchy hierarchy(double onChipGiB, std::vector<double> offChipGiB) {
  MemoryTechnology on;
  on.capacity = gibibytes(onChipGiB);
  on.bandwidth = terabytesPerSecond(8);
  MemoryHierarchy h;
  h.onChip.parts.push_back({on, 1});
  for (double c : offChipGiB) {
    MemoryTechnology off;
    off.capacity = gibibytes(c);
    off.bandwidth = terabytesPerSecond(1);
    h.offChip.push_back(MemoryLevel{{{off, 1}}});
  }
  return h;
}
} // namespace

TEST(Placement, PriorityTypeFirstThenEqualShares) {
  // 3 GiB on chip; activations want 1, cache 10, weights 100 GiB.
  const auto p = place(hierarchy(3, {200}), StoragePriority::Activations, {gibibytes(100), gibibytes(10), gibibytes(1)});
  EXPECT_NEAR(inGibibytes(p.activationShare), 1.0, 1e-9);
  EXPECT_NEAR(p.cacheOnChip, 1.0 / 10, 1e-9);    // the remaining 2 GiB split 1 / 1
  EXPECT_NEAR(p.weightsOnChip, 1.0 / 100, 1e-9);
}

TEST(Placement, EqualPassesUnusedShareOn) {
  // 3 GiB: activations need only 0.5; cache and weights split the other 2.5.
  const auto p = place(hierarchy(3, {200}), StoragePriority::Equal, {gibibytes(100), gibibytes(10), gibibytes(0.5)});
  EXPECT_NEAR(inGibibytes(p.activationShare), 0.5, 1e-9);
  EXPECT_NEAR(p.cacheOnChip * 10, 1.25, 1e-9);
  EXPECT_NEAR(p.weightsOnChip * 100, 1.25, 1e-9);
}

TEST(Placement, OffChipFillsNearestLevelsFirst) {
  // 60 GiB off chip into 24 + 100: L1 full (24/60), L2 the rest (36/60).
  const auto p = place(hierarchy(0.25, {24, 100}), StoragePriority::Weights, {gibibytes(50.25), gibibytes(10), Bytes()});
  ASSERT_EQ(p.offChipFraction.size(), 2u);
  EXPECT_TRUE(p.fits);
  EXPECT_NEAR(p.offChipFraction[0], 24.0 / 60, 1e-9);
  EXPECT_NEAR(p.offChipFraction[1], 36.0 / 60, 1e-9);
}

TEST(Placement, TooMuchDataDoesNotFit) {
  const auto p = place(hierarchy(1, {24}), StoragePriority::Equal, {gibibytes(70), gibibytes(10), Bytes()});
  EXPECT_FALSE(p.fits);
  EXPECT_NE(p.reason.find("off chip"), std::string::npos);
}
