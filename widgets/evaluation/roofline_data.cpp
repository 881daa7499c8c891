// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/evaluation/roofline_data.h"

#include "core/engine/engine_registry.h"


#include <algorithm>

namespace llmwb::ui {

QString phaseName(Phase p) { return p == Phase::Prefill ? QStringLiteral("prefill") : QStringLiteral("decode"); }

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }

int indexOf(const SystemSpec& system, const DeviceGroup* group) {
  return group ? int(group - system.groups.data()) : -1;
}

const OperatorResult* findOperator(const PhaseResult& phase, const std::string& name) {
  for (const auto& op : phase.operators)
    if (op.name == name) return &op;
  return nullptr;
}
} // namespace

RooflineData rooflineData(const Roofline& r, const SystemSpec& system, int prefillBatch, int decodeBatch,
                          const EvaluationResult* result) {
  RooflineData data;
  data.title = q(system.name.empty() ? system.id : system.name);
  const int prefillGroup = indexOf(system, system.prefillGroup());
  const int decodeGroup = indexOf(system, system.decodeGroup());
  auto groupAt = [&](int group) -> const DeviceGroup* {
    return group >= 0 && group < int(system.groups.size()) ? &system.groups[std::size_t(group)] : nullptr;
  };
  auto deviceName = [&](int group) {
    const auto* g = groupAt(group);
    return g ? q(g->device.name) : QString();
  };
  if (const auto* g = groupAt(prefillGroup)) data.prefill = {q(g->device.name), g->count, prefillBatch};
  // A prefill split by layer kind (MemExplorer 5.5) names both groups.
  for (const auto& g : system.groups)
    if (g.role == DeviceRole::Prefill && g.layers == LayerSelection::Ffn && &g != system.prefillGroup())
      data.prefill.device += QStringLiteral(" (attention)\nand %1 × %2 (FFN)").arg(g.count).arg(q(g.device.name));
  if (const auto* g = groupAt(decodeGroup)) data.decode = {q(g->device.name), g->count, decodeBatch};

  // The engine leaves out the decode group's ceilings when it is the prefill group's device: the
  // prefill group's ceilings then stand for both phases.
  const bool decodeHasCeilings = std::any_of(r.compute.begin(), r.compute.end(), [&](const auto& c) { return c.group == decodeGroup; }) ||
                                 std::any_of(r.memory.begin(), r.memory.end(), [&](const auto& m) { return m.group == decodeGroup; });
  auto phasesOf = [&](int group) {
    std::vector<Phase> phases;
    // Heterogeneous systems: every prefill group (attention, FFN) and decode phase by its role.
    if (const auto* g = groupAt(group); g && system.heterogeneous() && g->role != DeviceRole::Both) {
      phases.push_back(g->role == DeviceRole::Prefill ? Phase::Prefill : Phase::Decode);
      if (group == prefillGroup && !decodeHasCeilings) phases.push_back(Phase::Decode);
      return phases;
    }
    if (group == prefillGroup) phases.push_back(Phase::Prefill);
    if (group == decodeGroup || (group == prefillGroup && !decodeHasCeilings)) phases.push_back(Phase::Decode);
    return phases;
  };
  auto sizeOf = [&](int group) {
    const auto* g = groupAt(group);
    return g ? g->count : 1;
  };
  for (const auto& c : r.compute) {
    const int size = sizeOf(c.group);
    data.ceilings.push_back({deviceName(c.group), c.group, size, q(c.unit), true, 0, c.peak.value() * size, phasesOf(c.group)});
  }
  for (const auto& m : r.memory) {
    const int size = sizeOf(m.group);
    data.ceilings.push_back({deviceName(m.group), m.group, size, q(m.level) + QStringLiteral(" ") + q(m.technology), false,
                             m.depth, m.bandwidth.value() * size, phasesOf(m.group)});
  }
  for (const auto& p : r.points) {
    const Phase phase = p.phaseKind == engine::Phase::Prefill ? Phase::Prefill : Phase::Decode;
    if (p.batch != (phase == Phase::Prefill ? prefillBatch : decodeBatch)) continue;
    RooflineOperator o;
    o.device = deviceName(p.group);
    o.group = p.group;
    o.phase = phase;
    o.batch = p.batch;
    o.layer = q(p.layer);
    o.name = q(p.name);
    o.cls = p.operatorClass;
    o.flops = p.flops.value();
    o.bytes = p.bytes.value();
    o.intensity = p.intensity.value();
    o.modelledIntensity = p.modelledIntensity.value();
    o.achieved = p.achieved.value();
    o.attainable = p.attainable.value();
    o.bound = q(p.bound);
    if (result) {
      // The phase's own bound ("matrix reads @ L1 (HBM3E …)"), summed over the phase.
      const auto& phaseResult = phase == Phase::Prefill ? result->prefill : result->decode;
      if (const auto* op = findOperator(phaseResult, p.name)) o.bound = q(op->bound);
    }
    // Operators without FLOPs (pure data movement) have no place on a log-log roofline.
    if (o.flops > 0 && o.intensity > 0 && o.achieved > 0) data.operators.push_back(std::move(o));
  }
  return data;
}

namespace {
/// `roofline` at the result's batches, its phases only.
RooflineData atEvaluatedBatches(const Roofline& roofline, const SystemSpec& system, const EvaluationResult& result) {
  auto data = rooflineData(roofline, system, std::max(1, result.prefill.batch), std::max(1, result.decode.batch), &result);
  // A phase that was not evaluated has no operators to show.
  if (!result.prefill.evaluated) data.prefill.groupSize = 0;
  if (!result.decode.evaluated) data.decode.groupSize = 0;
  std::erase_if(data.operators, [&](const RooflineOperator& o) {
    return !(o.phase == Phase::Prefill ? result.prefill.evaluated : result.decode.evaluated);
  });
  for (Phase phase : {Phase::Prefill, Phase::Decode}) {
    const auto& p = phase == Phase::Prefill ? result.prefill : result.decode;
    const bool placed = std::any_of(data.operators.begin(), data.operators.end(), [&](const auto& o) { return o.phase == phase; });
    if (p.evaluated && p.feasible && !placed) {
      QString text = q(engine::notModelledText(p.engine, engine::ResultAspect::OperatorRows));
      text[0] = text[0].toUpper();
      data.notes.emplace_back(phase, text);
    }
  }
  return data;
}
} // namespace

RooflineData rooflineData(const SystemSpec& system, const EvaluationResult& result) {
  return atEvaluatedBatches(result.roofline, system, result);
}

RooflineData rooflineData(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                          const EvaluationResult& result) {
  if (!result.roofline.empty()) return rooflineData(system, result);
  const int prefillBatch = std::max(1, result.prefill.batch);
  const int decodeBatch = std::max(1, result.decode.batch);
  std::vector<int> batches{prefillBatch};
  if (decodeBatch != prefillBatch) batches.push_back(decodeBatch);
  return atEvaluatedBatches(roofline(system, model, workload, batches, RooflineDetail::Operators), system, result);
}

} // namespace llmwb::ui
