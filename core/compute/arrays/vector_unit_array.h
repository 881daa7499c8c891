// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/arrays/array_spec.h"
#include "core/compute/compute_unit.h"

namespace llmwb {

/// Cycle model of `arrays` DUET vector-unit arrays.
/// GEMV / small GEMM: every output is a dot product of length K on one unit: ceil(K / W) MAC cycles
/// plus a reduction tree of ceil(log2 W); outputs are spread over all units in rounds. The weights
/// stream from SRAM once per `bufferedInputs` input vectors, which bounds large-M GEMMs.
/// SSM decode (token by token): each step updates sequences x channels x N state elements with
/// `macsPerUpdate` operations on W lanes per unit, then reduces C x state over the tree and the
/// scalar MAC chain joining the N / W units of a wide state.
class VectorUnitArray final : public ComputeUnit {
public:
  explicit VectorUnitArray(VectorArraySpec spec) : mSpec(spec) {}
  std::string describe() const override;
  FlopsPerSecond peakMatrixFlops(int operandBits) const override;
  FlopsPerSecond peakVectorOps() const override;
  GemmTiling tiling() const override;
  Seconds gemmTime(const GemmShape& shape, int operandBits) const override;
  Seconds vectorTime(double elementOps) const override;
  Seconds scanTime(const ScanWork& scan) const override;

  double dotProductCycles(double k) const;
  /// Cycles of one SSM step (all sequences, one token) on the device.
  double ssmStepCycles(const ScanWork& scan) const;
  const VectorArraySpec& spec() const { return mSpec; }

private:
  double totalUnits() const { return double(mSpec.units()) * mSpec.arrays; }
  VectorArraySpec mSpec;
};

} // namespace llmwb
