// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Edits of a device's memory hierarchy, as the hierarchy editor makes them. Levels are numbered
// as MemoryHierarchy::levels(): 0 is on-chip, 1..n are L1..Ln. Each edit checks first and throws
// EditError without touching the hierarchy when it cannot be made.

#include "core/edit/edit_error.h"
#include "core/memory/hierarchy.h"

namespace llmwb::edit {

/// Where a part is: level index (0 = on-chip) and position within the level.
struct PartRef {
  std::size_t level = 0;
  std::size_t part = 0;
};

/// Levels a technology may go to: 0 for on-chip memory; 1..n, or n + 1 for a new outermost
/// level, for off-chip memory.
bool canHold(const MemoryHierarchy& memory, std::size_t level, const MemoryTechnology& technology);

/// Adds `count` parts; a level that already holds the technology gets the count added instead.
/// `level` == offChip.size() + 1 opens a new outermost level. Returns where the parts are.
PartRef addPart(MemoryHierarchy& memory, std::size_t level, const MemoryTechnology& technology, int count = 1);

/// Moves a part to another level (a new outermost level as for addPart); an off-chip level left
/// empty is removed. Returns where the part is now.
PartRef movePart(MemoryHierarchy& memory, PartRef from, std::size_t toLevel);

/// Count of at least 1.
void setPartCount(MemoryHierarchy& memory, PartRef part, int count);

/// Removes a part; an off-chip level left empty is removed. The on-chip level may become empty
/// (the evaluation then reports the design as infeasible).
void removePart(MemoryHierarchy& memory, PartRef part);

} // namespace llmwb::edit
