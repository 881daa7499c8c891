// SPDX-License-Identifier: GPL-3.0-or-later
// MemExplorer Eq. 2-5 against hand-computed cases.
#include "core/memory/transfer_model.h"

#include <gtest/gtest.h>

using namespace llmwb;
using namespace llmwb::units;

namespace {
TransferTime chain(std::vector<ChainLevel> levels) { return transferTime(levels); }
} // namespace

TEST(Eq2, EffectiveBandwidthSubtractsTheLevelBelow) {
  // Peaks 24, 4, 1 TB/s (3D SRAM x3, HBM x4, HBF x1): B_eff = 24 - 3, 4 - 1, 1.
  const auto eff = effectiveBandwidths({terabytesPerSecond(24), terabytesPerSecond(4), terabytesPerSecond(1)});
  ASSERT_EQ(eff.size(), 3u);
  EXPECT_NEAR(inTerabytesPerSecond(eff[2]), 1.0, 1e-12);
  EXPECT_NEAR(inTerabytesPerSecond(eff[1]), 3.0, 1e-12);
  EXPECT_NEAR(inTerabytesPerSecond(eff[0]), 21.0, 1e-12);
}

TEST(Eq2, EqualLevelsInSeriesLeaveNothing) {
  const auto eff = effectiveBandwidths({gigabytesPerSecond(614.4), gigabytesPerSecond(614.4)});
  EXPECT_NEAR(eff[0].value(), 0.0, 1e-3);
}

TEST(Eq3, LoadTimeIsLatencyPlusFractionOverBandwidth) {
  // 100 ns + 0.25 x 8 GB / 2 TB/s = 100 ns + 1 ms
  const Seconds t = levelLoadTime(nanoseconds(100), gigabytes(2), terabytesPerSecond(2));
  EXPECT_NEAR(t.value(), 100e-9 + 1e-3, 1e-15);
}

TEST(Eq5, OnlyOneLevelTakesItsOwnTime) {
  const auto r = chain({{terabytesPerSecond(4), nanoseconds(1.5), gigabytes(8)}});
  EXPECT_NEAR(r.time.value(), 1.5e-9 + 8e9 / 4e12, 1e-15);
  EXPECT_EQ(r.boundLevel, 0);
}

TEST(Eq5, Case1DeeperLoadIsHidden) {
  // On-chip 8 TB/s holds 2 GB, L1 at 1 TB/s holds 0.5 GB. B_eff(on-chip) = 8 - 1 = 7 TB/s.
  // Level 0 moves all 2.5 GB: 2.5/7 ms = 0.357 ms; level 1 moves 0.5 GB: 0.5 ms -> case 2 (stall)...
  // Make L1 the faster one instead: it holds 0.1 GB -> 0.1 ms < 0.357 ms: case 1, hidden.
  const auto r = chain({{terabytesPerSecond(8), Seconds(), gigabytes(2.4)},
                               {terabytesPerSecond(1), Seconds(), gigabytes(0.1)}});
  EXPECT_NEAR(r.time.value(), 2.5e9 / 7e12, 1e-12);
  EXPECT_EQ(r.boundLevel, 0);
}

TEST(Eq5, Case2DeeperLevelStalls) {
  // L1 holds 2 GB at 1 TB/s: 2 ms, more than the on-chip level's 2.5 GB / 7 TB/s = 0.357 ms.
  const auto r = chain({{terabytesPerSecond(8), Seconds(), gigabytes(0.5)},
                               {terabytesPerSecond(1), nanoseconds(100), gigabytes(2)}});
  EXPECT_NEAR(r.time.value(), 100e-9 + 2e9 / 1e12, 1e-12);
  EXPECT_EQ(r.boundLevel, 1);
}

TEST(Eq5, ThreeLevelsHandComputed) {
  // Peaks 24, 3 (HBM share), 0.75 (HBF share) TB/s; bytes stored 1, 10, 4 GB (15 GB in all).
  // B_eff: HBF 0.75, HBM 3 - 0.75 = 2.25, on-chip 24 - 2.25 = 21.75.
  // Terms: 15/21.75 = 0.6897 ms, 14/2.25 = 6.222 ms, 4/0.75 = 5.333 ms -> 6.222 ms, bound at L1.
  const auto r = chain({{terabytesPerSecond(24), Seconds(), gigabytes(1)},
                               {terabytesPerSecond(3), Seconds(), gigabytes(10)},
                               {terabytesPerSecond(0.75), Seconds(), gigabytes(4)}});
  EXPECT_NEAR(r.time.value(), 14e9 / 2.25e12, 1e-12);
  EXPECT_EQ(r.boundLevel, 1);
}

TEST(Eq5, UnusedDeeperLevelsTakeNoBandwidth) {
  // Nothing is stored in the HBF, so HBM keeps its whole 4 TB/s.
  const auto r = chain({{terabytesPerSecond(24), Seconds(), Bytes()},
                               {terabytesPerSecond(4), Seconds(), gigabytes(8)},
                               {terabytesPerSecond(1), Seconds(), Bytes()}});
  EXPECT_NEAR(r.time.value(), 8e9 / 4e12, 1e-12);
}

TEST(Eq5, ALevelWithoutBandwidthIsInfeasible) {
  const auto r = chain({{terabytesPerSecond(4), Seconds(), gigabytes(1)},
                               {gigabytesPerSecond(100), Seconds(), gigabytes(1)},
                               {gigabytesPerSecond(100), Seconds(), gigabytes(1)}});
  EXPECT_FALSE(r.feasible);
  EXPECT_EQ(r.boundLevel, 1);
  EXPECT_NE(r.reason.find("Eq. 2"), std::string::npos);
}

TEST(Eq5, NothingToMoveTakesNoTime) {
  const auto r = chain({{terabytesPerSecond(4), nanoseconds(5), Bytes()}});
  EXPECT_EQ(r.time.value(), 0.0);
  EXPECT_EQ(r.boundLevel, -1);
}
