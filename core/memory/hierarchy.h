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

  Bytes capacity() const;        ///< every level
  Bytes offChipCapacity() const;
  /// Peak bandwidth the device's compute sees from main memory: the first off-chip level's peak,
  /// or the on-chip peak when there is no off-chip memory.
  BytesPerSecond peakBandwidth() const;
  Watts backgroundPower() const;
  ShorelineCheck checkShoreline() const;
};

} // namespace llmwb
