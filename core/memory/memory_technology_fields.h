// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/memory/memory_technology.h"
#include "core/memory/memory_level.h"
#include "core/params/param_table.h"

namespace llmwb {

/// The fields of a memory technology preset (kind "memory_technology"), declared once. `name`
/// defaults to the preset id; `shoreline_mm` is required off chip and refused on chip (the reader,
/// core/io/memory_reader.cpp, applies both rules).
const params::ParamTable<MemoryTechnology>& memoryTechnologyFields();

/// A part at a memory level (device `memory.on_chip[]`, `memory.off_chip[]` or a level's `parts[]`):
/// `count`. Its `technology` names a memory preset, which the reader looks up in the library.
const params::ParamTable<MemoryPart>& memoryPartFields();

} // namespace llmwb
