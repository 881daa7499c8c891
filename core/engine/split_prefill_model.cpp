// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/split_prefill_model.h"

#include "core/engine/kv_handoff.h"

namespace llmwb::engine {

namespace {

bool isFfn(LayerKind k) { return k == LayerKind::Mlp || k == LayerKind::Moe; }

/// How often the activations change groups in one pass: at every boundary between a token-mixer
/// layer and an FFN layer of the pattern.
int partChanges(const ModelSpec& model) {
  int changes = 0;
  for (std::size_t i = 1; i < model.layerPattern.size(); ++i) {
    const auto* a = model.layerType(model.layerPattern[i - 1]);
    const auto* b = model.layerType(model.layerPattern[i]);
    if (a && b && isFfn(a->kind) != isFfn(b->kind)) ++changes;
  }
  return changes;
}

/// A part's share of a pass its group ran whole: its operators' share of the time and of the
/// dynamic energy.
struct Share {
  double time = 0.5;
  double energy = 0.5;
};

Share shareOf(const ModelSpec& model, const std::vector<OperatorResult>& operators, LayerSelection part) {
  double opTime = 0, partTime = 0, opEnergy = 0, partEnergy = 0;
  for (const auto& op : operators) {
    opTime += op.time.value();
    opEnergy += op.energy.value();
    if (prefillPart(model, op) == part) {
      partTime += op.time.value();
      partEnergy += op.energy.value();
    }
  }
  Share s;
  s.time = opTime > 0 ? partTime / opTime : 0.5;
  s.energy = opEnergy > 0 ? partEnergy / opEnergy : s.time;
  return s;
}

void keepPart(const ModelSpec& model, const std::vector<OperatorResult>& operators, LayerSelection part,
              std::vector<OperatorResult>& out) {
  for (const auto& op : operators)
    if (prefillPart(model, op) == part) out.push_back(op);
}

} // namespace

LayerSelection prefillPart(const ModelSpec& model, const OperatorResult& op) {
  for (const auto& t : model.layerTypes)
    if (t.name == op.layer) return isFfn(t.kind) ? LayerSelection::Ffn : LayerSelection::Attention;
  return op.name.str().find("embed") != std::string::npos ? LayerSelection::Attention : LayerSelection::Ffn;
}

SplitPrefillModel::SplitPrefillModel(const PerformanceModel& attention, const PerformanceModel& ffn, const ModelSpec& model,
                                     LinkSpec link)
    : mAttention(attention), mFfn(ffn), mModel(model), mLink(std::move(link)), mChanges(partChanges(model)) {}

Bytes SplitPrefillModel::crossing(double tokens) const {
  const double bytesPerElement = mAttention.device().quantisation.activations.bitsPerElement() / 8.0;
  return Bytes(tokens * mModel.hiddenSize * bytesPerElement);
}

StepResult SplitPrefillModel::step(const OperatingPoint& point) const {
  StepResult r;
  r.point = point;
  const StepResult a = mAttention.step(point);
  const StepResult f = mFfn.step(point);
  for (const auto& [part, model] : {std::pair{&a, &mAttention}, std::pair{&f, &mFfn}})
    if (!part->feasible) {
      r.feasible = false;
      r.reason = model->device().name + ": " + part->reason;
      return r;
    }
  const Share sa = shareOf(mModel, a.operators, LayerSelection::Attention);
  const Share sf = shareOf(mModel, f.operators, LayerSelection::Ffn);
  // The activations cross the link at every change of part, one after the other.
  const Bytes activations = crossing(point.batch * point.newTokens);
  const Seconds link = handoffTime(activations, mLink) * double(mChanges);
  r.time = a.time * sa.time + f.time * sf.time + link;
  r.communication = a.communication * sa.time + f.communication * sf.time + link;
  r.energy.compute = a.energy.compute * sa.energy + f.energy.compute * sf.energy;
  r.energy.memory = a.energy.memory * sa.energy + f.energy.memory * sf.energy;
  r.energy.communication = a.energy.communication * sa.energy + f.energy.communication * sf.energy +
                           mLink.energy * activations * double(mChanges);
  r.energy.idle = idlePower() * r.time;
  keepPart(mModel, a.operators, LayerSelection::Attention, r.operators);
  keepPart(mModel, f.operators, LayerSelection::Ffn, r.operators);
  return r; // levels stay empty: a group's traffic per level is not split by part
}

PhaseResult SplitPrefillModel::prefill(const Workload& workload, int batch) const {
  std::array<SplitPart, 2> parts;
  return prefill(workload, batch, parts);
}

PhaseResult SplitPrefillModel::prefill(const Workload& workload, int batch, std::array<SplitPart, 2>& parts) const {
  PhaseResult pre;
  pre.evaluated = true;
  pre.batch = batch;
  pre.tokens = double(batch) * double(workload.inputTokens);
  Seconds time;
  EnergyBreakdown energy;
  Watts peak;
  const std::pair<const PerformanceModel*, LayerSelection> groups[] = {{&mAttention, LayerSelection::Attention},
                                                                        {&mFfn, LayerSelection::Ffn}};
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& [m, mine] = groups[i];
    const auto whole = m->prefill(workload, batch);
    if (!whole.feasible) {
      pre.feasible = false;
      pre.reason = m->device().name + ": " + whole.reason;
      return pre;
    }
    const Share s = shareOf(mModel, whole.operators, mine);
    keepPart(mModel, whole.operators, mine, pre.operators);
    const auto& e = whole.energyBreakdown;
    parts[i].time = whole.time * s.time;
    parts[i].dynamicEnergy = (e.compute + e.memory + e.communication) * s.energy;
    parts[i].idlePower = m->idlePower();
    time += parts[i].time;
    energy.compute += e.compute * s.energy;
    energy.memory += e.memory * s.energy;
    energy.communication += e.communication * s.energy;
    peak += whole.peakPower;
    pre.footprint = std::max(pre.footprint, whole.footprint);
  }
  // The activations cross the link at every change of part, one after the other.
  const Bytes activations = crossing(pre.tokens);
  time += handoffTime(activations, mLink) * double(mChanges);
  energy.communication += mLink.energy * activations * double(mChanges);
  energy.idle = idlePower() * time;
  pre.time = time;
  pre.ttft = time;
  pre.tokensPerSecond = time.value() > 0 ? pre.tokens / time.value() : 0;
  pre.energyBreakdown = energy;
  pre.energy = energy.total();
  pre.peakPower = peak;
  pre.averagePower = time.value() > 0 ? pre.energy / time : Watts();
  pre.tokensPerJoule = pre.energy.value() > 0 ? pre.tokens / pre.energy.value() : 0;
  return pre;
}

PhaseResult SplitPrefillModel::decode(const Workload&, int batch, int) const {
  PhaseResult r;
  r.evaluated = true;
  r.batch = batch;
  r.feasible = false;
  r.reason = "a prefill split by layer kind does not decode (the system's decode groups do)";
  return r;
}

} // namespace llmwb::engine
