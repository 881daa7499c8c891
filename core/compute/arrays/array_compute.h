// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/arrays/systolic_array.h"
#include "core/compute/arrays/vector_unit_array.h"

#include <optional>

namespace llmwb {

/// DUET arrays of one or both kinds in one device. When both are present each piece of work is
/// split between them in proportion to their speed on it, so the combined time is
/// 1 / (1 / t_systolic + 1 / t_vector) (DUET 4.3: the aggregated systems use both kinds
/// opportunistically).
class ArrayCompute final : public ComputeUnit {
public:
  explicit ArrayCompute(const ArrayComputeSpec& spec);
  std::string describe() const override;
  FlopsPerSecond peakMatrixFlops(int operandBits) const override;
  FlopsPerSecond peakVectorOps() const override;
  GemmTiling tiling() const override;
  Seconds gemmTime(const GemmShape& shape, int operandBits) const override;
  Seconds vectorTime(double elementOps) const override;
  Seconds scanTime(const ScanWork& scan) const override;
  std::vector<std::pair<std::string, FlopsPerSecond>> ceilings(int operandBits) const override;

private:
  template <typename F>
  Seconds shared(F time) const;

  std::optional<SystolicArrayUnit> mSystolic;
  std::optional<VectorUnitArray> mVector;
};

} // namespace llmwb
