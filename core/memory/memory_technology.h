// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/params/source_notes.h"
#include "core/units/quantity.h"

#include <map>
#include <optional>
#include <string>

namespace llmwb {

enum class MemoryPlacement { OnChip, OffChip };

/// One kind of memory part, as MemExplorer Table 1 describes it: an SRAM die, an HBM3E stack, an
/// LPDDR5X package, a GDDR7 chip, a 3D-stacked SRAM layer, an HBF stack. Data, from presets.
/// All per-unit quantities refer to one part (`unitName`).
struct MemoryTechnology {
  std::string id;   ///< preset id, e.g. "hbm3e-8h"
  std::string name; ///< display name, e.g. "HBM3E 8-high"
  std::string unitName = "unit"; ///< "die", "stack", "package", "chip", "layer"
  MemoryPlacement placement = MemoryPlacement::OffChip;
  Seconds latency;
  Bytes capacity;
  BytesPerSecond bandwidth;
  std::optional<Millimeters> shoreline; ///< die-edge length one part's PHY occupies (off-chip only)
  WattsPerByte backgroundPower;          ///< p_bg of Eq. 6, per byte of capacity
  JoulesPerByte readEnergy;             ///< e_read of Eq. 6
  JoulesPerByte writeEnergy;            ///< e_write of Eq. 6
  SourceNotes sources; ///< field name -> where its value comes from
};

} // namespace llmwb
