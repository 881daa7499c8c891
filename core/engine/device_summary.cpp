// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/device_summary.h"

#include "core/compute/compute_kind.h"
#include "core/package/package.h"

namespace llmwb::engine {

DeviceSummary summariseDevice(DeviceRole role, int count, const DeviceModel& device, bool descriptive) {
  const auto& spec = device.spec();
  DeviceSummary s;
  s.id = spec.id;
  s.name = spec.name;
  s.role = std::string(toString(role));
  s.count = count;
  if (descriptive) {
    s.compute = device.compute().describe();
    std::string memory = "on-chip " + spec.memory.onChip.describe();
    for (std::size_t i = 0; i < spec.memory.offChip.size(); ++i)
      memory += ", L" + std::to_string(i + 1) + " " + spec.memory.offChip[i].describe();
    s.memory = memory;
    s.strategy = spec.strategy.describe();
    s.quantisation = spec.quantisation.describe();
  }
  s.peakFlops = device.peakFlops();
  s.memoryCapacity = spec.memory.offChip.empty() ? spec.memory.onChip.capacity() : spec.memory.offChipCapacity();
  s.onChipCapacity = spec.memory.onChip.capacity();
  s.memoryBandwidth = spec.memory.peakBandwidth();
  s.tdp = device.tdp();
  if (auto a = spec.compute.kind().area(spec.compute)) s.area = *a;
  const auto shoreline = spec.memory.checkShoreline();
  s.shorelineUsed = shoreline.required;
  s.shorelineAvailable = shoreline.available;
  if (!shoreline.feasible && !spec.power.datasheetTdp && !spec.package) s.violations.push_back(shoreline.reason);
  if (const PackageReport* resolved = spec.package ? device.package() : nullptr) {
    const auto& report = *resolved; // as the model resolved it: once per evaluation
    s.chipletArea = report.chiplet.total;
    s.chipletCap = report.chipletCap;
    s.interposerArea = report.interposerArea;
    s.interposerLimit = report.interposerLimit;
    s.computeChiplets = spec.package->computeChiplets;
    s.systolicPerChiplet = report.systolicPerChiplet;
    s.vectorPerChiplet = report.vectorPerChiplet;
    for (const auto& v : report.violations) s.violations.push_back("package: " + v);
  }
  if (spec.memory.onChip.empty()) s.violations.push_back("no on-chip memory: the compute has nowhere to stage data");
  return s;
}

} // namespace llmwb::engine
