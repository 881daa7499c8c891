// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/memory/hierarchy.h"
#include "core/package/package_spec.h"

#include <string>
#include <vector>

namespace llmwb {

/// What a package comes to: arrays per chiplet, areas, power, and the device compute and memory
/// it resolves into. Problems (an over-size chiplet or interposer) are listed, not thrown.
struct PackageReport {
  int systolicPerChiplet = 0;
  int vectorPerChiplet = 0;
  int d2dPhysPerChiplet = 0;
  ChipletArea chiplet;
  SquareMillimeters interposerArea;
  SquareMillimeters interposerLimit;
  SquareMillimeters chipletCap;
  Watts computePower; ///< DUET Table 5 per array, scaled by array size, count and frequency
  BytesPerSecond noiBandwidth; ///< all compute chiplets' D2D bandwidth
  ArrayComputeSpec compute; ///< whole package
  std::vector<std::string> violations;
  bool feasible() const { return violations.empty(); }
};

/// Fills kFillChiplet counts with the most arrays that fit `cap` (systolic first, then vector).
int maxArraysPerChiplet(const PackageSpec& p, bool systolic);

/// The whole package's arrays ("fill" counts resolved): the compute resolvePackage gives, without
/// the memory, areas and checks.
ArrayComputeSpec packageCompute(const PackageSpec& p);

/// Resolves the package; `sram` supplies energies and leakage for the array buffers and
/// `memory` gets the on-chip level (all array buffers) and one off-chip level (all memory parts).
PackageReport resolvePackage(const PackageSpec& p, const MemoryTechnology& sram, MemoryHierarchy& memory);
/// The same with the package's own buffer SRAM (`p.sram`).
PackageReport resolvePackage(const PackageSpec& p, MemoryHierarchy& memory);
/// How many packages resolvePackage has resolved in this process, on every thread: a test checks
/// that an evaluation resolves each package device once (DeviceModel keeps the report).
long long packageResolutions();

} // namespace llmwb
