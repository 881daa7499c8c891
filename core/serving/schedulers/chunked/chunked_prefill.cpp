// SPDX-License-Identifier: GPL-3.0-or-later
// Chunked prefill (Sarathi-Serve): every step carries the running decodes and fills the rest of
// a token budget with chunks of waiting prompts, so a long prompt no longer stalls the decodes
// for its whole prefill.
#include "core/serving/pool.h"
#include "core/serving/schedulers/schedulers.h"

#include <algorithm>

namespace llmwb::serving {

namespace {
class ChunkedPrefill final : public Scheduler {
public:
  void run(const SchedulerContext& context, ServingRun& run) const override {
    auto policy = policyFrom(context.config);
    policy.mixed = true;
    policy.tokenBudget = std::max(1LL, context.config.chunkTokens);
    serveOnOnePool(context, run, policy);
  }
};
} // namespace

std::unique_ptr<Scheduler> makeChunked() { return std::make_unique<ChunkedPrefill>(); }

} // namespace llmwb::serving
