// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/plena/plena_spec.h"

namespace llmwb {

/// PLENA bottom-up compute power (AICrossSim PLENA, tools/power/plena_isa_energy.py, 7 nm at 1 GHz):
/// the matrix unit draws 1 mW per MAC unit (MLEN x BLEN) and the vector unit 0.5 mW per lane, both
/// proportional to frequency. One calibration factor, shared by every PLENA-style device, scales
/// the sum so that MemExplorer Table 6 "Base" (2048x128, VLEN 2048, SRAM x1, HBM3E x4) has its
/// published TDP of 300.1 W (see kPlenaPowerCalibration and tests/core/engine/tst_calibration).
inline constexpr double kPlenaMilliwattsPerMac = 1.0;
inline constexpr double kPlenaMilliwattsPerLane = 0.5;
extern const double kPlenaPowerCalibration;

/// Peak (all units busy) power of the compute of one PLENA core.
Watts plenaPeakComputePower(const PlenaComputeSpec& spec);

} // namespace llmwb
