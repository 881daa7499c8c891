// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the palette drags: a preset (memory technology, device, system, model, workload) or a
// package part (compute chiplet, memory-PHY chiplet), as MIME type application/vnd.llmwb.preset.

#include "core/io/preset_library.h"

#include <QMetaType>
#include <QString>

#include <optional>

class QMimeData;

namespace llmwb::ui {

inline constexpr char kPresetMimeType[] = "application/vnd.llmwb.preset";

struct PaletteEntry {
  enum class Kind { Preset, ComputeChiplet, MemoryPhyChiplet };
  Kind kind = Kind::Preset;
  PresetKind presetKind = PresetKind::MemoryTechnology; ///< for Kind::Preset
  QString id;                                           ///< preset id

  bool isMemory() const { return kind == Kind::Preset && presetKind == PresetKind::MemoryTechnology; }
};

QMimeData* toMimeData(const PaletteEntry& entry);
std::optional<PaletteEntry> fromMimeData(const QMimeData* mime);

} // namespace llmwb::ui

Q_DECLARE_METATYPE(llmwb::ui::PaletteEntry)
