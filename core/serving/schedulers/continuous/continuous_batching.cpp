// SPDX-License-Identifier: GPL-3.0-or-later
// Continuous (iteration-level) batching (Orca, vLLM): requests join between steps as soon as the
// cache and the batch limit allow; a step prefills the new prompts while the decodes wait, the
// other steps decode every running sequence.
#include "core/serving/pool.h"
#include "core/serving/schedulers/schedulers.h"

namespace llmwb::serving {

std::unique_ptr<Scheduler> makeContinuous() { return std::make_unique<OnePoolScheduler>(policyFrom); }

} // namespace llmwb::serving
