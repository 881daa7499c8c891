// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/compute_unit.h"
#include "core/units/quantity.h"

namespace llmwb {

/// A GPU as a compute unit: datasheet tensor peaks per operand width, the CUDA-core rate for
/// element-wise work, and the fraction of the peak a well-tuned kernel reaches. When the tensor-core
/// geometry is given (cores x an m x n x k MMA per cycle at `frequency`), it sets the 16-bit peak
/// (DUET Table 3 models B200 as 640 cores of 8 x 8 x 16 at 1.8 GHz). Fields: gpu/gpu_kind.cpp.
struct GpuComputeSpec {
  static constexpr const char* kKind = "gpu";
  int tensorCores = 0;          ///< 0: use tensorPeak16 as given
  int mmaM = 8, mmaN = 8, mmaK = 16;
  Hertz frequency = units::gigahertz(1.8);
  FlopsPerSecond tensorPeak16; ///< dense FP16/BF16
  FlopsPerSecond tensorPeak8;  ///< dense FP8 or INT8 (0: falls back to 16-bit)
  FlopsPerSecond tensorPeak4;  ///< dense FP4 (0: falls back to 8-bit)
  FlopsPerSecond vectorPeak;   ///< FP32 CUDA-core FLOP/s
  double matmulEfficiency = 0.7; ///< achieved / peak on large GEMMs (assumption)
  /// Achieved / peak on large GEMMs with 8-bit operands; 0: matmulEfficiency. FP8 GEMMs reach a
  /// smaller share of their (doubled) peak than 16-bit ones: each K step is half as long, so the
  /// same loads, scaling and epilogue weigh twice as much.
  double matmulEfficiency8 = 0;
  double efficiencyAt(int operandBits) const {
    return operandBits <= 8 && matmulEfficiency8 > 0 ? matmulEfficiency8 : matmulEfficiency;
  }
  /// Streaming multiprocessors. With it a GEMM runs as output tiles (gemmTileM x gemmTileN) in
  /// waves over the SMs (tile and wave quantisation, split-K when the tiles leave SMs idle);
  /// 0: the flat model, every MAC at matmulEfficiency of the peak.
  int smCount = 0;
  double gemmTileM = 128; ///< output rows per tile (a GEMM with fewer rows: the smallest power of two >= 16 that holds them)
  double gemmTileN = 128; ///< output columns per tile
  /// Least reduction depth one split of a split-K GEMM (or of a split-KV decode attention) keeps.
  double splitMinDepth = 512;
  Seconds kernelOverhead; ///< fixed time per kernel (launch, ramp-up, drain); 0: none
  /// Attention (QK^T, PV) runs at the tensor rate of at least this operand width; 0: the device's.
  int attentionBits = 0;
  GemmTiling tile{1024, 1024, 64, 1024}; ///< L2-resident super-tile that sets DRAM re-reads (assumption)

  /// The 16-bit peak the tensor-core geometry gives (tensorCores > 0).
  void setPeakFromGeometry() {
    if (tensorCores > 0) tensorPeak16 = units::macsPerSecond(double(tensorCores) * mmaM * mmaN * mmaK * frequency.value());
  }
};

} // namespace llmwb
