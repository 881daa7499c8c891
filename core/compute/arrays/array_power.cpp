// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/arrays/array_power.h"

namespace llmwb {

Watts arrayPeakComputePower(const ArrayComputeSpec& spec) {
  Watts total;
  if (spec.systolic) {
    const auto& s = *spec.systolic;
    total += units::milliwatts(kDuetSystolicArrayMilliwatts * (double(s.rows) * s.cols / (64 * 32)) * s.arrays *
                               (units::inMegahertz(s.frequency) / kDuetSynthesisMegahertz));
  }
  if (spec.vector) {
    const auto& v = *spec.vector;
    total += units::milliwatts(kDuetVectorArrayMilliwatts * (double(v.lanes()) / (32 * 16 * 8)) * v.arrays *
                               (units::inMegahertz(v.frequency) / kDuetSynthesisMegahertz));
  }
  return total;
}

} // namespace llmwb
