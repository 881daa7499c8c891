// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/edit/package_edits.h"

#include "core/package/package.h"

#include <algorithm>
#include <climits>
#include <cstdlib>

namespace llmwb::edit {

namespace {
/// Footprint of a stack added to a package that had none (assumption: DUET's decode package
/// preset, an HBM3E stack with its keep-out).
constexpr double kDefaultStackFootprintMm2 = 121;

PackageMemory* memoryAt(PackageSpec& p, bool inside) {
  for (auto& m : p.memory)
    if (m.inPackage == inside) return &m;
  return nullptr;
}

int devicesPerCell(const PackageSpec& p) { return std::max(1, p.memoryPhys.devicesPerChiplet); }

int countAt(const PackageSpec& p, int row, int column, bool offPackage, std::optional<std::size_t> ignoring) {
  int n = 0;
  for (std::size_t i = 0; i < p.floorplan.size(); ++i) {
    const auto& f = p.floorplan[i];
    if (ignoring && *ignoring == i) continue;
    if (f.row == row && f.column == column && inPackage(f.kind) != offPackage) ++n;
  }
  return n;
}

void setCount(PackageSpec& p, ItemKind kind, int count) {
  switch (kind) {
  case ItemKind::Compute: p.computeChiplets = count; break;
  case ItemKind::MemoryPhy: p.memoryPhys.count = count; break;
  case ItemKind::Hbm:
  case ItemKind::Gddr: {
    const bool inside = kind == ItemKind::Hbm;
    if (auto* m = memoryAt(p, inside)) m->part.count = count;
    std::erase_if(p.memory, [](const PackageMemory& m) { return m.part.count <= 0; });
    break;
  }
  }
}

int itemsOf(const PackageSpec& p, ItemKind kind) {
  return int(std::count_if(p.floorplan.begin(), p.floorplan.end(), [&](const FloorplanItem& f) { return f.kind == kind; }));
}

/// Shifts every item so the smallest row and column are 0.
void normalise(PackageSpec& p) {
  if (p.floorplan.empty()) return;
  int minRow = INT_MAX, minColumn = INT_MAX;
  for (const auto& f : p.floorplan) {
    minRow = std::min(minRow, f.row);
    minColumn = std::min(minColumn, f.column);
  }
  for (auto& f : p.floorplan) {
    f.row -= minRow;
    f.column -= minColumn;
  }
}

struct Box {
  int top = 0, left = 0, bottom = -1, right = -1;
  bool empty() const { return bottom < top; }
};

Box inPackageBox(const PackageSpec& p) {
  Box b{INT_MAX, INT_MAX, INT_MIN, INT_MIN};
  for (const auto& f : p.floorplan)
    if (inPackage(f.kind)) {
      b.top = std::min(b.top, f.row);
      b.left = std::min(b.left, f.column);
      b.bottom = std::max(b.bottom, f.row);
      b.right = std::max(b.right, f.column);
    }
  if (b.bottom == INT_MIN) return {};
  return b;
}

/// A free cell for an in-package item: inside the current box first, then the ring around it,
/// nearest the box's centre.
std::pair<int, int> freeInPackageCell(const PackageSpec& p, ItemKind kind) {
  const Box b = inPackageBox(p);
  if (b.empty()) return {0, 0};
  for (int grow = 0;; ++grow) {
    std::pair<int, int> best{0, 0};
    int bestDistance = INT_MAX;
    const double cr = (b.top + b.bottom) / 2.0, cc = (b.left + b.right) / 2.0;
    for (int r = b.top - grow; r <= b.bottom + grow; ++r)
      for (int c = b.left - grow; c <= b.right + grow; ++c) {
        if (!cellAccepts(p, kind, r, c)) continue;
        const int d = int(2 * (std::abs(r - cr) + std::abs(c - cc)));
        if (d < bestDistance) bestDistance = d, best = {r, c};
      }
    if (bestDistance != INT_MAX) return best;
  }
}

/// A cell for an off-package device: on the ring around the interposer, beside a memory PHY
/// with the fewest devices so far.
std::pair<int, int> freeOffPackageCell(const PackageSpec& p) {
  const Box b = inPackageBox(p);
  if (b.empty()) return {0, 0};
  for (int ring = 1;; ++ring) {
    std::pair<int, int> best{0, 0};
    int bestDistance = INT_MAX;
    for (int r = b.top - ring; r <= b.bottom + ring; ++r)
      for (int c = b.left - ring; c <= b.right + ring; ++c) {
        const bool onRing = r == b.top - ring || r == b.bottom + ring || c == b.left - ring || c == b.right + ring;
        if (!onRing || !cellAccepts(p, ItemKind::Gddr, r, c)) continue;
        int d = INT_MAX / 2;
        for (const auto& f : p.floorplan)
          if (f.kind == ItemKind::MemoryPhy) d = std::min(d, std::abs(f.row - r) + std::abs(f.column - c));
        // Corners are far from every PHY; fill cells next to PHYs, then the rest of the ring.
        d = d * 4 + countAt(p, r, c, true, std::nullopt);
        if (d < bestDistance) bestDistance = d, best = {r, c};
      }
    if (bestDistance != INT_MAX) return best;
  }
}

void placeOne(PackageSpec& p, ItemKind kind) {
  const auto [r, c] = inPackage(kind) ? freeInPackageCell(p, kind) : freeOffPackageCell(p);
  p.floorplan.push_back({kind, r, c});
}
} // namespace

bool sitsInPackage(const MemoryTechnology& t) {
  return t.id.find("hbm") != std::string::npos || t.id.find("hbf") != std::string::npos;
}

ItemKind memoryKind(const MemoryTechnology& t) { return sitsInPackage(t) ? ItemKind::Hbm : ItemKind::Gddr; }

bool inPackage(ItemKind kind) { return kind != ItemKind::Gddr; }

int requiredItems(const PackageSpec& p, ItemKind kind) {
  switch (kind) {
  case ItemKind::Compute: return p.computeChiplets;
  case ItemKind::MemoryPhy: return p.memoryPhys.count;
  case ItemKind::Hbm:
  case ItemKind::Gddr: {
    int n = 0;
    for (const auto& m : p.memory)
      if (m.inPackage == (kind == ItemKind::Hbm)) n += m.part.count;
    return n;
  }
  }
  return 0;
}

bool cellAccepts(const PackageSpec& p, ItemKind kind, int row, int column, std::optional<std::size_t> ignoring) {
  const int inside = countAt(p, row, column, false, ignoring);
  const int outside = countAt(p, row, column, true, ignoring);
  if (inPackage(kind)) return inside == 0 && outside == 0;
  return inside == 0 && outside < devicesPerCell(p);
}

void completeFloorplan(PackageSpec& p) {
  for (ItemKind kind : {ItemKind::Compute, ItemKind::MemoryPhy, ItemKind::Hbm, ItemKind::Gddr}) {
    const int want = requiredItems(p, kind);
    // Extra items go from the end, so the preset's own placement survives.
    for (int have = itemsOf(p, kind); have > want; --have) {
      const auto last = std::find_if(p.floorplan.rbegin(), p.floorplan.rend(), [&](const FloorplanItem& f) { return f.kind == kind; });
      p.floorplan.erase(std::next(last).base());
    }
  }
  for (ItemKind kind : {ItemKind::Compute, ItemKind::MemoryPhy, ItemKind::Hbm, ItemKind::Gddr})
    for (int have = itemsOf(p, kind); have < requiredItems(p, kind); ++have) placeOne(p, kind);
  normalise(p);
}

std::size_t addItem(PackageSpec& p, ItemKind kind, int row, int column, const MemoryTechnology* technology) {
  const bool memory = kind == ItemKind::Hbm || kind == ItemKind::Gddr;
  if (memory && !technology) {
    if (!memoryAt(p, kind == ItemKind::Hbm)) throw EditError("which memory technology? drag one from the palette");
    technology = &memoryAt(p, kind == ItemKind::Hbm)->part.technology;
  }
  if (technology) {
    if (technology->placement != MemoryPlacement::OffChip)
      throw EditError(technology->name + " is on-chip memory: a package's SRAM is the compute chiplets' buffers");
    kind = memoryKind(*technology);
  }
  if (!cellAccepts(p, kind, row, column))
    throw EditError(inPackage(kind) ? "that cell is taken" : "that cell holds no more off-package devices");
  PackageSpec next = p;
  if (technology) {
    auto* m = memoryAt(next, kind == ItemKind::Hbm);
    if (!m) {
      PackageMemory added;
      added.part = {*technology, 0};
      added.inPackage = kind == ItemKind::Hbm;
      if (added.inPackage) added.footprint = units::squareMillimeters(kDefaultStackFootprintMm2);
      next.memory.push_back(added);
    } else if (m->part.technology.id != technology->id) {
      m->part.technology = *technology;
    }
  } else if (kind == ItemKind::MemoryPhy && next.memoryPhys.count == 0 && next.memoryPhys.area.value() <= 0) {
    throw EditError("this package defines no memory-PHY chiplet (give memory_phy_chiplets an area in its preset)");
  }
  next.floorplan.push_back({kind, row, column});
  setCount(next, kind, requiredItems(next, kind) + 1);
  normalise(next);
  p = std::move(next);
  return p.floorplan.size() - 1;
}

void moveItem(PackageSpec& p, std::size_t item, int row, int column) {
  if (item >= p.floorplan.size()) throw EditError("no such floorplan item");
  if (!cellAccepts(p, p.floorplan[item].kind, row, column, item)) throw EditError("that cell is taken");
  p.floorplan[item].row = row;
  p.floorplan[item].column = column;
  normalise(p);
}

void removeItem(PackageSpec& p, std::size_t item) {
  if (item >= p.floorplan.size()) throw EditError("no such floorplan item");
  const ItemKind kind = p.floorplan[item].kind;
  if (kind == ItemKind::Compute && p.computeChiplets <= 1) throw EditError("a package needs at least one compute chiplet");
  p.floorplan.erase(p.floorplan.begin() + std::ptrdiff_t(item));
  setCount(p, kind, requiredItems(p, kind) - 1);
  normalise(p);
}

void setMemoryTechnology(PackageSpec& p, const MemoryTechnology& technology) {
  if (technology.placement != MemoryPlacement::OffChip)
    throw EditError(technology.name + " is on-chip memory: a package's SRAM is the compute chiplets' buffers");
  auto* m = memoryAt(p, sitsInPackage(technology));
  if (!m) throw EditError("this package has no " + std::string(sitsInPackage(technology) ? "in-package" : "off-package") + " memory to change");
  m->part.technology = technology;
}


} // namespace llmwb::edit
