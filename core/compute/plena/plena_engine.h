// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/compute_unit.h"
#include "core/compute/plena/plena_spec.h"

namespace llmwb {

/// Tiling-aware cycle model of a PLENA core (PLENA_Simulator analytic perf_model.py, main branch):
/// one matrix instruction M_MM multiplies a BLEN x MLEN activation tile by an MLEN x BLEN weight
/// tile in BLEN pipelined cycles, so GEMM [M,K]x[K,N] takes ceil(M/BLEN) ceil(K/MLEN) ceil(N/BLEN)
/// BLEN cycles; GEMV (M <= BLEN) is the same formula, so small batches under-use the BLEN rows.
/// Attention heads whose dimension is shorter than MLEN are packed along MLEN (M_BTMM).
/// Vector work takes one cycle per VLEN elements per operation.
class PlenaEngine final : public ComputeUnit {
public:
  explicit PlenaEngine(PlenaComputeSpec spec) : mSpec(spec) {}
  std::string describe() const override;
  FlopsPerSecond peakMatrixFlops(int operandBits) const override;
  FlopsPerSecond peakVectorOps() const override;
  GemmTiling tiling() const override;
  Seconds gemmTime(const GemmShape& shape, int operandBits) const override;
  Seconds vectorTime(double elementOps) const override;
  Seconds scanTime(const ScanWork& scan) const override;
  std::vector<std::pair<std::string, FlopsPerSecond>> ceilings(int operandBits) const override {
    return {{"matrix engine", peakMatrixFlops(operandBits)}, {"vector unit", peakVectorOps()}};
  }

  double gemmCycles(const GemmShape& shape) const;
  const PlenaComputeSpec& spec() const { return mSpec; }

private:
  PlenaComputeSpec mSpec;
};

} // namespace llmwb
