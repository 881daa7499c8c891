// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/device/device_model.h"
#include "core/engine/result.h"
#include "core/system/system_spec.h"

namespace llmwb::engine {

/// The summary card of a device group: compute, memory, strategy, peaks, TDP, package areas, and
/// the physical bounds it breaks. Engines that model a device the usual way share it.
/// Without `descriptive`, the text fields (compute, memory, strategy, quantisation) stay empty.
DeviceSummary summariseDevice(DeviceRole role, int count, const DeviceModel& device, bool descriptive = true);

} // namespace llmwb::engine
