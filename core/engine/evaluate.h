// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/evaluation_options.h"
#include "core/engine/result.h"
#include "core/model/model_spec.h"
#include "core/system/system_spec.h"
#include "core/workload/workload.h"

namespace llmwb {

/// The system-level evaluation on the engine seam: each group's PerformanceModel (built by its
/// engine, core/engine/engine_registry.h) runs its phase, and the groups are composed here.
/// evaluate(system, model, workload) -> result: prefill on the prefill (or aggregated) group, decode
/// on the decode group, the KV hand-off between them, and the steady-state end-to-end figures.
/// Infeasible designs are results with reasons, never exceptions.
EvaluationResult evaluate(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                          const EvaluationOptions& options = {});

} // namespace llmwb
