// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/arrays/array_spec.h"
#include "core/memory/memory_level.h"
#include "core/memory/memory_technology.h"
#include "core/package/area_model.h"

#include <string>
#include <vector>

namespace llmwb {

/// One compute chiplet design: its arrays (per chiplet), SRAM buffers, D2D PHYs. A count of
/// `kFillChiplet` asks the area model for the most arrays of that kind that fit the chiplet cap.
struct ComputeChipletSpec {
  static constexpr int kFillChiplet = kFillArrays;
  std::string name = "compute chiplet";
  std::optional<SystolicArraySpec> systolic; ///< `arrays` is per chiplet
  std::optional<VectorArraySpec> vector;
  BytesPerSecond d2dBandwidth = units::gigabytesPerSecond(256); ///< network-on-interposer per chiplet
  int d2dPhys = 0; ///< 0: the fewest GRS PHYs that carry d2dBandwidth
};

/// Memory-PHY chiplets: they drive off-package devices (GDDR) from the interposer's edge.
struct MemoryPhyChipletSpec {
  int count = 0;
  SquareMillimeters area;
  int devicesPerChiplet = 2;
};

/// A memory part on or off the package, with the interposer footprint of an in-package part.
struct PackageMemory {
  MemoryPart part;
  bool inPackage = true;
  SquareMillimeters footprint; ///< per part, on the interposer (in-package only)
};

/// Where a part sits on the composer's grid (for drawing and editing; not needed to evaluate).
struct FloorplanItem {
  enum class Kind { Compute, MemoryPhy, Hbm, Gddr };
  Kind kind = Kind::Compute;
  int row = 0;
  int column = 0;
};

/// How a device is physically built: chiplets on an interposer with in- and off-package memory
/// (DUET 3.1, 4.3). Resolves into a device's compute and memory (core/package/package.h).
struct PackageSpec {
  std::string name;
  ComputeChipletSpec computeChiplet;
  int computeChiplets = 1;
  MemoryPhyChipletSpec memoryPhys;
  std::vector<PackageMemory> memory;
  /// The array buffers' SRAM (energies, leakage): the memory preset named by `sram_technology`,
  /// resolved when the package is read, so resolving the package needs no library.
  MemoryTechnology sram;
  SquareMillimeters chipletAreaCap = units::squareMillimeters(121); ///< DUET 4.3
  SquareMillimeters interposerLimit = units::squareMillimeters(3000); ///< DUET 4.3: 2700-3000 mm^2
  double interposerSpacing = 0.10; ///< keep-out and routing between parts (assumption)
  AreaModelSpec area;
  std::vector<FloorplanItem> floorplan;
};

} // namespace llmwb
