// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/device/resolved_device.h"

#include "core/compute/compute_kind.h"
#include "core/package/package.h"

namespace llmwb {

DeviceSpec resolvedDevice(DeviceSpec device, PackageReport* report) {
  if (device.package) {
    device.memory = {};
    PackageReport resolved = resolvePackage(*device.package, device.memory);
    device.compute = resolved.compute;
    if (report) *report = std::move(resolved);
  } else if (auto derived = device.compute.kind().derivedMemory(device.compute, device.memory)) {
    device.memory = std::move(*derived);
  }
  return device;
}

ComputeSpec deviceCompute(const DeviceSpec& device) {
  return device.package ? ComputeSpec(packageCompute(*device.package)) : device.compute;
}

const MemoryHierarchy& deviceMemory(const DeviceSpec& device, MemoryHierarchy& scratch) {
  if (device.package) {
    scratch = {};
    resolvePackage(*device.package, scratch);
    return scratch;
  }
  if (auto derived = device.compute.kind().derivedMemory(device.compute, device.memory)) {
    scratch = std::move(*derived);
    return scratch;
  }
  return device.memory;
}

std::string memoryLockReason(const DeviceSpec& device) {
  if (device.package) return "a chiplet package's memory follows the package: edit it in the Package tab";
  return device.compute.kind().derivedMemoryReason();
}

} // namespace llmwb
