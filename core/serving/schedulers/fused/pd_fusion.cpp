// SPDX-License-Identifier: GPL-3.0-or-later
// PD fusion (NpuSim): one pool does both phases, and a step fuses whole new prompts with the
// running decodes instead of pausing them (chunked prefill without a budget).
#include "core/serving/pool.h"
#include "core/serving/schedulers/schedulers.h"

namespace llmwb::serving {

std::unique_ptr<Scheduler> makeFused() {
  return std::make_unique<OnePoolScheduler>([](const ServingConfig& config) {
    auto policy = policyFrom(config);
    policy.mixed = true;
    return policy;
  });
}

} // namespace llmwb::serving
