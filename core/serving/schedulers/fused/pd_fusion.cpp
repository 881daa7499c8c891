// SPDX-License-Identifier: GPL-3.0-or-later
// PD fusion (NpuSim): one pool does both phases, and a step fuses whole new prompts with the
// running decodes instead of pausing them (chunked prefill without a budget).
#include "core/serving/pool.h"
#include "core/serving/schedulers/schedulers.h"

namespace llmwb::serving {

namespace {
class PdFusion final : public Scheduler {
public:
  void run(const SchedulerContext& context, ServingRun& run) const override {
    auto policy = policyFrom(context.config);
    policy.mixed = true;
    policy.tokenBudget = 0;
    serveOnOnePool(context, run, policy);
  }
};
} // namespace

std::unique_ptr<Scheduler> makeFused() { return std::make_unique<PdFusion>(); }

} // namespace llmwb::serving
