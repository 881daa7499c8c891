// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/arrays/array_spec.h"
#include "core/compute/compute_unit.h"

namespace llmwb {

/// Cycle model of `arrays` DUET systolic arrays working on independent tiles.
/// GEMM, output-stationary (SCALE-Sim v2 systolic_compute_os.py): an R x C tile of the output needs
/// K + R + C - 2 cycles, or longer when the array's SRAM cannot feed R x K + K x C operands in that
/// time; tiles are spread over the arrays in waves.
/// SSM, state-stationary (DUET 3.2): R channels x C state dimensions per tile, a fill of R + C
/// cycles, then one update per `ssmCyclesPerUpdate` cycles and token, each token streaming 3R + 2C
/// values (A-bar, u-bar, Du along rows; B, C along columns) from SRAM.
/// Element-wise work runs on the SFU column (R SFUs per array).
class SystolicArrayUnit final : public ComputeUnit {
public:
  explicit SystolicArrayUnit(SystolicArraySpec spec) : mSpec(spec) {}
  std::string describe() const override;
  FlopsPerSecond peakMatrixFlops(int operandBits) const override;
  FlopsPerSecond peakVectorOps() const override;
  GemmTiling tiling() const override;
  Seconds gemmTime(const GemmShape& shape, int operandBits) const override;
  Seconds vectorTime(double elementOps) const override;
  Seconds scanTime(const ScanWork& scan) const override;

  /// Cycles one output tile takes on one array, SRAM bandwidth included.
  double tileCycles(double k, int operandBits) const;
  const SystolicArraySpec& spec() const { return mSpec; }

private:
  SystolicArraySpec mSpec;
};

} // namespace llmwb
