// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving/scheduler.h"

#include "core/serving/schedulers/schedulers.h"


namespace llmwb::serving {

void registerBuiltinSchedulers(SchedulerRegistry& r) {
  r.add("static", "static batching: a batch is prefilled, then decoded to its last request before the next", makeStatic);
  r.add("continuous", "continuous (iteration-level) batching: requests join and leave between steps, prefills first",
        makeContinuous);
  r.add("chunked", "chunked prefill (Sarathi): prefill chunks ride with the decodes under a per-step token budget",
        makeChunked);
  r.add("disaggregated", "PD disaggregation: prefill pool, KV hand-off over the phase link, decode pool", makeDisaggregated);
  r.add("fused", "PD fusion: whole prompts and decodes in the same steps on one pool", makeFused);
}

const SchedulerRegistry& schedulers() {
  static const SchedulerRegistry registry = [] {
    SchedulerRegistry r;
    registerBuiltinSchedulers(r);
    return r;
  }();
  return registry;
}

std::vector<std::string> schedulerNames() {
  std::vector<std::string> out;
  for (const auto& e : schedulers().entries()) out.push_back(e.name);
  return out;
}

} // namespace llmwb::serving
