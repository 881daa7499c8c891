// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/compute_power.h"

namespace llmwb {

// Calibrated once: (300.1 W - Base's memory peak power) / (uncalibrated Base compute power).
// Base memory peak with the shipped presets: SRAM 0.25 GiB x 10 W/GiB + 4 TB/s x 0.1 pJ/bit, and
// HBM3E x4: 96 GiB x 75 mW/GiB + 4 TB/s x 3 pJ/bit (the TDP convention of perf/device_model.cpp).
// Recompute with `llmwb-cli calibrate` if a memory preset changes; tst_calibration checks it.
const double kPlenaPowerCalibration = 0.7327;

Watts plenaPeakComputePower(const PlenaComputeSpec& spec) {
  const double ghz = spec.frequency.value() / 1e9;
  const double milliwatts = kPlenaMilliwattsPerMac * spec.mlen * spec.blen + kPlenaMilliwattsPerLane * spec.vlen;
  return units::milliwatts(milliwatts * ghz * kPlenaPowerCalibration);
}

} // namespace llmwb
