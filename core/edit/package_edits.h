// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Edits of a chiplet package on the composer's grid. The floorplan and the package's counts stay
// in step: compute chiplets, memory-PHY chiplets, in-package stacks (HBM, HBF) and off-package
// devices (GDDR, LPDDR) are as many as their floorplan items. A cell holds one in-package item, or
// up to `devicesPerChiplet` off-package devices (they sit on the board around the interposer).
// Each edit checks first and throws EditError without touching the package when it cannot be made.

#include "core/device/device_spec.h"
#include "core/edit/edit_error.h"
#include "core/package/package_spec.h"

#include <optional>

namespace llmwb::edit {

using ItemKind = FloorplanItem::Kind;

/// HBM and HBF stacks sit on the interposer; GDDR and LPDDR devices off the package.
bool sitsInPackage(const MemoryTechnology& technology);
/// The floorplan kind a memory technology is placed as (Hbm or Gddr).
ItemKind memoryKind(const MemoryTechnology& technology);
bool inPackage(ItemKind kind);

/// How many items of a kind the package's counts call for.
int requiredItems(const PackageSpec& p, ItemKind kind);

/// Places items for parts the floorplan lacks (compute, PHYs and stacks in free cells next to the
/// others, off-package devices on the ring around the interposer beside a memory PHY), drops
/// items beyond the counts, and moves the grid so that no row or column is negative.
void completeFloorplan(PackageSpec& p);

/// Whether `kind` may go to the cell (`ignoring` an item being moved).
bool cellAccepts(const PackageSpec& p, ItemKind kind, int row, int column,
                 std::optional<std::size_t> ignoring = std::nullopt);

/// Adds one item at a cell (negative rows or columns shift the whole grid). Memory items need the
/// technology; a package holding another technology at that placement (in or off package) takes
/// the new one for every part there. Returns the new item's index.
std::size_t addItem(PackageSpec& p, ItemKind kind, int row, int column, const MemoryTechnology* technology = nullptr);
void moveItem(PackageSpec& p, std::size_t item, int row, int column);
void removeItem(PackageSpec& p, std::size_t item);

/// Changes the technology of every memory part at one placement (dropping HBM4 on an HBM3E stack).
void setMemoryTechnology(PackageSpec& p, const MemoryTechnology& technology);

} // namespace llmwb::edit
