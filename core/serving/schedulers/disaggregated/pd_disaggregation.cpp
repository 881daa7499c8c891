// SPDX-License-Identifier: GPL-3.0-or-later
// PD disaggregation (DistServe, Splitwise): the prefill group prefills one prompt at a time in
// arrival order (MemExplorer 4.3 evaluates prefill at batch 1); each prompt's cache then crosses
// the phase link, overlapped layer by layer with its prefill as evaluate() does, and queues at the
// decode group, which batches continuously. The prefill pool never waits for the decode pool: the
// hand-off queue is unbounded.
//
// A heterogeneous system (MemExplorer 5.5) is served the same way: a prefill split by layer kind
// is one pool over both prefill groups (engine::SplitPrefillModel, as evaluate() composes it), and
// a decode split into phases is a chain of pools, each request's cache crossing the phase link
// from one phase's group to the next (serveDisaggregated's phases).
#include "core/engine/heterogeneous.h"
#include "core/engine/split_prefill_model.h"
#include "core/serving/disaggregated_run.h"
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
    // The prefill: one group, or the attention and FFN groups of a split prefill.
    std::vector<std::unique_ptr<engine::PerformanceModel>> models;
    const engine::PerformanceModel* prefill = nullptr;
    if (system.prefillSplitByLayer()) {
      for (const auto part : {LayerSelection::Attention, LayerSelection::Ffn}) {
        const auto* g = system.prefillGroupFor(part);
        models.push_back(buildPoolModel(context, *g, true, run));
        if (!models.back()) return;
      }
      models.push_back(
          std::make_unique<engine::SplitPrefillModel>(*models[0], *models[1], context.model, system.phaseLink));
      prefill = models.back().get();
    } else {
      models.push_back(buildPoolModel(context, *system.prefillGroup(), true, run));
      if (!models.back()) return;
      prefill = models.back().get();
    }
    // The decode: one group, or its phases in order.
    const auto groups = system.decodePhases();
    std::vector<DecodePhaseModel> phases;
    double from = 0;
    for (const auto* g : groups) {
      models.push_back(buildPoolModel(context, *g, false, run));
      if (!models.back()) return;
      const std::string name =
          groups.size() == 1 ? "decode" : engine::decodePhaseLabel(from, g->untilFraction);
      phases.push_back({name, models.back().get(), g->untilFraction});
      from = g->untilFraction;
    }
    // The prefill pool holds only the prompt being prefilled, one at a time.
    serveDisaggregated(context, run, *prefill, phases, system.phaseLink, 1);
  }
};
} // namespace

std::unique_ptr<Scheduler> makeDisaggregated() { return std::make_unique<PdDisaggregation>(); }

} // namespace llmwb::serving
