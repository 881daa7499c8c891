// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A PD-disaggregated run over pools (core/serving/pool.h): a prefill pool, the hand-off of each
// prompt's cache over the phase link, and one decode pool or a chain of decode phases (MemExplorer
// 5.5). The disaggregated and npusim schedulers run through it.

#include "core/serving/pool.h"

#include <string>
#include <vector>

namespace llmwb::serving {

/// A PD-disaggregated run: the prefill pool takes up to `prefillBatch` prompts at once (leaving
/// after their prefill); each prompt's cache crosses `link`, overlapped layer by layer with its
/// prefill as evaluate() does, and queues at the decode pool, which batches by the configuration.
/// The hand-off queue is unbounded: the prefill pool never waits for the decode pool. Both pools
/// drive a tracker from `kvTracker` when it is given.
void serveDisaggregated(const SchedulerContext& context, ServingRun& run, const engine::PerformanceModel& prefillModel,
                        const engine::PerformanceModel& decodeModel, const LinkSpec& link, int prefillBatch,
                        const KvTrackerFactory& kvTracker = {});

/// A decode phase of a PD-disaggregated run (MemExplorer 5.5: decode split by generated-token
/// progress): the pool that generates each request's tokens up to `untilFraction` of its output.
struct DecodePhaseModel {
  std::string name;  ///< the pool's name ("decode", "decode 0-50 %", ...)
  const engine::PerformanceModel* model = nullptr;
  double untilFraction = 1.0;
  int maxBatch = 0;  ///< sequences the phase's pool holds at once, beside the configuration's limit (0: none)
};

/// serveDisaggregated() with the decode in phases, in order (the last one's untilFraction is 1):
/// a request leaves phase k after llround(untilFraction_k x its output tokens) tokens (a phase
/// that would add none is skipped) and its cache crosses `link` to the next phase's pool, the
/// move exposed in its time between tokens.
void serveDisaggregated(const SchedulerContext& context, ServingRun& run, const engine::PerformanceModel& prefillModel,
                        const std::vector<DecodePhaseModel>& phases, const LinkSpec& link, int prefillBatch,
                        const KvTrackerFactory& kvTracker = {});

} // namespace llmwb::serving
