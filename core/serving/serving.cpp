// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving/serving.h"

#include "core/params/param_table.h"

#include "core/engine/engine_registry.h"

#include "core/serving/metrics.h"
#include "core/serving/requests.h"
#include "core/serving/scheduler.h"

#include <algorithm>
#include <stdexcept>

namespace llmwb::serving {

std::string_view toString(ArrivalProcess a) {
  switch (a) {
  case ArrivalProcess::Burst: return "burst";
  case ArrivalProcess::Poisson: return "poisson";
  case ArrivalProcess::Trace: return "trace";
  }
  return "?";
}

std::string_view toString(LengthDistribution d) {
  switch (d) {
  case LengthDistribution::Fixed: return "fixed";
  case LengthDistribution::Exponential: return "exponential";
  case LengthDistribution::Lognormal: return "lognormal";
  }
  return "?";
}

std::string_view toString(MemoryPolicy p) {
  switch (p) {
  case MemoryPolicy::Wait: return "wait";
  case MemoryPolicy::Preempt: return "preempt";
  }
  return "?";
}

namespace {

/// Why the configuration cannot run, or empty.
std::string configProblem(const ModelSpec& model, const ServingConfig& config) {
  for (const auto& p : model.problems()) return "model: " + p;
  if (!schedulers().find(config.scheduler))
    return "unknown scheduler \"" + config.scheduler + "\" (known: " + schedulers().names() + ")";
  if (config.arrivals == ArrivalProcess::Trace) {
    if (config.trace.empty()) return "the trace has no requests";
    for (const auto& r : config.trace)
      if (r.inputTokens < 1 || r.outputTokens < 1 || !(r.arrival.value() >= 0))
        return "every trace request needs an arrival time >= 0 s and at least one input and one output token";
    return {};
  }
  if (config.requests < 1) return "at least one request is needed";
  if (config.workload.inputTokens < 1 || config.workload.outputTokens < 1)
    return "the workload needs at least one input and one output token";
  if (config.arrivals == ArrivalProcess::Poisson && !(config.rate >= kMinRequestRate && config.rate <= kMaxRequestRate))
    return "a Poisson arrival rate must be from " + params::numberText(kMinRequestRate) + " to " + params::numberText(kMaxRequestRate) +
           " requests/s (got " + params::numberText(config.rate) + ")";
  return {};
}

/// The pools' timelines as one: each pool's state holds until its next sample.
Timeline mergeTimelines(const std::vector<PoolReport>& pools) {
  Timeline t;
  for (std::size_t i = 0; i < pools.size(); ++i) {
    const auto& p = pools[i];
    t.pools.push_back(p.name);
    t.tieredKv |= p.tieredKv;
    if (i < t.sramKvBlocks.size()) {
      t.sramKvBlocks[i] = p.sramKvBlocks;
      t.sramKvBlockTokens[i] = p.sramKvBlockTokens;
      t.hbmKvRingTokens[i] = p.hbmKvRingTokens;
    }
  }
  std::vector<std::size_t> at(pools.size(), 0);
  std::vector<PoolReport::Sample> state(pools.size(), PoolReport::Sample{0, 0, 0, 0, 0, 0, 0});
  std::size_t total = 0;
  for (const auto& p : pools) total += p.samples.size();
  t.samples.reserve(total);
  while (true) {
    std::size_t next = pools.size();
    for (std::size_t i = 0; i < pools.size(); ++i)
      if (at[i] < pools[i].samples.size() &&
          (next == pools.size() || pools[i].samples[at[i]].time < pools[next].samples[at[next]].time))
        next = i;
    if (next == pools.size()) break;
    state[next] = pools[next].samples[at[next]++];
    TimelineSample s;
    s.time = Seconds(state[next].time);
    for (std::size_t i = 0; i < pools.size() && i < s.kvOccupancy.size(); ++i) {
      s.queued += state[i].queued;
      s.running += state[i].running;
      s.kvOccupancy[i] = state[i].kvOccupancy;
      s.sramKvOccupancy[i] = state[i].sramKv;
      s.hbmKvOccupancy[i] = state[i].hbmKv;
      s.hbmKvSpilled[i] = state[i].hbmKvSpilled;
    }
    if (!t.samples.empty() && t.samples.back().time == s.time) t.samples.back() = s;
    else t.samples.push_back(s);
  }
  return t;
}

void summarise(const ServingConfig& config, ServingRun& run, ServingResult& result) {
  std::vector<double> ttft, e2e;
  double generated = 0, processed = 0, latencyArea = 0, makespan = 0;
  int good = 0;
  for (const auto& r : run.records) {
    if (!r.completed) continue;
    ++result.completed;
    ttft.push_back(r.ttft().value());
    e2e.push_back(r.e2e().value());
    generated += double(r.outputTokens);
    processed += double(r.inputTokens + r.outputTokens);
    latencyArea += r.e2e().value();
    makespan = std::max(makespan, r.finish.value());
    const bool ttftOk = config.ttftLimit.value() <= 0 || r.ttft() <= config.ttftLimit;
    const bool tbtOk = config.tbtLimit.value() <= 0 || r.tbt() <= config.tbtLimit;
    good += ttftOk && tbtOk;
  }
  if (result.completed < result.requests && !run.cancelled)
    result.warnings.push_back(std::to_string(result.requests - result.completed) + " of " +
                              std::to_string(result.requests) + " requests were not served");
  result.makespan = Seconds(makespan);
  result.ttft = percentilesOf(std::move(ttft));
  result.e2e = percentilesOf(std::move(e2e));
  result.tbt = run.gaps.percentiles();
  if (makespan > 0) {
    result.outputTokensPerSecond = generated / makespan;
    result.totalTokensPerSecond = processed / makespan;
    result.requestsPerSecond = result.completed / makespan;
    result.goodput = good / makespan;
    result.meanInSystem = latencyArea / makespan;
  }
  result.goodputFraction = result.requests > 0 ? double(good) / result.requests : 0;

  double energy = run.linkEnergy;
  for (const auto& p : run.pools) {
    energy += p.busyEnergy + p.idlePower * std::max(0.0, makespan - p.busyTime);
    result.prefillBusy += Seconds(p.prefillBusy);
    result.decodeBusy += Seconds(p.decodeBusy);
    result.decodeTokens += p.decodeTokens;
    result.engineCalls += p.engineCalls;
    result.steps += p.steps;
  }
  result.energy = Joules(energy);
  result.energyPerToken = generated > 0 ? Joules(energy / generated) : Joules();
  result.timeline = mergeTimelines(run.pools);
}

} // namespace

std::string defaultScheduler(const SystemSpec& system) {
  for (const auto& g : system.groups)
    if (const auto* e = engine::engines().find(engine::engineFor(system, g)); e && !e->defaultScheduler.empty())
      return e->defaultScheduler;
  return system.disaggregated() ? "disaggregated" : "continuous";
}

ServingResult simulate(const SystemSpec& system, const ModelSpec& model, const ServingConfig& config,
                       const std::function<bool(double progress)>& progress) {
  ServingResult result;
  result.system = system.id.empty() ? system.name : system.id;
  result.model = model.id;
  result.workload = config.arrivals == ArrivalProcess::Trace ? std::string("trace") : config.workload.id;
  result.scheduler = config.scheduler;
  if (auto problem = configProblem(model, config); !problem.empty()) {
    result.feasible = false;
    result.reason = problem;
    return result;
  }
  if (system.heterogeneous() && config.scheduler != "disaggregated") {
    result.feasible = false;
    result.reason = "a heterogeneous system (a prefill split by layer kind, a decode split into phases) is served by the "
                    "\"disaggregated\" scheduler, not \"" + config.scheduler + "\"";
    return result;
  }
  const auto requests = generateRequests(config);
  result.requests = int(requests.size());

  ServingRun run;
  run.records.resize(requests.size());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    run.records[i].arrival = requests[i].arrival;
    run.records[i].inputTokens = requests[i].inputTokens;
    run.records[i].outputTokens = requests[i].outputTokens;
  }
  const SchedulerContext context{system, model, config, requests,
                                 progress ? progress : std::function<bool(double)>([](double) { return true; })};
  schedulers().create(config.scheduler)->run(context, run);
  if (!run.failure.empty()) {
    result.feasible = false;
    result.reason = run.failure;
    return result;
  }
  result.cancelled = run.cancelled;
  // A long trace can drop thousands of requests: the first few are named, the rest counted.
  constexpr std::size_t kNamedWarnings = 10;
  result.warnings.assign(run.warnings.begin(), run.warnings.begin() + long(std::min(run.warnings.size(), kNamedWarnings)));
  if (run.warnings.size() > kNamedWarnings)
    result.warnings.push_back("... and " + std::to_string(run.warnings.size() - kNamedWarnings) + " more warnings");
  summarise(config, run, result);
  result.records = std::move(run.records);
  // A request that can never fit is not a served workload: the run says so instead of reporting
  // the others' figures as the system's.
  if (run.neverFit > 0 && !run.cancelled) {
    result.feasible = false;
    result.reason = std::to_string(run.neverFit) + " of " + std::to_string(result.requests) +
                    " requests can never fit the KV cache, not even alone (the first: " + run.firstNeverFit + ")";
  }
  return result;
}

std::vector<ServingResult> sweepRates(const SystemSpec& system, const ModelSpec& model, const ServingConfig& config,
                                      const std::vector<double>& rates,
                                      const std::function<bool(double progress)>& progress) {
  std::vector<ServingResult> out;
  for (std::size_t i = 0; i < rates.size(); ++i) {
    ServingConfig at = config;
    at.arrivals = ArrivalProcess::Poisson;
    at.rate = rates[i];
    const double base = double(i) / double(rates.size()), span = 1.0 / double(rates.size());
    out.push_back(simulate(system, model, at, [&](double share) { return !progress || progress(base + span * share); }));
    if (out.back().cancelled) break;
  }
  return out;
}

} // namespace llmwb::serving
