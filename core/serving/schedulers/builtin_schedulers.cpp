// SPDX-License-Identifier: GPL-3.0-or-later
// The one registration point of the schedulers: a scheduler is a folder here and a line below.
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
  r.add("npusim", "NpuSim on one multi-core chip: PD fusion (per-core token budget, chunked prefill) or PD disaggregation "
                  "(prefill and decode core pools, KV over the NoC), by the system's parallelism.mode", makeNpusim);
}

} // namespace llmwb::serving
