// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The fields of a device's `package` block, declared once (the arrays of the compute chiplet are
// core/compute/arrays/array_fields.h); the lists `memory` and `floorplan` have a table per entry.

#include "core/package/package_spec.h"
#include "core/params/param_table.h"

namespace llmwb {

/// Top level: compute_chiplets, limits (`sram_technology` names a preset; the reader resolves it). `name` defaults to "package" in the reader.
const params::ParamTable<PackageSpec>& packageFields();
/// `compute_chiplet`: name, frequency_MHz (every array), d2d_bandwidth_GBps, d2d_phys.
const params::ParamTable<ComputeChipletSpec>& computeChipletFields();
/// `memory_phy_chiplets`.
const params::ParamTable<MemoryPhyChipletSpec>& memoryPhyFields();
/// `area_model`.
const params::ParamTable<AreaModelSpec>& areaModelFields();
/// An entry of `memory[]`: count, placement, footprint_mm2 (its `technology` names a memory preset).
const params::ParamTable<PackageMemory>& packageMemoryFields();
/// An entry of `floorplan[]`: kind, row, column.
const params::ParamTable<FloorplanItem>& floorplanItemFields();

} // namespace llmwb
