// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The requests of a serving run: arrival times (all at once, Poisson, or a trace) and lengths
// (fixed or drawn around the workload's), from one seeded std::mt19937_64.

#include "core/serving/serving.h"

#include <vector>

namespace llmwb::serving {

/// The configured requests in arrival order. Drawn lengths are rounded and at least one token;
/// the same config (seed included) gives the same requests.
std::vector<RequestSpec> generateRequests(const ServingConfig& config);

} // namespace llmwb::serving
