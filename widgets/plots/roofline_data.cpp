// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/roofline_data.h"

#include "widgets/plots/plot_style.h"

#include <algorithm>

namespace llmwb::ui {

QString phaseName(Phase p) { return p == Phase::Prefill ? QStringLiteral("prefill") : QStringLiteral("decode"); }

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }

/// Devices per phase group, by device name (the roofline names devices by name).
struct GroupInfo {
  int size = 1;
  std::vector<Phase> phases;
};
GroupInfo groupOf(const SystemSpec& system, const std::string& device) {
  GroupInfo g;
  const auto* pre = system.prefillGroup();
  const auto* dec = system.decodeGroup();
  if (pre && pre->device.name == device) {
    g.size = pre->count;
    g.phases.push_back(Phase::Prefill);
  }
  if (dec && dec->device.name == device) {
    g.size = dec->count;
    g.phases.push_back(Phase::Decode);
  }
  return g;
}

int levelDepth(const std::string& level) {
  if (level == "on-chip") return 0;
  if (level.size() > 1 && level[0] == 'L') return std::atoi(level.c_str() + 1);
  return 0;
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
  if (const auto* g = system.prefillGroup()) data.prefill = {q(g->device.name), g->count, prefillBatch};
  if (const auto* g = system.decodeGroup()) data.decode = {q(g->device.name), g->count, decodeBatch};
  for (const auto& c : r.compute) {
    const auto g = groupOf(system, c.device);
    data.ceilings.push_back({q(c.device), g.size, q(c.unit), true, 0, c.peak.value() * g.size, g.phases});
  }
  for (const auto& m : r.memory) {
    const auto g = groupOf(system, m.device);
    data.ceilings.push_back({q(m.device), g.size, q(m.level) + QStringLiteral(" ") + q(m.technology), false,
                             levelDepth(m.level), m.bandwidth.value() * g.size, g.phases});
  }
  for (const auto& p : r.points) {
    const Phase phase = p.phase == "prefill" ? Phase::Prefill : Phase::Decode;
    if (p.batch != (phase == Phase::Prefill ? prefillBatch : decodeBatch)) continue;
    RooflineOperator o;
    o.device = q(p.device);
    o.phase = phase;
    o.batch = p.batch;
    o.layer = q(p.layer);
    o.name = q(p.name);
    o.cls = operatorClassFromName(q(p.cls));
    o.flops = p.flops.value();
    o.bytes = p.bytes.value();
    o.intensity = p.intensity.value();
    o.modelledIntensity = p.modelledIntensity.value();
    o.achieved = p.achieved.value();
    o.attainable = p.attainable.value();
    o.bound = q(p.bound);
    if (result) {
      const auto& phaseResult = phase == Phase::Prefill ? result->prefill : result->decode;
      if (const auto* op = findOperator(phaseResult, p.name)) o.bound = q(op->bound);
    }
    // Operators without FLOPs (pure data movement) have no place on a log-log roofline.
    if (o.flops > 0 && o.intensity > 0 && o.achieved > 0) data.operators.push_back(std::move(o));
  }
  return data;
}

RooflineData rooflineData(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                          const EvaluationResult& result) {
  const int prefillBatch = std::max(1, result.prefill.batch);
  const int decodeBatch = std::max(1, result.decode.batch);
  std::vector<int> batches{prefillBatch};
  if (decodeBatch != prefillBatch) batches.push_back(decodeBatch);
  const auto r = roofline(system, model, workload, batches, RooflineDetail::Operators);
  auto data = rooflineData(r, system, prefillBatch, decodeBatch, &result);
  // A phase that was not evaluated has no operators to show.
  if (!result.prefill.evaluated) data.prefill.groupSize = 0;
  if (!result.decode.evaluated) data.decode.groupSize = 0;
  std::erase_if(data.operators, [&](const RooflineOperator& o) {
    return !(o.phase == Phase::Prefill ? result.prefill.evaluated : result.decode.evaluated);
  });
  return data;
}

} // namespace llmwb::ui
