// SPDX-License-Identifier: GPL-3.0-or-later
// PD disaggregation (DistServe, Splitwise): the prefill group prefills one prompt at a time in
// arrival order (MemExplorer 4.3 evaluates prefill at batch 1); each prompt's cache then crosses
// the phase link, overlapped layer by layer with its prefill as evaluate() does, and queues at the
// decode group, which batches continuously. The prefill pool never waits for the decode pool: the
// hand-off queue is unbounded.
#include "core/serving/pool.h"
#include "core/serving/schedulers/schedulers.h"

namespace llmwb::serving {

namespace {
class PdDisaggregation final : public Scheduler {
public:
  void run(const SchedulerContext& context, ServingRun& run) const override {
    const auto& system = context.system;
    if (!system.disaggregated()) {
      run.failure = "the disaggregated scheduler needs a system with separate prefill and decode groups";
      return;
    }
    const auto prefillModel = buildPoolModel(context, *system.prefillGroup(), true, run);
    if (!prefillModel) return;
    const auto decodeModel = buildPoolModel(context, *system.decodeGroup(), false, run);
    if (!decodeModel) return;
    // The prefill pool holds only the prompt being prefilled, one at a time.
    serveDisaggregated(context, run, *prefillModel, *decodeModel, system.phaseLink, 1);
  }
};
} // namespace

std::unique_ptr<Scheduler> makeDisaggregated() { return std::make_unique<PdDisaggregation>(); }

} // namespace llmwb::serving
