// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/memory/shoreline.h"
#include "core/params/param_table.h"

namespace llmwb {

/// A device's `memory.shoreline` block (MemExplorer Eq. 1): the die edge the off-chip PHYs share.
const params::ParamTable<ShorelineSpec>& shorelineFields();

} // namespace llmwb
