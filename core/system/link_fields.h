// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/params/param_table.h"
#include "core/system/system_spec.h"

namespace llmwb {

/// The fields of a link (`group_link`, `phase_link` of a system preset), declared once.
const params::ParamTable<LinkSpec>& linkFields();

} // namespace llmwb
