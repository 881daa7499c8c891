// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving/disaggregated_run.h"

#include "core/engine/kv_handoff.h"

#include <algorithm>
#include <cmath>

namespace llmwb::serving {

namespace {
/// A request's lengths as the workload its cache footprint is asked for.
Workload shapeOf(const RequestSpec& request) {
  Workload w;
  w.inputTokens = request.inputTokens;
  w.outputTokens = request.outputTokens;
  return w;
}
} // namespace

void serveDisaggregated(const SchedulerContext& context, ServingRun& run, const engine::PerformanceModel& prefillModel,
                        const engine::PerformanceModel& decodeModel, const LinkSpec& link, int prefillBatch,
                        const KvTrackerFactory& kvTracker) {
  serveDisaggregated(context, run, prefillModel, {{"decode", &decodeModel, 1.0}}, link, prefillBatch, kvTracker);
}

void serveDisaggregated(const SchedulerContext& context, ServingRun& run, const engine::PerformanceModel& prefillModel,
                        const std::vector<DecodePhaseModel>& phases, const LinkSpec& link, int prefillBatch,
                        const KvTrackerFactory& kvTracker) {
  const bool memoise = context.config.memoiseSteps;
  PoolPolicy prefillPolicy;
  prefillPolicy.leaveAfterPrefill = true;
  prefillPolicy.maxBatch = prefillBatch;
  prefillPolicy.memory = MemoryPolicy::Preempt; // reserves the context so far
  prefillPolicy.kvTracker = kvTracker;
  Pool prefill("prefill", prefillModel, prefillPolicy, memoise);
  const double pools = double(phases.size() + 1);
  const auto prefilled =
      prefill.serve(arrivalsOf(context.requests), run, [&](double share) { return context.progress(share / pools); });
  if (run.cancelled) return;

  // Where each request stands between pools: ready at the next one at `time`, its last token at
  // `lastToken`, `produced` tokens so far.
  const int layers = context.model.layerCount();
  std::vector<PoolArrival> waiting;
  for (std::size_t i = 0; i < prefilled.size(); ++i) {
    if (!prefilled[i].completed) continue;
    const auto& request = context.requests[i];
    const Bytes cache = prefillModel.sequenceFootprint(shapeOf(request), double(request.inputTokens));
    const Seconds transfer = engine::handoffTime(cache, link);
    const Seconds exposed = engine::exposedTransfer(transfer, Seconds(prefilled[i].prefillStep), layers);
    run.linkEnergy += (link.energy * cache).value();
    auto& record = run.records[i];
    record.firstToken = Seconds(prefilled[i].firstToken) + exposed; // as evaluate()'s TTFT
    if (request.outputTokens <= 1) {
      record.finish = record.firstToken;
      record.completed = true;
      continue;
    }
    waiting.push_back({int(i), record.firstToken.value(), request.inputTokens, request.outputTokens, true, 1, -1});
  }

  auto decodePolicy = policyFrom(context.config);
  decodePolicy.kvTracker = kvTracker;
  for (std::size_t k = 0; k < phases.size() && !waiting.empty(); ++k) {
    const bool last = k + 1 == phases.size();
    std::vector<PoolArrival> here, skipping;
    for (auto a : waiting) {
      const long long total = context.requests[std::size_t(a.request)].outputTokens;
      const long long until = last ? total : std::clamp(std::llround(double(total) * phases[k].untilFraction), 1LL, total);
      a.outputTokens = until;
      (until > a.produced ? here : skipping).push_back(a);
    }
    std::stable_sort(here.begin(), here.end(), [](const PoolArrival& a, const PoolArrival& b) { return a.time < b.time; });
    auto phasePolicy = decodePolicy;
    phasePolicy.maxBatch = tighterBatchLimit(decodePolicy.maxBatch, phases[k].maxBatch);
    Pool decode(phases[k].name, *phases[k].model, phasePolicy, memoise);
    const auto decoded = decode.serve(here, run, [&](double share) { return context.progress((double(k + 1) + share) / pools); });
    if (run.cancelled) return;
    waiting = std::move(skipping);
    for (std::size_t j = 0; j < decoded.size(); ++j) {
      auto a = here[j];
      auto& record = run.records[std::size_t(a.request)];
      record.preemptions += decoded[j].preemptions;
      if (!decoded[j].completed) continue;
      if (last) {
        record.finish = Seconds(decoded[j].finish);
        record.completed = true;
        continue;
      }
      // On to the next phase's group: the whole cache moves once the phase's last token is out.
      const auto& request = context.requests[std::size_t(a.request)];
      const Bytes cache = phases[k].model->sequenceFootprint(shapeOf(request), double(request.inputTokens + a.outputTokens));
      run.linkEnergy += (link.energy * cache).value();
      a.produced = a.outputTokens;
      a.lastToken = decoded[j].finish;
      a.time = decoded[j].finish + engine::handoffTime(cache, link).value();
      waiting.push_back(a);
    }
  }
}

} // namespace llmwb::serving
