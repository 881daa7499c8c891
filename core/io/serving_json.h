// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/serving/serving.h"

#include <string>
#include <vector>

namespace llmwb {

/// A serving run as JSON (units in the keys): requests, completed, makespan_s,
/// throughput_tokens_per_s (generated tokens), ttft_s / tbt_s / e2e_s as {mean, p50, p90, p99},
/// goodput, energy; the timeline and the per-request records only when asked.
std::string servingToJson(const serving::ServingResult& result, const serving::ServingConfig& config,
                          bool withTimeline = false, int indent = 2);
/// The latency-versus-rate curve of serve-sweep: one entry per rate.
std::string servingSweepToJson(const std::vector<serving::ServingResult>& results, const serving::ServingConfig& config,
                               const std::vector<double>& rates, int indent = 2);

} // namespace llmwb
