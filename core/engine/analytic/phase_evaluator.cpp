// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/analytic/phase_evaluator.h"

#include "core/engine/analytic/tensor_parallel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace llmwb {

namespace {
constexpr int kMaxBatch = 4096;
} // namespace

PhaseEvaluator::PhaseEvaluator(const DeviceGroup& group, const LinkSpec& groupLink, const ModelSpec& model,
                               std::shared_ptr<const OperatorCoster> coster)
    : mDevice(group.device), mCount(std::max(1, group.count)), mLink(groupLink), mModel(model), mCoster(std::move(coster)) {
  const auto footprint = modelFootprint(model, mDevice.spec().quantisation);
  mWeights = footprint.weights;
  mStatePerSequence = footprint.statePerSequence;
  // Fewer KV heads than devices: the heads are replicated (shardForTensorParallel), and so is their cache.
  mCachePerToken = footprint.cachePerToken * kvCacheCopies(model, mCount);
}

Bytes PhaseEvaluator::cacheBytes(double contextTokens) const {
  return mStatePerSequence + mCachePerToken * contextTokens;
}

Bytes PhaseEvaluator::sequenceFootprint(const Workload& workload, double contextTokens) const {
  if (!mModel.keepsCache()) {
    // No cache: a sequence keeps the activations of a full pass over prompt + answer.
    PassShape one{1, double(workload.contextTokens()), 0, double(workload.outputTokens)};
    return activationWorkingSet(mModel, mDevice.spec().quantisation, one);
  }
  return cacheBytes(contextTokens);
}

int PhaseEvaluator::maxDecodeBatch(const Workload& workload) const {
  const auto& memory = mDevice.memory();
  const Bytes capacity = (memory.offChip.empty() ? memory.onChip.capacity() : memory.offChipCapacity()) * double(mCount);
  const Bytes weights = mWeights;
  const Bytes perSequence = sequenceFootprint(workload, double(workload.contextTokens()));
  if (weights > capacity) return 0;
  if (perSequence.value() <= 0) return kMaxBatch;
  const double fit = (capacity - weights) / perSequence;
  if (fit < 1.0) return 0;
  int batch = 1;
  while (batch * 2 <= kMaxBatch && batch * 2 <= fit) batch *= 2;
  return batch;
}

PassCost PhaseEvaluator::costPass(const PassShape& pass, CostMemo* memo) const {
  CostMemo own;
  if (!memo) memo = &own;
  PassCost result;
  const auto& q = mDevice.spec().quantisation;
  result.ops = passOperators(mModel, q, pass, mCount);
  const auto& operators = result.operators();

  PlacementDemand demand;
  demand.weights = mWeights / double(mCount);
  demand.cache = (mModel.keepsCache() ? cacheBytes(pass.pastTokens + pass.newTokens) : Bytes()) *
                 (pass.batch / mCount);
  if (mStreamsCacheOut && pass.pastTokens == 0) // double-buffered: two layers' worth in flight
    demand.cache = demand.cache * std::min(1.0, 2.0 / std::max(1, mModel.layerCount()));
  demand.activations = std::max(demand.activations, result.ops->liveActivations);
  result.placement = mCoster->place(mDevice, demand);
  if (!result.placement.fits) {
    result.feasible = false;
    result.reason = "does not fit: " + result.placement.reason;
  }

  const std::size_t levels = mDevice.levelCount();
  result.traffic.assign(levels, {});
  result.costs.reserve(operators.size());
  memo->keep(result.ops);
  memo->usePlacement(result.placement);
  for (std::size_t i = 0; i < operators.size(); ++i) {
    const auto& op = operators[i];
    const std::uint64_t hash = result.ops->workHashes[i];
    const OperatorCost* known = memo->find(op, hash);
    const OperatorCost& cost = result.costs.emplace_back(known ? *known : mCoster->costUnexplained(op, mDevice, result.placement));
    if (!known) memo->add(op, hash, &cost); // result.costs holds every operator's: it never reallocates
    if (!cost.feasible && result.feasible) {
      result.feasible = false;
      result.unexplained = i;
    }
    const Bytes reduced = result.ops->allReduce[i];
    const Seconds comm = allReduceTime(reduced, mCount, mLink) * op.repeat;
    result.communication += comm;
    result.time += cost.time * op.repeat + comm;
    const Joules linkEnergy = mLink.energy * (ringAllReduceBytesSent(reduced, mCount) * op.repeat); // one device's
    result.dynamicEnergy += (cost.computeEnergy + cost.memoryEnergy) * op.repeat + linkEnergy;
    result.computeEnergy += cost.computeEnergy * op.repeat;
    result.memoryEnergy += cost.memoryEnergy * op.repeat;
    result.communicationEnergy += linkEnergy;
    for (std::size_t j = 0; j < levels; ++j) {
      result.traffic[j].read += cost.traffic[j].read * op.repeat;
      result.traffic[j].written += cost.traffic[j].written * op.repeat;
    }
  }
  return result;
}

std::string PhaseEvaluator::reason(const PassCost& pass) const {
  if (!pass.ops || pass.unexplained >= pass.operators().size()) return pass.reason;
  const auto& op = pass.operators()[pass.unexplained];
  return op.name + ": " + mCoster->cost(op, mDevice, pass.placement).reason;
}

PhaseResult PhaseEvaluator::summarise(const std::vector<std::pair<PassCost, double>>& passes, double tokens,
                                      int batch) const {
  PhaseResult r;
  r.evaluated = true;
  r.batch = batch;
  r.tokens = tokens;
  r.peakPower = mDevice.tdp() * double(mCount);
  const auto& memory = mDevice.memory();
  const auto levels = memory.levels();
  std::vector<LevelTraffic> traffic(levels.size());
  // Every pass builds the same operators in the same order, so they are summed by position.
  struct Bound {
    Seconds longest;
    const OperatorCost* cost = nullptr;
  };
  std::vector<Bound> bounds;
  Joules dynamic;
  EnergyBreakdown parts;
  for (const auto& [pass, times] : passes) {
    if (!pass.feasible && r.feasible) {
      r.feasible = false;
      r.reason = reason(pass);
    }
    r.time += pass.time * times;
    dynamic += pass.dynamicEnergy * times;
    parts.compute += pass.computeEnergy * (times * mCount);
    parts.memory += pass.memoryEnergy * (times * mCount);
    parts.communication += pass.communicationEnergy * (times * mCount);
    for (std::size_t j = 0; j < traffic.size(); ++j) {
      traffic[j].read += pass.traffic[j].read * times;
      traffic[j].written += pass.traffic[j].written * times;
    }
    const auto& operators = pass.operators();
    if (r.operators.empty()) {
      r.operators.resize(operators.size());
      bounds.resize(operators.size());
      for (std::size_t i = 0; i < operators.size(); ++i) {
        const auto& op = operators[i];
        auto& o = r.operators[i];
        o.name = op.name;
        o.layer = op.layer;
        o.cls = op.cls;
        o.repeat = op.repeat;
      }
    }
    for (std::size_t i = 0; i < operators.size() && i < r.operators.size(); ++i) {
      const auto& op = operators[i];
      const auto& kindBytes = pass.ops->kindBytes[i];
      const auto& c = pass.costs[i];
      auto& o = r.operators[i];
      const double n = op.repeat * times * mCount;
      o.time += c.time * (op.repeat * times);
      o.computeTime += c.computeTime * (op.repeat * times);
      o.flops += c.flops * n;
      o.offChipBytes += c.offChipBytes * n;
      o.weightBytes += kindBytes[0] * n;
      o.activationBytes += kindBytes[1] * n;
      o.cacheBytes += kindBytes[2] * n;
      o.energy += (c.computeEnergy + c.memoryEnergy) * n;
      // The bound reported is that of the pass where the operator spent longest.
      const Seconds spent = c.time * times;
      if (!bounds[i].cost || spent > bounds[i].longest) bounds[i] = {spent, &c};
    }
  }
  // Operators limited alike share one description.
  struct Described {
    bool computeBound;
    int stream, level;
    SharedText text;
  };
  std::vector<Described> described;
  for (std::size_t i = 0; i < r.operators.size(); ++i) {
    const auto* c = bounds[i].cost;
    if (!c) continue;
    r.operators[i].boundKind = c->computeBound ? BoundKind::Compute : BoundKind::Memory;
    r.operators[i].boundLevel = c->computeBound ? -1 : std::max(0, c->boundLevel);
    if (!mDescriptive) continue;
    auto known = std::find_if(described.begin(), described.end(), [&](const Described& d) {
      return d.computeBound == c->computeBound && d.stream == c->boundStream && d.level == c->boundLevel;
    });
    if (known == described.end())
      known = described.insert(described.end(), {c->computeBound, c->boundStream, c->boundLevel, mCoster->describeBound(*c, mDevice)});
    r.operators[i].bound = known->text;
  }

  const Watts idle = mDevice.idlePower() * double(mCount);
  r.energy = dynamic * double(mCount) + idle * r.time;
  parts.idle = idle * r.time;
  r.energyBreakdown = parts;
  r.averagePower = r.time.value() > 0 ? r.energy / r.time : Watts();
  r.tokensPerSecond = r.time.value() > 0 ? tokens / r.time.value() : 0.0;
  r.tokensPerJoule = r.energy.value() > 0 ? tokens / r.energy.value() : 0.0;
  for (std::size_t j = 0; j < levels.size(); ++j) {
    LevelUsage u;
    u.depth = int(j);
    u.name = memory.levelName(j);
    if (mDescriptive) u.technology = levels[j]->describe();
    u.read = traffic[j].read * double(mCount);
    u.written = traffic[j].written * double(mCount);
    const LevelFigures& level = mDevice.level(j);
    const Joules e = level.readEnergy * traffic[j].read + level.writeEnergy * traffic[j].written + level.backgroundPower * r.time;
    u.averagePower = r.time.value() > 0 ? e / r.time * double(mCount) : Watts();
    u.backgroundPower = r.time.value() > 0 ? level.backgroundPower * double(mCount) : Watts();
    r.levels.push_back(u);
  }
  return r;
}

PhaseResult PhaseEvaluator::summarisePass(const PassCost& pass, double tokens, int batch) const {
  return summarise({{pass, 1.0}}, tokens, batch);
}

PhaseResult PhaseEvaluator::prefill(const Workload& workload, int batch) const {
  PassShape shape{double(batch), double(workload.inputTokens), 0, 1};
  // A diffusion model without a cache: the first full denoising pass; with a prefix cache the
  // prompt pass fills the cache, as an autoregressive prefill does.
  if (!mModel.keepsCache()) shape = {double(batch), double(workload.contextTokens()), 0, double(workload.outputTokens)};
  auto pass = costPass(shape);
  const Seconds t = pass.time;
  auto r = summarise({{std::move(pass), 1.0}}, double(batch) * workload.inputTokens, batch);
  r.ttft = t;
  r.footprint = mWeights + sequenceFootprint(workload, double(workload.inputTokens)) * double(batch);
  return r;
}

PhaseResult PhaseEvaluator::decode(const Workload& workload, int batch, int segments) const {
  segments = std::max(1, segments);
  std::vector<std::pair<PassCost, double>> passes;
  const double generated = double(workload.outputTokens);
  if (!mModel.keepsCache()) {
    // Each denoising pass revisits prompt + answer; tokensPerStep tokens are unmasked per pass.
    const double steps = std::max(0.0, std::ceil(generated / mModel.diffusion.tokensPerStep) - 1.0);
    PassShape shape{double(batch), double(workload.contextTokens()), 0, generated};
    passes.emplace_back(costPass(shape), steps);
  } else if (mModel.diffusion.enabled) {
    // Block-wise with a prefix cache: every pass recomputes the current block (its logits too)
    // against the cached prompt and finished blocks; tokensPerStep tokens are unmasked per pass,
    // so a block takes block / tokensPerStep passes. Integrated over the blocks' start positions.
    const double block = std::min(mModel.diffusion.blockTokens, generated);
    const double steps = std::ceil(generated / mModel.diffusion.tokensPerStep);
    CostMemo memo;
    for (int s = 0; s < segments; ++s) {
      const double done = std::floor((s + 0.5) * generated / segments / block) * block;
      PassShape shape{double(batch), block, double(workload.inputTokens) + done, block};
      passes.emplace_back(costPass(shape, &memo), steps / segments);
    }
  } else {
    const double stepsPerSegment = generated / segments;
    CostMemo memo; // the segments differ only in the context: most operators cost the same in each
    for (int s = 0; s < segments; ++s) {
      const double context = double(workload.inputTokens) + (s + 0.5) * stepsPerSegment;
      PassShape shape{double(batch), 1, context, 1};
      passes.emplace_back(costPass(shape, &memo), stepsPerSegment);
    }
  }
  Seconds first = passes.front().first.time, last = passes.back().first.time;
  auto r = summarise(passes, double(batch) * generated, batch);
  const double perSequenceTokens = generated;
  r.tbt = perSequenceTokens > 0 ? r.time / perSequenceTokens : Seconds();
  if (mModel.diffusion.enabled) {
    first = first / mModel.diffusion.tokensPerStep;
    last = last / mModel.diffusion.tokensPerStep;
  }
  r.tbtFirst = first;
  r.tbtLast = last;
  r.footprint = mWeights + sequenceFootprint(workload, double(workload.contextTokens())) * double(batch);
  return r;
}

} // namespace llmwb
