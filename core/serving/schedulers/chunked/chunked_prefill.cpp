// SPDX-License-Identifier: GPL-3.0-or-later
// Chunked prefill (Sarathi-Serve): every step carries the running decodes and fills the rest of
// a token budget (ServingConfig::chunkTokens, decodes included) with chunks of waiting prompts,
// so a long prompt no longer stalls the decodes for its whole prefill.
#include "core/serving/pool.h"
#include "core/serving/schedulers/schedulers.h"

#include <algorithm>

namespace llmwb::serving {

std::unique_ptr<Scheduler> makeChunked() {
  return std::make_unique<OnePoolScheduler>([](const ServingConfig& config) {
    auto policy = policyFrom(config);
    policy.mixed = true;
    policy.tokenBudget = std::max(1LL, config.chunkTokens);
    return policy;
  });
}

} // namespace llmwb::serving
