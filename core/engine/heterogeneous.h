// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/evaluation_options.h"
#include "core/engine/performance_model.h"
#include "core/engine/split_prefill_model.h"

#include <memory>
#include <string>
#include <vector>

namespace llmwb::engine {

/// A heterogeneous system (MemExplorer 5.5, "towards extreme heterogeneity"), part by part:
/// - prefill split by layer kind: a SplitPrefillModel over the two prefill groups, joined by the
///   phase link (core/engine/split_prefill_model.h);
/// - decode split into phases by generated-token progress: phase k generates the tokens up to its
///   group's `untilFraction`, at the largest batch that fits its group at the phase's last context
///   (or the requested batch); the cache moves to the next phase's group over the phase link; the
///   phases work at once on different requests, so the slowest sets the rate (as prefill and decode
///   do in a disaggregated system) and the others idle for the rest of the time.
/// Fills result.prefill, result.decode, result.endToEnd and result.parts; `models` holds one model
/// per system group (evaluate() builds them).
void evaluateHeterogeneous(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                           const EvaluationOptions& options,
                           const GroupModels& models, EvaluationResult& result);

/// A decode phase's name, from the fraction of the output where it starts to where it ends:
/// "decode 0-50 %". evaluate()'s parts and the serving simulator's pools are named by it.
std::string decodePhaseLabel(double from, double until);

/// The roofline of a prefill split by layer kind: each prefill group's ceilings and its own
/// part's operators, and the first decode phase's step.
Roofline heterogeneousRoofline(const EvaluationResult& result, const GroupModels& models,
                               const SystemSpec& system, const ModelSpec& model, const Workload& workload);

} // namespace llmwb::engine
