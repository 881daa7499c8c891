// SPDX-License-Identifier: GPL-3.0-or-later
// PLENA tile cycle model against hand-computed cases (perf_model.py, main branch: M_MM = BLEN).
#include "core/compute/plena/plena_engine.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
PlenaEngine engine(int mlen, int blen, int vlen) { return PlenaEngine(PlenaComputeSpec{mlen, blen, vlen, units::gigahertz(1)}); }
} // namespace

TEST(PlenaEngine, GemmCyclesAreTilesTimesBlen) {
  const auto e = engine(2048, 128, 2048);
  // [4096 x 8192] x [8192 x 10240]: 32 x 4 x 80 tiles x 128 cycles
  EXPECT_DOUBLE_EQ(e.gemmCycles({4096, 8192, 10240, 1, false}), 32.0 * 4 * 80 * 128);
  // Partial tiles round up: M = 130 needs two row tiles.
  EXPECT_DOUBLE_EQ(e.gemmCycles({130, 2048, 128, 1, false}), 2.0 * 1 * 1 * 128);
}

TEST(PlenaEngine, GemvUsesOneRowTileSoSmallBatchesUnderuse) {
  const auto e = engine(2048, 128, 2048);
  // Batch 1 and batch 128 cost the same: ceil(K/MLEN) x ceil(N/BLEN) x BLEN
  EXPECT_DOUBLE_EQ(e.gemmCycles({1, 8192, 28672, 1, false}), 4.0 * 224 * 128);
  EXPECT_DOUBLE_EQ(e.gemmCycles({128, 8192, 28672, 1, false}), 4.0 * 224 * 128);
  // At batch 1 the array consumes MLEN weights per cycle.
  EXPECT_DOUBLE_EQ(8192.0 * 28672 / e.gemmCycles({1, 8192, 28672, 1, false}), 2048.0);
}

TEST(PlenaEngine, AttentionHeadsPackAlongMlen) {
  const auto e = engine(2048, 128, 2048);
  // 8 KV heads with head_dim 128: 16 fit along MLEN, so one packed instance.
  EXPECT_DOUBLE_EQ(e.gemmCycles({8, 128, 1000, 8, true}), 1.0 * 1 * 8 * 128);
  EXPECT_DOUBLE_EQ(e.gemmCycles({8, 128, 1000, 8, false}), 8.0 * 1 * 8 * 128);
}

TEST(PlenaEngine, PeakAndVectorRates) {
  const auto e = engine(2048, 256, 2048);
  EXPECT_DOUBLE_EQ(units::inMacsPerSecond(e.peakMatrixFlops(8)), 2048.0 * 256 * 1e9);
  EXPECT_DOUBLE_EQ(e.vectorTime(2048 * 10).value(), 10e-9);
  EXPECT_DOUBLE_EQ(e.vectorTime(2049).value(), 2e-9);
}

TEST(PlenaEngine, ScanRunsTokenByTokenOnTheVectorUnit) {
  const auto e = engine(2048, 128, 2048);
  ScanWork s{1, 10, 1024, 64, 1, 3}; // 10 steps of 1024 x 64 x 3 = 196608 MACs -> 96 cycles each
  EXPECT_DOUBLE_EQ(e.scanTime(s).value(), 10 * 96e-9);
}
