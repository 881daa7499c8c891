// SPDX-License-Identifier: GPL-3.0-or-later
// The systolic-array cycle models against hand-computed cases.
#include "core/compute/arrays/systolic_array.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
SystolicArrayUnit unit(int rows, int cols, int arrays, double sramGBps = 1e6) {
  SystolicArraySpec s;
  s.rows = rows;
  s.cols = cols;
  s.arrays = arrays;
  s.frequency = units::gigahertz(1);
  s.sramBandwidth = units::gigabytesPerSecond(sramGBps);
  return SystolicArrayUnit(s);
}
} // namespace

TEST(SystolicGemm, OutputStationaryTileIsKPlusRPlusCMinus2) {
  // [128 x 100] x [100 x 64] on one 64 x 32 array: 2 x 2 tiles of 100 + 64 + 32 - 2 = 194 cycles.
  const auto u = unit(64, 32, 1);
  EXPECT_DOUBLE_EQ(u.gemmTime({128, 100, 64, 1, false}, 16).value(), 4 * 194e-9);
}

TEST(SystolicGemm, TilesSpreadOverArraysInWaves) {
  // 4 tiles on 3 arrays: two waves.
  EXPECT_DOUBLE_EQ(unit(64, 32, 3).gemmTime({128, 100, 64, 1, false}, 16).value(), 2 * 194e-9);
  EXPECT_DOUBLE_EQ(unit(64, 32, 4).gemmTime({128, 100, 64, 1, false}, 16).value(), 1 * 194e-9);
}

TEST(SystolicGemm, SramBandwidthBoundsBigArrays) {
  // 256 x 256, K = 1000, FP16: (256 + 256) x 1000 x 2 B = 1,024,000 B per tile; at 256 GB/s and
  // 1 GHz that is 4000 cycles, longer than the 1000 + 510 compute cycles.
  const auto u = unit(256, 256, 1, 256);
  EXPECT_DOUBLE_EQ(u.tileCycles(1000, 16), 1024000.0 / 256.0);
  EXPECT_DOUBLE_EQ(unit(64, 32, 1, 256).tileCycles(1000, 16), 1000 + 64 + 32 - 2); // 192 kB: 750 cycles
}

TEST(SystolicSsm, StateStationaryOneUpdateEveryThreeCycles) {
  // 2 sequences x 100 tokens, 128 channels x 64 state: per sequence 2 x 2 tiles; 8 tiles on 8 arrays,
  // each 3 x 100 + 64 + 32 = 396 cycles.
  ScanWork s{2, 100, 128, 64, 1, 3, 2};
  EXPECT_DOUBLE_EQ(unit(64, 32, 8).scanTime(s).value(), 396e-9);
  EXPECT_DOUBLE_EQ(unit(64, 32, 4).scanTime(s).value(), 2 * 396e-9);
}

TEST(SystolicSsm, StreamedParametersCanBindAtLowSramBandwidth) {
  // Per token a 256 x 256 tile streams 3 x 256 + 2 x 256 values of 2 B = 2560 B; at 256 B/cycle that
  // is 10 cycles per token instead of 3.
  ScanWork s{1, 1000, 256, 256, 1, 3, 2};
  EXPECT_DOUBLE_EQ(unit(256, 256, 1, 256).scanTime(s).value(), 1000 * 2560.0 / 256.0 * 1e-9);
}

TEST(SystolicArray, PeakCountsMacsTimesTwo) {
  // DUET prefill package: 192 x 16 arrays of 64 x 32 at 700 MHz = 4.40e15 MAC/s = 8.81e15 FLOP/s.
  SystolicArraySpec s;
  s.arrays = 192 * 16;
  const SystolicArrayUnit u(s);
  EXPECT_NEAR(units::inMacsPerSecond(u.peakMatrixFlops(16)), 4.404e15, 1e12);
  EXPECT_NEAR(u.peakMatrixFlops(16).value(), 8.808e15, 1e12);
}
