// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/arrays/array_spec.h"

namespace llmwb {

/// DUET Table 5 (TSMC 28 nm, at 763 MHz): a 64 x 32 systolic array draws 935 mW and a 32-wide
/// 16 x 8 vector-unit array 3446 mW. Scaled by array size (PEs or lanes), count and frequency.
inline constexpr double kDuetSystolicArrayMilliwatts = 935.0;
inline constexpr double kDuetVectorArrayMilliwatts = 3446.0;
inline constexpr double kDuetSynthesisMegahertz = 763.0;
Watts arrayPeakComputePower(const ArrayComputeSpec& spec);

} // namespace llmwb
