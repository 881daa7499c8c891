// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A chiplet-package device is described by its package alone: the spec stores no compute and no
// memory for it. They are what the package resolves into (core/package/package.h), derived here
// when a model is built (DeviceModel) or a view needs them; nothing keeps a second copy in step.
// Likewise a compute kind may set its device's memory (ComputeKind::derivedMemory: an NpuSim
// chip's per-core SRAM and HBM): every engine and view then sees that one memory.

#include "core/device/device_spec.h"

namespace llmwb {

struct PackageReport;

/// The device with `compute` and `memory` filled from its package, or `memory` from its compute
/// kind when the kind derives it; other devices unchanged. `report` (optional) takes the package's
/// report (areas, arrays per chiplet, violations) so that nothing resolves it a second time.
DeviceSpec resolvedDevice(DeviceSpec device, PackageReport* report = nullptr);

/// The device's compute: its own, or what its package resolves into.
ComputeSpec deviceCompute(const DeviceSpec& device);

/// The device's memory: a reference to its own, or its package's (its compute kind's) resolved into `scratch`.
const MemoryHierarchy& deviceMemory(const DeviceSpec& device, MemoryHierarchy& scratch);

/// Why the device's memory hierarchy is not edited directly (a package's, or one its compute kind
/// derives, with where to edit instead); empty when it is the device's own.
std::string memoryLockReason(const DeviceSpec& device);

} // namespace llmwb
