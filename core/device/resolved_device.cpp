// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/device/resolved_device.h"

#include "core/package/package.h"

namespace llmwb {

DeviceSpec resolvedDevice(DeviceSpec device) {
  if (device.package) {
    device.memory = {};
    device.compute = resolvePackage(*device.package, device.memory).compute;
  }
  return device;
}

ComputeSpec deviceCompute(const DeviceSpec& device) {
  return device.package ? ComputeSpec(packageCompute(*device.package)) : device.compute;
}

const MemoryHierarchy& deviceMemory(const DeviceSpec& device, MemoryHierarchy& scratch) {
  if (!device.package) return device.memory;
  scratch = {};
  resolvePackage(*device.package, scratch);
  return scratch;
}

} // namespace llmwb
