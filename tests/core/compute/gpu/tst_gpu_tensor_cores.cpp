// SPDX-License-Identifier: GPL-3.0-or-later
// GEMM efficiency as a function of shape (issue 14): output tiles in waves over the SMs, split-K
// when the tiles leave SMs idle, attention at the 16-bit rate, a fixed overhead per kernel. Every
// expected value is worked out by hand from the toy GPU below.
#include "core/compute/gpu/gpu_tensor_cores.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
// 1,000 TFLOP/s dense 16-bit (500 T MAC/s), 70 % on large GEMMs, 100 SMs, 128 x 256 tiles.
GpuComputeSpec toyGpu(int sms = 100) {
  GpuComputeSpec s;
  s.tensorPeak16 = units::teraflopsPerSecond(1000);
  s.tensorPeak8 = units::teraflopsPerSecond(2000);
  s.vectorPeak = units::teraflopsPerSecond(60);
  s.matmulEfficiency = 0.7;
  s.smCount = sms;
  s.gemmTileM = 128;
  s.gemmTileN = 256;
  s.splitMinDepth = 512;
  s.kernelOverhead = units::microseconds(3);
  s.attentionBits = 16;
  return s;
}
GemmShape gemm(double m, double k, double n, double instances = 1) { return {m, k, n, instances, false}; }
} // namespace

TEST(GpuGemm, LargeAlignedGemmFillsWholeWavesAtTheMatmulEfficiency) {
  // 12,800 x 2,560 outputs = 100 x 10 tiles = 1,000 tiles = 10 full waves over 100 SMs.
  const GpuTensorCores gpu(toyGpu());
  const auto p = gpu.plan(gemm(12800, 4096, 2560), 16);
  EXPECT_DOUBLE_EQ(p.tiles, 1000);
  EXPECT_DOUBLE_EQ(p.split, 1);
  EXPECT_DOUBLE_EQ(p.waves, 10);
  EXPECT_NEAR(gpu.gemmEfficiency(gemm(12800, 4096, 2560), 16), 0.7, 1e-12);
  // time = 10 waves x 128 x 256 x 4096 MACs at 0.7 x 500e12 / 100 MAC/s per SM
  EXPECT_NEAR(p.time.value(), 10.0 * 128 * 256 * 4096 / (0.7 * 500e12 / 100), 1e-15);
}

TEST(GpuGemm, TileMisalignedGemmPaysForAPartlyEmptyTile) {
  // One row more: 101 row tiles x 10 = 1,010 tiles, 11 waves, of which the last is 10 % full and
  // the extra row tile holds 1 of 128 rows.
  const GpuTensorCores gpu(toyGpu());
  EXPECT_DOUBLE_EQ(gpu.plan(gemm(12801, 4096, 2560), 16).waves, 11);
  EXPECT_NEAR(gpu.gemmEfficiency(gemm(12801, 4096, 2560), 16), 0.7 * (12801.0 * 2560) / (11.0 * 100 * 128 * 256), 1e-12);
  EXPECT_LT(gpu.gemmEfficiency(gemm(12801, 4096, 2560), 16), 0.64);
}

TEST(GpuGemm, WaveQuantisationCostsWhenTilesOverflowAWave) {
  // 12,928 rows = 101 full row tiles: 1,010 whole tiles still take 11 waves (1,100 SM slots).
  const GpuTensorCores gpu(toyGpu());
  EXPECT_NEAR(gpu.gemmEfficiency(gemm(12928, 4096, 2560), 16), 0.7 * 1010.0 / 1100.0, 1e-12);
  // The SMs are busy (and draw dynamic power) for 1,010 of the 1,100 tile slots.
  EXPECT_NEAR(gpu.gemmBusyTime(gemm(12928, 4096, 2560), 16).value(),
              gpu.gemmTime(gemm(12928, 4096, 2560), 16).value() * 1010.0 / 1100.0, 1e-15);
}

TEST(GpuGemm, SkinnyGemmUsesSmallTilesAndSplitK) {
  // Decode at batch 8: 8 x 8192 x 8192. Tiles of 16 rows (the smallest power of two from 16 that
  // holds 8), 8192 / 256 = 32 column tiles; 32 tiles leave 68 SMs idle, so K splits
  // min(floor(100 / 32), floor(8192 / 512)) = 3 ways: 96 pieces, one wave.
  const GpuTensorCores gpu(toyGpu());
  const auto p = gpu.plan(gemm(8, 8192, 8192), 16);
  EXPECT_DOUBLE_EQ(p.tileM, 16);
  EXPECT_DOUBLE_EQ(p.tiles, 32);
  EXPECT_DOUBLE_EQ(p.split, 3);
  EXPECT_DOUBLE_EQ(p.waves, 1);
  // useful 8 x 8192 x 8192 MACs against 100 SMs x 16 x 256 x 8192/3 MACs of time
  EXPECT_NEAR(gpu.gemmEfficiency(gemm(8, 8192, 8192), 16), 0.7 * (8.0 * 8192 * 3) / (100.0 * 16 * 256), 1e-12);
  EXPECT_NEAR(gpu.gemmEfficiency(gemm(8, 8192, 8192), 16), 0.336, 1e-12);
  // Tall tiles only for tall GEMMs: 100 rows take a 128-row tile, 64 rows a 64-row one.
  EXPECT_DOUBLE_EQ(gpu.plan(gemm(100, 4096, 4096), 16).tileM, 128);
  EXPECT_DOUBLE_EQ(gpu.plan(gemm(64, 4096, 4096), 16).tileM, 64);
}

TEST(GpuGemm, NarrowGemmUsesANarrowTile) {
  // Attention's P V at a 128-wide head dimension: 12,800 x 4096 x 128 takes 128-wide tiles (the
  // smallest power of two from 16 that holds 128), 100 x 1 = 100 tiles, one full wave, at the full
  // efficiency; a 256-wide tile would leave half of every tile empty (0.35). Wide GEMMs keep the
  // full tile, and a 100-column product takes a 128-wide one.
  const GpuTensorCores gpu(toyGpu());
  const auto p = gpu.plan(gemm(12800, 4096, 128), 16);
  EXPECT_DOUBLE_EQ(p.tileN, 128);
  EXPECT_DOUBLE_EQ(p.tiles, 100);
  EXPECT_DOUBLE_EQ(p.waves, 1);
  EXPECT_NEAR(gpu.gemmEfficiency(gemm(12800, 4096, 128), 16), 0.7, 1e-12);
  EXPECT_DOUBLE_EQ(gpu.plan(gemm(12800, 4096, 2560), 16).tileN, 256);
  EXPECT_DOUBLE_EQ(gpu.plan(gemm(12800, 4096, 100), 16).tileN, 128);
}

TEST(GpuGemm, WithoutAnSmCountEveryGemmRunsAtTheFlatEfficiency) {
  // The flat model pads to the MMA (16 x 8 x 16) and nothing else: 8 rows count as 16.
  const GpuTensorCores gpu(toyGpu(0));
  EXPECT_NEAR(gpu.gemmEfficiency(gemm(12801, 4096, 2560), 16), 0.7 * 12801.0 / 12816.0, 1e-12);
  EXPECT_NEAR(gpu.gemmEfficiency(gemm(8, 8192, 8192), 16), 0.35, 1e-12);
  Operator op;
  op.gemms = {gemm(8, 8192, 8192)};
  EXPECT_DOUBLE_EQ(GpuTensorCores(GpuComputeSpec{}).kernelOverhead(op, 16).value(), 0.0);
}

TEST(GpuGemm, AttentionRunsAtTheSixteenBitRate) {
  const GpuTensorCores gpu(toyGpu());
  EXPECT_EQ(gpu.matrixOperandBits(OperatorClass::Attention, 8), 16);
  EXPECT_EQ(gpu.matrixOperandBits(OperatorClass::Projection, 8), 8);
  // An FP8 GEMM takes half the time of the same GEMM at 16 bits.
  EXPECT_NEAR(gpu.gemmTime(gemm(12800, 4096, 2560), 8).value() * 2, gpu.gemmTime(gemm(12800, 4096, 2560), 16).value(), 1e-15);
}

TEST(GpuKernels, EveryOperatorPaysALaunchAndASplitOneItsReduction) {
  const GpuTensorCores gpu(toyGpu());
  Operator big;
  big.gemms = {gemm(12800, 4096, 2560)};
  EXPECT_NEAR(gpu.kernelOverhead(big, 16).value(), 3e-6, 1e-18);
  Operator skinny; // split-K 3 ways (above): a second, reduction kernel
  skinny.gemms = {gemm(8, 8192, 8192)};
  EXPECT_NEAR(gpu.kernelOverhead(skinny, 16).value(), 6e-6, 1e-18);
  Operator norm; // element-wise work is a kernel too
  norm.vectorOps = 1e6;
  EXPECT_NEAR(gpu.kernelOverhead(norm, 16).value(), 3e-6, 1e-18);
}
