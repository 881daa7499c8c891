// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The workbench's colours and small icons, drawn from one scheme so that a technology looks the
// same in the palette, the hierarchy lanes, the package composer and the plots.

#include "core/memory/memory_technology.h"
#include "core/package/package_spec.h"

#include <QColor>
#include <QIcon>

namespace llmwb::ui {

/// Colour of a memory family: SRAM, 3D SRAM, HBM, LPDDR, GDDR, HBF (by technology id).
QColor memoryColor(const MemoryTechnology& technology);
QColor memoryColor(const QString& technologyId);
QColor kindColor(FloorplanItem::Kind kind);

QIcon memoryIcon(const MemoryTechnology& technology);
QIcon kindIcon(FloorplanItem::Kind kind);
QIcon systemIcon(bool gpu);
/// Action icons from resources/icons (open, save, undo, redo, pin, export, run, stop, ...).
QIcon actionIcon(const QString& name);

/// Whether the application palette is dark (window colour darker than its text).
bool darkPalette();

} // namespace llmwb::ui
