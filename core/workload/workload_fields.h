// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/params/param_table.h"
#include "core/workload/workload.h"

namespace llmwb {

/// The fields of a workload preset (kind "workload"), declared once; `name` defaults to the id.
const params::ParamTable<Workload>& workloadFields();

} // namespace llmwb
