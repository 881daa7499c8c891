// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/memory/memory_technology.h"

#include <string>
#include <vector>

namespace llmwb {

/// `count` parts of one technology.
struct MemoryPart {
  MemoryTechnology technology;
  int count = 1;
};

/// One depth of a hierarchy: the on-chip level, or an off-chip level L1..Ln. A level usually holds
/// one technology; the on-chip level may combine conventional SRAM with 3D-stacked layers (Table 2).
/// Parts of one level work in parallel: capacities and bandwidths add; data are spread over the
/// parts in proportion to capacity, so per-byte energies are capacity-weighted.
struct MemoryLevel {
  std::vector<MemoryPart> parts;

  Bytes capacity() const;
  BytesPerSecond bandwidth() const;
  Seconds latency() const; ///< the slowest part's latency
  Watts backgroundPower() const;
  JoulesPerByte readEnergy() const;
  JoulesPerByte writeEnergy() const;
  Millimeters shoreline() const; ///< total PHY shoreline of the off-chip parts
  std::string describe() const;  ///< e.g. "HBM3E 8-high x4"
  bool empty() const { return parts.empty(); }
};

} // namespace llmwb
