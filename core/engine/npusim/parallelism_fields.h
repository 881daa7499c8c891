// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/params/param_table.h"
#include "core/engine/npusim/parallelism.h"

namespace llmwb {

/// The fields of a system's `parallelism` block, declared once.
const params::ParamTable<ParallelismSpec>& parallelismFields();

} // namespace llmwb
