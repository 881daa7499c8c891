// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/evaluate.h"

#include "core/engine/device_summary.h"
#include "core/engine/engine_registry.h"
#include "core/engine/heterogeneous.h"
#include "core/engine/kv_handoff.h"
#include "core/engine/result_check.h"
#include "core/engine/roofline_at.h"
#include "core/engine/silicon_area.h"

#include <algorithm>
#include <cstdio>

namespace llmwb {

namespace {
/// The design's problems and the phases' reasons into the result, then the result's own check.
void finish(EvaluationResult& result, const std::vector<std::string>& violations) {
  result.problems.insert(result.problems.end(), violations.begin(), violations.end());
  if (result.prefill.evaluated && !result.prefill.feasible) result.problems.push_back("prefill: " + result.prefill.reason);
  if (result.decode.evaluated && !result.decode.feasible) result.problems.push_back("decode: " + result.decode.reason);
  result.feasible = result.problems.empty();
  if (result.decode.feasible)
    result.decodeTokensPerSecondPerMm2 = engine::perSquareMillimeter(result.decode.tokensPerSecond, result.siliconArea);
  engine::checkResult(result);
}
/// The evaluated phases at their batches: the prefill pass and the first decode step (of the
/// first prefill group and decode phase of a heterogeneous system).
void roofline(EvaluationResult& result, const engine::PerformanceModel& prefill, const engine::PerformanceModel& decode,
              const SystemSpec& system, const Workload& workload) {
  engine::RooflineGroup p{&prefill, int(system.prefillGroup() - system.groups.data()), {}, {}};
  engine::RooflineGroup d{&decode, int(system.decodeGroup() - system.groups.data()), {}, {}};
  if (result.prefill.evaluated) p.batches.push_back(std::max(1, result.prefill.batch));
  if (result.decode.evaluated) d.batches.push_back(std::max(1, result.decode.batch));
  result.roofline = engine::rooflineAt(p, d, workload, RooflineDetail::Operators);
}

/// Step 1: the inputs' own problems (the model's, a system without a prefill or decode group, an
/// empty workload).
void checkInputs(EvaluationResult& result, const SystemSpec& system, const ModelSpec& model, const Workload& workload) {
  for (const auto& p : model.problems()) result.problems.push_back("model: " + p);
  if (!system.prefillGroup() || !system.decodeGroup()) result.problems.push_back("the system needs devices for both prefill and decode");
  if (workload.inputTokens <= 0 || workload.outputTokens <= 0)
    result.problems.push_back("the workload needs at least one input and one output token");
}

/// Step 2: one performance model per group, built by the group's engine (the prefill group of a
/// disaggregated system streams its cache out layer by layer), and each group's summary; with
/// unsound inputs, the summaries alone.
engine::GroupModels buildGroups(EvaluationResult& result, const SystemSpec& system, const ModelSpec& model,
                                const EvaluationOptions& options) {
  engine::GroupModels models(system.groups.size());
  const bool modelSound = result.problems.empty();
  for (std::size_t i = 0; i < system.groups.size(); ++i) {
    const auto& g = system.groups[i];
    DeviceSummary summary;
    try {
      if (modelSound) {
        models[i] = engine::buildModel(system, g, model, system.disaggregated() && g.role == DeviceRole::Prefill, options.descriptions);
        summary = models[i]->summary();
      } else {
        summary = engine::summariseDevice(g.role, g.count, DeviceModel(g.device));
        summary.engine = engine::engineFor(system, g);
      }
    } catch (const std::invalid_argument& e) { // an engine that does not take this device
      summary.id = g.device.id;
      summary.name = g.device.name;
      summary.role = std::string(toString(g.role));
      summary.count = g.count;
      result.problems.push_back(g.device.name + ": " + e.what());
    }
    summary.group = int(i);
    if (g.layers != LayerSelection::All) summary.role += " (" + std::string(toString(g.layers)) + " layers)";
    if (g.role == DeviceRole::Decode && g.untilFraction < 1) {
      char text[48];
      std::snprintf(text, sizeof text, " (up to %g %% of the output)", g.untilFraction * 100);
      summary.role += text;
    }
    result.devices.push_back(std::move(summary));
  }
  const auto area = engine::siliconArea(result.devices); // hardware: known even when the run does not fit
  result.siliconArea = area.total;
  result.areaMissing = area.missing;
  // A hierarchy whose nearer level is the slower one evaluates, but is most likely a slip.
  for (const auto& g : system.groups)
    if (!g.device.package)
      for (const auto& w : g.device.memory.orderWarnings()) result.warnings.push_back(g.device.name + ": " + w);
  return models;
}

/// Step 3 (one decode group): decode at the asked batch, else the largest that fits; when none
/// fits, why.
void decodePhase(EvaluationResult& result, const engine::PerformanceModel& decode, const Workload& workload,
                 const EvaluationOptions& options) {
  const int maxBatch = decode.maxDecodeBatch(workload);
  const int batch = options.decodeBatch.value_or(maxBatch);
  if (options.phases == EvaluationOptions::Phases::PrefillOnly) {
    result.decode.maxBatch = maxBatch;
  } else if (batch <= 0) {
    result.decode.evaluated = true;
    result.decode.feasible = false;
    // No batch fits. The weights larger than the memory say so with both sizes (cheap: the common
    // case in explorations); otherwise one step says why (an engine that does not model the
    // model, a placement that holds not even one sequence).
    const auto memory = decode.memory();
    if (memory.weights > memory.capacity && memory.capacity.value() > 0) {
      char text[160];
      std::snprintf(text, sizeof text, "the weights (%.1f GiB) do not fit the decode device's memory (%.1f GiB)",
                    units::inGibibytes(memory.weights), units::inGibibytes(memory.capacity));
      result.decode.reason = text;
    } else {
      const auto probe = decode.step({engine::Phase::Decode, 1, 1, double(workload.inputTokens), 1});
      result.decode.reason = probe.feasible ? "not even one sequence fits the decode device's memory" : probe.reason;
    }
  } else {
    result.decode = decode.decode(workload, batch, options.decodeSegments);
    result.decode.maxBatch = maxBatch;
    const Bytes capacity = decode.memory().capacity;
    if (result.decode.footprint > capacity) {
      char text[200];
      std::snprintf(text, sizeof text, "batch %d does not fit: needs %.1f GiB, the memory holds %.1f GiB (largest batch %d)",
                    batch, units::inGibibytes(result.decode.footprint), units::inGibibytes(capacity), maxBatch);
      result.decode.feasible = false;
      result.decode.reason = text;
    }
  }
}

/// Step 4 (disaggregated systems): the prefill -> decode hand-off of the prompt's cache, and the
/// part of it the prefill does not hide.
void handOff(EvaluationResult& result, const engine::PerformanceModel& prefill, const SystemSpec& system, const ModelSpec& model,
             const Workload& workload, double requestsPerPrefill) {
  if (!system.disaggregated() || !result.prefill.evaluated) return;
  const Bytes kv = prefill.sequenceFootprint(workload, double(workload.inputTokens)) * requestsPerPrefill;
  result.endToEnd.kvTransferBytes = kv;
  result.endToEnd.kvTransferTime = engine::handoffTime(kv, system.phaseLink);
  result.prefill.ttft += engine::exposedTransfer(result.endToEnd.kvTransferTime, result.prefill.time, model.layerCount());
}

/// Step 5, the steady state. Aggregated: the device prefills the batch's prompts one by one, then
/// decodes them together. Disaggregated: both groups work at once; the slower one sets the pace
/// and the other idles (static + background power) for the rest of the time.
void steadyState(EvaluationResult& result, const engine::PerformanceModel& prefill, const engine::PerformanceModel& decode,
                 const SystemSpec& system, const Workload& workload, double requestsPerPrefill) {
  auto& e2e = result.endToEnd;
  const auto& pre = result.prefill;
  const auto& dec = result.decode;
  if (!(pre.evaluated && pre.feasible && dec.feasible && dec.evaluated && dec.batch > 0)) return;
  const double b = dec.batch;
  const double out = double(workload.outputTokens);
  if (!system.disaggregated()) {
    const Seconds cycle = pre.time * (b / requestsPerPrefill) + dec.time;
    const Joules energy = pre.energy * (b / requestsPerPrefill) + dec.energy;
    e2e.requestsPerSecond = b / cycle.value();
    e2e.tokensPerSecond = b * out / cycle.value();
    e2e.averagePower = energy / cycle;
    e2e.tokensPerJoule = b * out / energy.value();
    return;
  }
  const double prefillRate = requestsPerPrefill / pre.time.value();
  const double decodeRate = b / dec.time.value();
  const double rate = std::min(prefillRate, decodeRate);
  const Watts prefillIdle = prefill.idlePower();
  const Watts decodeIdle = decode.idlePower();
  const double prefillBusy = rate / prefillRate, decodeBusy = rate / decodeRate;
  const Watts link = system.phaseLink.energy * (e2e.kvTransferBytes * (rate / requestsPerPrefill)) / Seconds(1.0);
  e2e.averagePower = pre.averagePower * prefillBusy + prefillIdle * (1.0 - prefillBusy) + dec.averagePower * decodeBusy +
                     decodeIdle * (1.0 - decodeBusy) + link;
  e2e.requestsPerSecond = rate;
  e2e.tokensPerSecond = rate * out;
  e2e.tokensPerJoule = e2e.tokensPerSecond / e2e.averagePower.value();
}

} // namespace

EvaluationResult evaluate(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                          const EvaluationOptions& options) {
  EvaluationResult result;
  result.system = system.id.empty() ? system.name : system.id;
  result.model = model.id;
  result.workload = workload.id;
  result.inputTokens = workload.inputTokens;
  result.outputTokens = workload.outputTokens;

  checkInputs(result, system, model, workload);
  const engine::GroupModels models = buildGroups(result, system, model, options);
  if (options.keepModels) result.models = models; // the views ask them for detail products
  if (!result.problems.empty()) {
    result.feasible = false;
    return result;
  }
  // A design that breaks a physical bound (Eq. 1's shoreline, ...) is infeasible; it is still
  // evaluated so the user sees what it would do.
  std::vector<std::string> violations;
  for (const auto& d : result.devices)
    for (const auto& v : d.violations) violations.push_back(d.name + ": " + v);

  auto modelOf = [&](const DeviceGroup* g) -> const engine::PerformanceModel& {
    return *models[std::size_t(g - system.groups.data())];
  };
  const engine::PerformanceModel& prefill = modelOf(system.prefillGroup());
  const engine::PerformanceModel& decode = modelOf(system.decodeGroup());

  if (system.heterogeneous()) {
    engine::evaluateHeterogeneous(system, model, workload, options, models, result);
  } else {
    const double requestsPerPrefill = std::max(1, options.prefillBatch);
    if (options.phases != EvaluationOptions::Phases::DecodeOnly) result.prefill = prefill.prefill(workload, std::max(1, options.prefillBatch));
    decodePhase(result, decode, workload, options);
    handOff(result, prefill, system, model, workload, requestsPerPrefill);
    steadyState(result, prefill, decode, system, workload, requestsPerPrefill);
  }
  if (options.roofline && system.heterogeneous() && system.prefillSplitByLayer())
    result.roofline = engine::heterogeneousRoofline(result, models, system, model, workload);
  else if (options.roofline)
    roofline(result, prefill, decode, system, workload);
  // Which engine computed each phase, for views that say what it did not.
  result.prefill.engine = prefill.engine();
  result.decode.engine = decode.engine();
  finish(result, violations);
  return result;
}

} // namespace llmwb
