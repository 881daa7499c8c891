// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A chiplet-package device is described by its package alone: the spec stores no compute and no
// memory for it. They are what the package resolves into (core/package/package.h), derived here
// when a model is built (DeviceModel) or a view needs them; nothing keeps a second copy in step.

#include "core/device/device_spec.h"

namespace llmwb {

/// The device with `compute` and `memory` filled from its package; other devices unchanged.
DeviceSpec resolvedDevice(DeviceSpec device);

/// The device's compute: its own, or what its package resolves into.
ComputeSpec deviceCompute(const DeviceSpec& device);

/// The device's memory: a reference to its own, or its package's resolved into `scratch`.
const MemoryHierarchy& deviceMemory(const DeviceSpec& device, MemoryHierarchy& scratch);

} // namespace llmwb
