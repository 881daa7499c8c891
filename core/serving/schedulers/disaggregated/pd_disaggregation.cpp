// SPDX-License-Identifier: GPL-3.0-or-later
// PD disaggregation (DistServe, Splitwise): the prefill group prefills one prompt at a time in
// arrival order (MemExplorer 4.3 evaluates prefill at batch 1); each prompt's cache then crosses
// the phase link, overlapped layer by layer with its prefill as evaluate() does, and queues at the
// decode group, which batches continuously. The prefill pool never waits for the decode pool: the
// hand-off queue is unbounded.
#include "core/engine/kv_handoff.h"
#include "core/serving/pool.h"
#include "core/serving/schedulers/schedulers.h"

#include <algorithm>

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
    const bool memoise = context.config.memoiseSteps;

    // The prefill pool holds only the prompt being prefilled (the Preempt policy reserves the
    // context so far; one sequence at a time never preempts).
    PoolPolicy prefillPolicy;
    prefillPolicy.leaveAfterPrefill = true;
    prefillPolicy.maxBatch = 1;
    prefillPolicy.memory = MemoryPolicy::Preempt;
    Pool prefill("prefill", *prefillModel, prefillPolicy, memoise);
    const auto prefilled = prefill.serve(arrivalsOf(context.requests), run,
                                         [&](double share) { return context.progress(0.5 * share); });
    if (run.cancelled) return;

    const int layers = context.model.layerCount();
    std::vector<PoolArrival> handedOver;
    for (std::size_t i = 0; i < prefilled.size(); ++i) {
      if (!prefilled[i].completed) continue;
      const auto& request = context.requests[i];
      Workload shape;
      shape.inputTokens = request.inputTokens;
      shape.outputTokens = request.outputTokens;
      const Bytes cache = prefillModel->sequenceFootprint(shape, double(request.inputTokens));
      const Seconds transfer = engine::handoffTime(cache, system.phaseLink);
      const Seconds exposed = engine::exposedTransfer(transfer, Seconds(prefilled[i].prefillStep), layers);
      run.linkEnergy += (system.phaseLink.energy * cache).value();
      auto& record = run.records[i];
      record.firstToken = Seconds(prefilled[i].firstToken) + exposed; // as evaluate()'s TTFT
      if (request.outputTokens <= 1) {
        record.finish = record.firstToken;
        record.completed = true;
        continue;
      }
      handedOver.push_back({int(i), record.firstToken.value(), request.inputTokens, request.outputTokens, true});
    }
    std::stable_sort(handedOver.begin(), handedOver.end(),
                     [](const PoolArrival& a, const PoolArrival& b) { return a.time < b.time; });

    Pool decode("decode", *decodeModel, policyFrom(context.config), memoise);
    const auto decoded =
        decode.serve(handedOver, run, [&](double share) { return context.progress(0.5 + 0.5 * share); });
    for (std::size_t j = 0; j < decoded.size(); ++j) {
      auto& record = run.records[std::size_t(handedOver[j].request)];
      record.finish = Seconds(decoded[j].finish);
      record.completed = decoded[j].completed;
      record.preemptions += decoded[j].preemptions;
    }
  }
};
} // namespace

std::unique_ptr<Scheduler> makeDisaggregated() { return std::make_unique<PdDisaggregation>(); }

} // namespace llmwb::serving
