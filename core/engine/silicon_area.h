// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The silicon area of a system, for throughput per area (NpuSim 5.5, Fig. 12/14): the sum over
// device groups of each device's modelled area (the compute kind's or the engine's: NMP logic
// dies, NpuSim cores of the group's pool) or, for a chiplet package, its interposer, times the
// group's count. A system with a device that has none has no total; the reason names the device.

#include "core/engine/result.h"

#include <string>
#include <vector>

namespace llmwb::engine {

struct SiliconArea {
  SquareMillimeters total; ///< 0 when `missing` is set
  std::string missing;     ///< "NVIDIA H100 80GB SXM: ...", one clause per device without an area
};

SiliconArea siliconArea(const std::vector<DeviceSummary>& devices);

/// `rate` per mm² of `area`; 0 without an area or a positive rate.
double perSquareMillimeter(double rate, SquareMillimeters area);

} // namespace llmwb::engine
