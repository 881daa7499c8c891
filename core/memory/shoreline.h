// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/memory/memory_level.h"

#include <string>
#include <vector>

namespace llmwb {

/// The die-shoreline bound of MemExplorer Eq. 1: off-chip parts sit along the edges of the
/// compute die, each taking its PHY length plus a margin, and the die is at most one reticle.
struct ShorelineSpec {
  Millimeters reticleLongEdge = units::millimeters(33.0);  // DUV/EUV field 26 x 33 mm (seed 000, 2.1)
  Millimeters reticleShortEdge = units::millimeters(26.0);
  int memoryEdges = 2;  ///< long edges given to memory; the others carry PCIe, NVLink, I/O (seed 000, 2.1)
  Millimeters marginPerPart = units::millimeters(0.5); ///< L_margin; assumption: keep-out between PHYs
};

struct ShorelineCheck {
  Millimeters available; ///< L_mem
  Millimeters required;  ///< sum over off-chip parts of count x (L_PHY + L_margin)
  bool feasible = true;
  std::string reason;    ///< empty when feasible
};

/// L_mem = edges x long edge (bounded by 2 x 33 mm for the default two edges).
Millimeters memoryEdgeLength(const ShorelineSpec& spec);

/// Eq. 1 for a single technology: the most parts of shoreline `phy` that fit.
int maxStacks(const ShorelineSpec& spec, Millimeters phy);

/// Eq. 1 generalised to several technologies sharing the edge: sum of count x (L_PHY + L_margin).
ShorelineCheck checkShoreline(const ShorelineSpec& spec, const std::vector<MemoryLevel>& offChipLevels);

} // namespace llmwb
