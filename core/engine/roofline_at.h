// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/performance_model.h"

#include <functional>
#include <vector>

namespace llmwb::engine {

/// One group's part of a roofline: its model, its index in SystemSpec::groups and the batches to
/// place points at (none: ceilings only).
struct RooflineGroup {
  const PerformanceModel* model = nullptr;
  int group = -1;
  std::vector<int> batches;
  /// The operators this group runs (empty: all); a prefill split by layer kind keeps its part's.
  std::function<bool(const OperatorResult&)> runs;
};

/// Ceilings of the prefill and decode groups (the decode group's only when it is another device)
/// and one point per operator (or layer type) of the prefill pass over the prompt and of the
/// first decode step (context = the prompt), at each batch. Everything comes from
/// PerformanceModel::step().
Roofline rooflineAt(const RooflineGroup& prefill, const RooflineGroup& decode, const Workload& workload,
                    RooflineDetail detail);

} // namespace llmwb::engine
