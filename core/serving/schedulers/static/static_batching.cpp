// SPDX-License-Identifier: GPL-3.0-or-later
// Static batching (request-level, as before Orca): the queued requests that fit form a batch, it
// is prefilled and decoded until its last request finishes, and only then is the next formed.
#include "core/serving/pool.h"
#include "core/serving/schedulers/schedulers.h"

namespace llmwb::serving {

std::unique_ptr<Scheduler> makeStatic() {
  return std::make_unique<OnePoolScheduler>([](const ServingConfig& config) {
    auto policy = policyFrom(config);
    policy.refill = false;
    return policy;
  });
}

} // namespace llmwb::serving
