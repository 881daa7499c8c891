// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/memory/memory_level.h"
#include "core/memory/shoreline.h"

#include <string>
#include <vector>

namespace llmwb {

/// A device's memory: the on-chip level (SRAM dies, 3D-stacked SRAM layers) and the off-chip
/// levels L1..Ln in order of distance. Data move level by level towards the compute unit.
struct MemoryHierarchy {
  MemoryLevel onChip;
  std::vector<MemoryLevel> offChip;
  ShorelineSpec shoreline;

  /// All levels, nearest first: on-chip, L1, ..., Ln.
  std::vector<const MemoryLevel*> levels() const;
  std::string levelName(std::size_t index) const; ///< "on-chip", "L1", ...
  /// The level as a bound names it: "on-chip", or "L1 (HBM3 stack (H100 80GB) x5)" off chip.
  std::string levelLabel(std::size_t index) const;

  Bytes capacity() const;        ///< every level
  Bytes offChipCapacity() const;
  /// Peak bandwidth the device's compute sees from main memory: the first off-chip level's peak,
  /// or the on-chip peak when there is no off-chip memory.
  BytesPerSecond peakBandwidth() const;
  Watts backgroundPower() const;
  ShorelineCheck checkShoreline() const;
  /// Levels slower than the level below them, nearest first ("L1 (LPDDR5X x8, 0.55 TB/s) is slower
  /// than L2 below it (HBM4 12-high x2, 4.00 TB/s) …"): a legal hierarchy, but the placement fills the
  /// nearer level first, so it is almost always a mistake worth a warning.
  std::vector<std::string> orderWarnings() const;
};

} // namespace llmwb
