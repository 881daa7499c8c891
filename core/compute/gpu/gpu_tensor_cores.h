// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/gpu/gpu_spec.h"

namespace llmwb {

/// A GPU's tensor cores at a fixed fraction of the datasheet peak for the operand width, with
/// shapes padded to the MMA granularity (16 x 8 x 16); element-wise work on the CUDA cores.
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
  std::vector<std::pair<std::string, FlopsPerSecond>> ceilings(int operandBits) const override {
    return {{"tensor cores", peakMatrixFlops(operandBits)}, {"CUDA cores (FP32)", peakVectorOps()}};
  }

private:
  GpuComputeSpec mSpec;
};

} // namespace llmwb
