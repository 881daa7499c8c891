// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/package/package.h"

#include "core/compute/arrays/array_power.h"

#include <atomic>
#include <cmath>
#include <cstdio>

namespace llmwb {

namespace {
int physFor(const PackageSpec& p) {
  if (p.computeChiplet.d2dPhys > 0) return p.computeChiplet.d2dPhys;
  return int(std::ceil(p.computeChiplet.d2dBandwidth / p.area.d2dPhyBandwidth - 1e-9));
}

ArrayComputeSpec perChiplet(const PackageSpec& p) {
  return {p.computeChiplet.systolic, p.computeChiplet.vector};
}

std::string mm2(SquareMillimeters a) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f mm^2", a.value());
  return text;
}
} // namespace

int maxArraysPerChiplet(const PackageSpec& p, bool systolic) {
  ArrayComputeSpec c = perChiplet(p);
  // Fixed parts: the other kind (if its count is fixed), PHYs; then add arrays until the cap.
  if (systolic && c.systolic) c.systolic->arrays = 0;
  if (!systolic && c.vector) c.vector->arrays = 0;
  if (c.systolic && c.systolic->arrays == ComputeChipletSpec::kFillChiplet) c.systolic->arrays = 0;
  if (c.vector && c.vector->arrays == ComputeChipletSpec::kFillChiplet) c.vector->arrays = 0;
  const double fixed = chipletArea(p.area, c, physFor(p)).total.value();
  const double per = (systolic ? (c.systolic ? systolicArrayArea(p.area, *c.systolic).value() : 0.0)
                               : (c.vector ? vectorArrayArea(p.area, *c.vector).value() : 0.0)) *
                     (1.0 + p.area.overhead);
  if (per <= 0) return 0;
  return std::max(0, int(std::floor((p.chipletAreaCap.value() - fixed) / per + 1e-9)));
}

PackageReport resolvePackage(const PackageSpec& p, MemoryHierarchy& memory) { return resolvePackage(p, p.sram, memory); }

namespace {
/// One compute chiplet's arrays with "fill" counts resolved.
ArrayComputeSpec filledChiplet(const PackageSpec& p) {
  ArrayComputeSpec chiplet = perChiplet(p);
  if (chiplet.systolic && chiplet.systolic->arrays == ComputeChipletSpec::kFillChiplet)
    chiplet.systolic->arrays = maxArraysPerChiplet(p, true);
  if (chiplet.vector && chiplet.vector->arrays == ComputeChipletSpec::kFillChiplet) {
    PackageSpec withSystolic = p;
    withSystolic.computeChiplet.systolic = chiplet.systolic;
    chiplet.vector->arrays = maxArraysPerChiplet(withSystolic, false);
  }
  return chiplet;
}

ArrayComputeSpec wholePackage(ArrayComputeSpec chiplet, int chiplets) {
  if (chiplet.systolic) chiplet.systolic->arrays *= chiplets;
  if (chiplet.vector) chiplet.vector->arrays *= chiplets;
  return chiplet;
}
} // namespace

ArrayComputeSpec packageCompute(const PackageSpec& p) { return wholePackage(filledChiplet(p), p.computeChiplets); }

namespace {
std::atomic<long long> gResolutions{0};
} // namespace

long long packageResolutions() { return gResolutions.load(std::memory_order_relaxed); }

PackageReport resolvePackage(const PackageSpec& p, const MemoryTechnology& sram, MemoryHierarchy& memory) {
  gResolutions.fetch_add(1, std::memory_order_relaxed);
  PackageReport r;
  r.chipletCap = p.chipletAreaCap;
  r.interposerLimit = p.interposerLimit;
  r.d2dPhysPerChiplet = physFor(p);

  const ArrayComputeSpec chiplet = filledChiplet(p);
  r.systolicPerChiplet = chiplet.systolic ? chiplet.systolic->arrays : 0;
  r.vectorPerChiplet = chiplet.vector ? chiplet.vector->arrays : 0;
  r.chiplet = chipletArea(p.area, chiplet, r.d2dPhysPerChiplet);

  if (r.chiplet.total > p.chipletAreaCap + SquareMillimeters(1e-9))
    r.violations.push_back("compute chiplet needs " + mm2(r.chiplet.total) + ", over the " + mm2(p.chipletAreaCap) + " cap");
  if (r.systolicPerChiplet + r.vectorPerChiplet == 0) r.violations.push_back("the compute chiplets hold no arrays");

  // Whole package: arrays of every compute chiplet.
  r.compute = wholePackage(chiplet, p.computeChiplets);
  r.computePower = arrayPeakComputePower(r.compute);
  r.noiBandwidth = p.computeChiplet.d2dBandwidth * double(p.computeChiplets);

  SquareMillimeters footprints = r.chiplet.total * double(p.computeChiplets) + p.memoryPhys.area * double(p.memoryPhys.count);
  int offPackage = 0;
  for (const auto& m : p.memory) {
    if (m.inPackage) footprints += m.footprint * double(m.part.count);
    else offPackage += m.part.count;
  }
  r.interposerArea = footprints * (1.0 + p.interposerSpacing);
  if (r.interposerArea > p.interposerLimit)
    r.violations.push_back("interposer needs " + mm2(r.interposerArea) + ", over the " + mm2(p.interposerLimit) + " limit");
  if (offPackage > p.memoryPhys.count * p.memoryPhys.devicesPerChiplet) {
    char text[160];
    std::snprintf(text, sizeof text, "%d off-package memory devices but %d memory-PHY chiplets drive only %d", offPackage,
                  p.memoryPhys.count, p.memoryPhys.count * p.memoryPhys.devicesPerChiplet);
    r.violations.push_back(text);
  }

  // Memory: every array buffer forms the on-chip level; all memory parts one off-chip level.
  memory.onChip.parts.clear();
  auto buffer = [&](Bytes capacity, BytesPerSecond bandwidth, int arrays, const char* what) {
    if (arrays <= 0) return;
    MemoryTechnology t = sram;
    t.id = sram.id + "-buffer";
    t.name = std::string(what) + " buffer";
    t.unitName = "array buffer";
    t.capacity = capacity;
    t.bandwidth = bandwidth;
    memory.onChip.parts.push_back({t, arrays});
  };
  if (r.compute.systolic) buffer(r.compute.systolic->sram, r.compute.systolic->sramBandwidth, r.compute.systolic->arrays, "systolic-array");
  if (r.compute.vector) buffer(r.compute.vector->sram, r.compute.vector->sramBandwidth, r.compute.vector->arrays, "vector-array");
  memory.offChip.clear();
  MemoryLevel level;
  for (const auto& m : p.memory) level.parts.push_back(m.part);
  if (!level.empty()) memory.offChip.push_back(level);
  // Shoreline is not the constraint of a package: its PHYs sit on chiplets and the interposer.
  memory.shoreline.memoryEdges = 4;
  memory.shoreline.reticleLongEdge = units::millimeters(1e6);
  return r;
}

} // namespace llmwb
