// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/gpu/gpu_spec.h"

namespace llmwb {

/// How one GEMM runs on a GPU's SMs (GpuComputeSpec::smCount > 0): output tiles of tileM x tileN,
/// each instance (head, expert) tiled on its own; when the tiles leave SMs idle the reduction is
/// split (split-K; for decode attention's P V, FlashDecoding's split over the KV length); the
/// tile-splits run in waves over the SMs, every SM at matmulEfficiency of its share of the peak.
struct GemmPlan {
  double tileM = 0, tileN = 0;
  double tiles = 0;  ///< output tiles, all instances
  double split = 1;  ///< pieces the reduction is split into
  double waves = 0;  ///< ceil(tiles x split / SMs)
  Seconds time;
};

/// A GPU's tensor cores at a fraction of the datasheet peak for the operand width; element-wise
/// work on the CUDA cores. Without an SM count every GEMM is padded to the MMA granularity
/// (16 x 8 x 16) and runs at the flat matmul efficiency; with one, tile and wave quantisation
/// (GemmPlan) set the time, and each operator pays a fixed kernel overhead.
class GpuTensorCores final : public ComputeUnit {
public:
  explicit GpuTensorCores(GpuComputeSpec spec) : mSpec(spec) {}
  std::string describe() const override;
  FlopsPerSecond peakMatrixFlops(int operandBits) const override;
  FlopsPerSecond peakVectorOps() const override { return mSpec.vectorPeak; }
  GemmTiling tiling() const override { return mSpec.tile; }
  Seconds gemmTime(const GemmShape& shape, int operandBits) const override;
  Seconds vectorTime(double elementOps) const override;
  Seconds scanTime(const ScanWork& scan) const override;
  Seconds gemmBusyTime(const GemmShape& shape, int operandBits) const override;
  int matrixOperandBits(OperatorClass cls, int operandBits) const override;
  Seconds kernelOverhead(const Operator& op, int operandBits) const override;
  std::vector<std::pair<std::string, FlopsPerSecond>> ceilings(int operandBits) const override {
    return {{"tensor cores", peakMatrixFlops(operandBits)}, {"CUDA cores (FP32)", peakVectorOps()}};
  }

  /// The tiles, split and waves of a GEMM (smCount > 0; otherwise one wave of the flat model).
  GemmPlan plan(const GemmShape& shape, int operandBits) const;
  /// Useful MACs over what the peak would do in the GEMM's time: matmulEfficiency for a large
  /// aligned GEMM that fills whole waves, less for skinny or tile-misaligned ones.
  double gemmEfficiency(const GemmShape& shape, int operandBits) const;

private:
  GpuComputeSpec mSpec;
};

} // namespace llmwb
