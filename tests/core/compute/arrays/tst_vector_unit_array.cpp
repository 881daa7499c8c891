// SPDX-License-Identifier: GPL-3.0-or-later
// The vector-unit array cycle models against hand-computed cases.
#include "core/compute/arrays/vector_unit_array.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
VectorUnitArray unit(int width, int rows, int cols, int arrays, double sramGBps = 1e6, int buffered = 1) {
  VectorArraySpec s;
  s.width = width;
  s.rows = rows;
  s.cols = cols;
  s.arrays = arrays;
  s.frequency = units::gigahertz(1);
  s.sramBandwidth = units::gigabytesPerSecond(sramGBps);
  s.bufferedInputs = buffered;
  return VectorUnitArray(s);
}
} // namespace

TEST(VectorGemv, DotProductIsKOverWPlusLogW) {
  // K = 4096 on a 32-wide unit: 128 MAC cycles + log2(32) = 5 reduction levels.
  EXPECT_DOUBLE_EQ(unit(32, 16, 8, 1).dotProductCycles(4096), 133);
  EXPECT_DOUBLE_EQ(unit(8, 4, 4, 1).dotProductCycles(100), 13 + 3);
}

TEST(VectorGemv, OutputsSpreadOverAllUnits) {
  // 1 x 4096 x 512 on 2 arrays of 16 x 8 units: 512 dot products on 256 units = 2 rounds of 133.
  EXPECT_DOUBLE_EQ(unit(32, 16, 8, 2).gemmTime({1, 4096, 512, 1, false}, 16).value(), 2 * 133e-9);
}

TEST(VectorGemm, WeightsStreamOncePerBufferedInput) {
  // 8 rows, one buffered input: the 4096 x 512 FP16 matrix (4 MiB) streams 8 times at 1024 GB/s.
  const double bytes = 4096.0 * 512 * 2 * 8;
  const auto t = unit(32, 16, 8, 1, 1024).gemmTime({8, 4096, 512, 1, false}, 16);
  EXPECT_DOUBLE_EQ(t.value(), bytes / 1024e9);
  const auto t2 = unit(32, 16, 8, 1, 1024, 2).gemmTime({8, 4096, 512, 1, false}, 16);
  EXPECT_DOUBLE_EQ(t2.value(), bytes / 2 / 1024e9);
}

TEST(VectorSsm, DecodeStepWithWideStateChain) {
  // One token, 4 sequences x 64 channels x 128 state x 3 MACs = 98,304 on 4 x 4 units of 8 lanes (128):
  // 768 cycles of updates, then log2(8) = 3 tree levels and a chain of 128 / 8 - 1 = 15 scalar MACs.
  ScanWork s{4, 1, 64, 128, 1, 3, 2};
  const auto u = unit(8, 4, 4, 1);
  EXPECT_DOUBLE_EQ(u.ssmStepCycles(s), 768 + 3 + 15);
  EXPECT_DOUBLE_EQ(u.scanTime(s).value(), 786e-9);
  s.tokens = 10; // token by token
  EXPECT_DOUBLE_EQ(u.scanTime(s).value(), 10 * 786e-9);
}

TEST(VectorArray, DuetDecodePackagePeak) {
  // 96 x 8 arrays of 32 x 16 x 8 lanes at 700 MHz = 2.20e15 MAC/s (DUET Table 3 "2.2 PFLOPS").
  VectorArraySpec s;
  s.arrays = 96 * 8;
  EXPECT_NEAR(units::inMacsPerSecond(VectorUnitArray(s).peakMatrixFlops(16)), 2.202e15, 1e12);
}
