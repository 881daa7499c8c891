// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/analytic/analytic_model.h"

#include "core/engine/device_summary.h"

#include <algorithm>

namespace llmwb::engine {

AnalyticModel::AnalyticModel(std::string engine, const EngineContext& context, std::shared_ptr<const OperatorCoster> coster,
                             Details details)
    : mEngine(std::move(engine)), mRole(context.group.role), mDescriptive(context.descriptive),
      mEvaluator(context.group, context.groupLink, context.model, std::move(coster)), mDetails(std::move(details)) {
  mEvaluator.setStreamsCacheOut(context.streamsCacheOut);
  mEvaluator.setDescriptive(context.descriptive);
}

StepResult AnalyticModel::step(const OperatingPoint& point) const {
  const PassShape shape{point.batch, point.newTokens, point.contextTokens, point.logitRows};
  const auto pass = mEvaluator.costPass(shape);
  auto phase = mEvaluator.summarisePass(pass, point.batch * point.newTokens, int(std::max(1.0, point.batch)));
  StepResult r;
  r.point = point;
  r.feasible = phase.feasible;
  r.reason = std::move(phase.reason);
  r.time = phase.time;
  r.communication = pass.communication;
  r.energy = phase.energyBreakdown;
  r.operators = std::move(phase.operators);
  r.levels = std::move(phase.levels);
  return r;
}

PhaseResult AnalyticModel::prefill(const Workload& workload, int batch) const { return mEvaluator.prefill(workload, batch); }

PhaseResult AnalyticModel::decode(const Workload& workload, int batch, int segments) const {
  return mEvaluator.decode(workload, batch, segments);
}

int AnalyticModel::maxDecodeBatch(const Workload& workload) const { return mEvaluator.maxDecodeBatch(workload); }

Bytes AnalyticModel::sequenceFootprint(const Workload& workload, double contextTokens) const {
  return mEvaluator.sequenceFootprint(workload, contextTokens);
}

MemoryBudget AnalyticModel::memory() const {
  const auto& m = mEvaluator.device().memory();
  MemoryBudget b;
  b.capacity = (m.offChip.empty() ? m.onChip.capacity() : m.offChipCapacity()) * double(mEvaluator.devices());
  b.weights = mEvaluator.weights();
  b.cachePerToken = mEvaluator.cachePerToken();
  b.statePerSequence = mEvaluator.statePerSequence();
  return b;
}

Watts AnalyticModel::idlePower() const { return mEvaluator.device().idlePower() * double(mEvaluator.devices()); }

Watts AnalyticModel::peakPower() const { return mEvaluator.device().tdp() * double(mEvaluator.devices()); }

std::vector<ComputeCeiling> AnalyticModel::computeCeilings() const {
  const auto& device = mEvaluator.device();
  std::vector<ComputeCeiling> out;
  for (const auto& [unit, peak] : device.compute().ceilings(device.operandBits())) out.push_back({device.spec().name, unit, peak});
  return out;
}

std::vector<MemoryCeiling> AnalyticModel::memoryCeilings() const {
  const auto& m = mEvaluator.device().memory();
  const auto levels = m.levels();
  std::vector<MemoryCeiling> out;
  for (std::size_t i = 0; i < levels.size(); ++i)
    if (!levels[i]->empty())
      out.push_back({device().name, m.levelName(i), levels[i]->describe(), levels[i]->bandwidth(), -1, int(i)});
  return out;
}

DeviceSummary AnalyticModel::summary() const {
  auto s = summariseDevice(mRole, mEvaluator.devices(), mEvaluator.device(), mDescriptive);
  s.engine = mEngine;
  return s;
}

} // namespace llmwb::engine
