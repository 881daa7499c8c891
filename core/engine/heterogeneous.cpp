// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/heterogeneous.h"

#include "core/engine/kv_handoff.h"
#include "core/engine/roofline_at.h"
#include "core/engine/split_prefill_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>

namespace llmwb::engine {

namespace {

const PerformanceModel& modelOf(const SystemSpec& system, const GroupModels& models,
                                const DeviceGroup* g) {
  return *models[std::size_t(g - system.groups.data())];
}

Joules dynamicEnergy(const PhaseResult& p) {
  return p.energyBreakdown.compute + p.energyBreakdown.memory + p.energyBreakdown.communication;
}

/// The prefill split by layer kind.
void prefillByLayer(const SystemSpec& system, const ModelSpec& model, const Workload& workload, int batch,
                    const GroupModels& models, EvaluationResult& result) {
  const auto* attention = system.prefillGroupFor(LayerSelection::Attention);
  const auto* ffn = system.prefillGroupFor(LayerSelection::Ffn);
  const SplitPrefillModel split(modelOf(system, models, attention), modelOf(system, models, ffn), model, system.phaseLink);
  std::array<SplitPart, 2> parts;
  result.prefill = split.prefill(workload, batch, parts);
  if (!result.prefill.feasible) return;
  const DeviceGroup* groups[] = {attention, ffn};
  for (std::size_t i = 0; i < 2; ++i) {
    PartResult part;
    part.part = i == 0 ? "prefill attention" : "prefill ffn";
    part.group = int(groups[i] - system.groups.data());
    part.device = groups[i]->device.name;
    part.batch = batch;
    part.tokens = result.prefill.tokens;
    part.time = parts[i].time;
    part.dynamicEnergy = parts[i].dynamicEnergy;
    part.energy = part.dynamicEnergy + parts[i].idlePower * part.time;
    part.tokensPerSecond = part.time.value() > 0 ? part.tokens / part.time.value() : 0;
    part.tokensPerJoule = part.energy.value() > 0 ? part.tokens / part.energy.value() : 0;
    result.parts.push_back(part);
  }
}

struct DecodePhase {
  const DeviceGroup* group = nullptr;
  PhaseResult result;
  Seconds handoff; ///< exposed move of the batch's cache in from the previous phase
  double rate() const { return result.batch / (result.time + handoff).value(); }
};

/// The decode split into phases by generated-token progress.
std::vector<DecodePhase> decodeByPhase(const SystemSpec& system, const Workload& workload, const EvaluationOptions& options,
                                       const GroupModels& models, EvaluationResult& result) {
  std::vector<DecodePhase> phases;
  auto& dec = result.decode;
  dec.evaluated = true;
  const long long out = workload.outputTokens;
  long long done = 0;
  double from = 0;
  const PerformanceModel* previous = nullptr;
  for (const auto* g : system.decodePhases()) {
    const long long until = std::llround(double(out) * g->untilFraction);
    const long long tokens = until - done;
    const std::string label = decodePhaseLabel(from, g->untilFraction);
    if (tokens <= 0) {
      dec.feasible = false;
      dec.reason = label + " generates no token of the " + std::to_string(out) + " (until_fraction too close to the previous phase's)";
      return {};
    }
    Workload w = workload;
    w.inputTokens = workload.inputTokens + done;
    w.outputTokens = tokens;
    const auto& m = modelOf(system, models, g);
    const int maxBatch = m.maxDecodeBatch(w);
    const int batch = options.decodeBatch.value_or(maxBatch);
    if (batch <= 0) {
      dec.feasible = false;
      dec.reason = label + " on " + g->device.name + ": the weights alone do not fit the device's memory";
      return {};
    }
    DecodePhase phase;
    phase.group = g;
    phase.result = m.decode(w, batch, options.decodeSegments);
    phase.result.maxBatch = maxBatch;
    if (!phase.result.feasible) {
      dec.feasible = false;
      dec.reason = label + " on " + g->device.name + ": " + phase.result.reason;
      return {};
    }
    if (phase.result.footprint > m.memory().capacity) {
      dec.feasible = false;
      dec.reason = label + " on " + g->device.name + ": batch " + std::to_string(batch) + " does not fit";
      return {};
    }
    if (previous) phase.handoff = handoffTime(previous->sequenceFootprint(w, double(w.inputTokens)) * double(batch), system.phaseLink);
    PartResult part;
    part.part = label;
    part.group = int(g - system.groups.data());
    part.device = g->device.name;
    part.batch = batch;
    part.tokens = double(tokens) * batch;
    part.time = phase.result.time;
    part.dynamicEnergy = dynamicEnergy(phase.result);
    part.energy = phase.result.energy;
    part.tokensPerSecond = phase.result.tokensPerSecond;
    part.tokensPerJoule = phase.result.tokensPerJoule;
    result.parts.push_back(part);
    phases.push_back(phase);
    previous = &m;
    done = until;
    from = g->untilFraction;
  }
  return phases;
}

/// Steady state of parts that work at once on different requests: the slowest sets the rate; the
/// others run for rate / their rate of the time and idle for the rest.
Watts pipelinePower(double rate, const std::vector<std::pair<double, std::pair<Watts, Watts>>>& parts) {
  Watts power;
  for (const auto& [partRate, powers] : parts) {
    const double busy = partRate > 0 ? std::min(1.0, rate / partRate) : 1.0;
    power += powers.first * busy + powers.second * (1.0 - busy);
  }
  return power;
}

} // namespace

std::string decodePhaseLabel(double from, double until) {
  const auto percent = [](double f) {
    char text[16];
    std::snprintf(text, sizeof text, "%g", std::round(f * 1000) / 10);
    return std::string(text);
  };
  return "decode " + percent(from) + "-" + percent(until) + " %";
}

void evaluateHeterogeneous(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                           const EvaluationOptions& options,
                           const GroupModels& models, EvaluationResult& result) {
  const int prefillBatch = std::max(1, options.prefillBatch);
  const auto* prefillGroup = system.prefillGroup();
  if (options.phases != EvaluationOptions::Phases::DecodeOnly) {
    if (system.prefillSplitByLayer()) prefillByLayer(system, model, workload, prefillBatch, models, result);
    else result.prefill = modelOf(system, models, prefillGroup).prefill(workload, prefillBatch);
  }
  if (options.phases == EvaluationOptions::Phases::PrefillOnly) {
    result.decode.maxBatch = modelOf(system, models, system.decodePhases().front()).maxDecodeBatch(workload);
    return;
  }
  const auto phases = decodeByPhase(system, workload, options, models, result);
  if (phases.empty()) return;

  // The composed decode: one request goes through every phase; the phases decode different
  // requests at once, the slowest setting the pace.
  auto& dec = result.decode;
  const double out = double(workload.outputTokens);
  double rate = phases.front().rate();
  Seconds time;
  std::vector<std::pair<double, std::pair<Watts, Watts>>> busy;
  std::map<std::pair<std::string, std::string>, OperatorResult> operators;
  std::vector<std::pair<std::string, std::string>> order;
  for (const auto& p : phases) {
    rate = std::min(rate, p.rate());
    time += p.result.time + p.handoff;
    const auto& m = modelOf(system, models, p.group);
    busy.push_back({p.rate(), {p.result.averagePower, m.idlePower()}});
    for (const auto& op : p.result.operators) {
      const auto key = std::make_pair(op.name, op.layer);
      auto [it, fresh] = operators.try_emplace(key, op);
      if (fresh) {
        order.push_back(key);
        continue;
      }
      auto& sum = it->second;
      if (op.time > sum.time) {
        sum.bound = op.bound;
        sum.boundKind = op.boundKind;
        sum.boundLevel = op.boundLevel;
      }
      sum.time += op.time;
      sum.computeTime += op.computeTime;
      sum.flops += op.flops;
      sum.offChipBytes += op.offChipBytes;
      sum.weightBytes += op.weightBytes;
      sum.activationBytes += op.activationBytes;
      sum.cacheBytes += op.cacheBytes;
      sum.energy += op.energy;
    }
    dec.peakPower += p.result.peakPower;
    dec.footprint = std::max(dec.footprint, p.result.footprint);
  }
  for (const auto& key : order) dec.operators.push_back(operators[key]);
  const auto& first = phases.front().result;
  dec.batch = first.batch;
  dec.maxBatch = first.maxBatch;
  dec.time = time;
  dec.tbt = time / out;
  dec.tbtFirst = first.tbtFirst;
  dec.tbtLast = phases.back().result.tbtLast;
  dec.tokens = out * dec.batch;
  dec.tokensPerSecond = rate * out;
  dec.averagePower = pipelinePower(rate, busy);
  // Energy of the first phase's batch through every phase at the pipeline's pace.
  dec.energy = dec.averagePower * Seconds(dec.tokens / dec.tokensPerSecond);
  for (const auto& p : phases) {
    const double share = double(dec.batch) / p.result.batch;
    dec.energyBreakdown.compute += p.result.energyBreakdown.compute * share;
    dec.energyBreakdown.memory += p.result.energyBreakdown.memory * share;
    dec.energyBreakdown.communication += p.result.energyBreakdown.communication * share;
  }
  dec.energyBreakdown.idle = std::max(Joules(), dec.energy - dec.energyBreakdown.compute - dec.energyBreakdown.memory -
                                                    dec.energyBreakdown.communication);
  dec.energy = dec.energyBreakdown.total();
  dec.tokensPerJoule = dec.energy.value() > 0 ? dec.tokens / dec.energy.value() : 0;

  // End to end: the prompt's cache to the first decode phase, then prefill and the decode phases
  // at the slowest one's pace.
  auto& pre = result.prefill;
  if (!pre.evaluated || !pre.feasible) return;
  const auto& firstModel = modelOf(system, models, phases.front().group);
  const Bytes kv = firstModel.sequenceFootprint(workload, double(workload.inputTokens)) * double(prefillBatch);
  auto& e2e = result.endToEnd;
  e2e.kvTransferBytes = kv;
  e2e.kvTransferTime = handoffTime(kv, system.phaseLink);
  pre.ttft += exposedTransfer(e2e.kvTransferTime, pre.time, model.layerCount());
  const double prefillRate = prefillBatch / pre.time.value();
  const double e2eRate = std::min(prefillRate, rate);
  Watts prefillIdle;
  for (const auto& g : system.groups)
    if (g.role == DeviceRole::Prefill) prefillIdle += modelOf(system, models, &g).idlePower();
  busy.push_back({prefillRate, {pre.averagePower, prefillIdle}});
  Bytes moved = kv / double(prefillBatch);
  for (std::size_t i = 1; i < phases.size(); ++i)
    moved += modelOf(system, models, phases[i - 1].group)
                 .sequenceFootprint(workload, double(workload.inputTokens) + std::llround(out * phases[i - 1].group->untilFraction));
  e2e.requestsPerSecond = e2eRate;
  e2e.tokensPerSecond = e2eRate * out;
  e2e.averagePower = pipelinePower(e2eRate, busy) + system.phaseLink.energy * moved * e2eRate / Seconds(1.0);
  e2e.tokensPerJoule = e2e.averagePower.value() > 0 ? e2e.tokensPerSecond / e2e.averagePower.value() : 0;
}

Roofline heterogeneousRoofline(const EvaluationResult& result, const GroupModels& models,
                               const SystemSpec& system, const ModelSpec& model, const Workload& workload) {
  std::vector<RooflineGroup> parts;
  for (std::size_t i = 0; i < system.groups.size(); ++i) {
    const auto& g = system.groups[i];
    if (g.role != DeviceRole::Prefill) continue;
    RooflineGroup part{models[i].get(), int(i), {}, {}};
    if (result.prefill.evaluated) part.batches.push_back(std::max(1, result.prefill.batch));
    const LayerSelection mine = g.layers;
    part.runs = [&model, mine](const OperatorResult& op) { return prefillPart(model, op) == mine; };
    parts.push_back(std::move(part));
  }
  const auto decodeIndex = std::size_t(system.decodeGroup() - system.groups.data());
  RooflineGroup d{models[decodeIndex].get(), int(decodeIndex), {}, {}};
  if (result.decode.evaluated) d.batches.push_back(std::max(1, result.decode.batch));
  Roofline r = rooflineAt(parts.front(), d, workload, RooflineDetail::Operators);
  for (std::size_t i = 1; i < parts.size(); ++i) {
    auto noDecode = parts[i]; // the same group as "decode": its ceilings once, no decode points
    noDecode.batches.clear();
    const auto more = rooflineAt(parts[i], noDecode, workload, RooflineDetail::Operators);
    r.compute.insert(r.compute.end(), more.compute.begin(), more.compute.end());
    r.memory.insert(r.memory.end(), more.memory.begin(), more.memory.end());
    r.points.insert(r.points.end(), more.points.begin(), more.points.end());
  }
  return r;
}

} // namespace llmwb::engine
