// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving/step_cost.h"

#include <algorithm>
#include <cmath>

namespace llmwb::serving {

namespace {
constexpr double kLinearEnd = 16;         // every integer up to here
constexpr double kNodesPerOctave = 8;     // then 2^(1/8) apart
constexpr double kLargestBatch = 65536;
constexpr double kLargestTokens = 16.0 * 1024 * 1024;

StepCostValue lerp(const StepCostValue& a, const StepCostValue& b, double f) {
  return {a.time + (b.time - a.time) * f, a.energy + (b.energy - a.energy) * f};
}
} // namespace

GridAxis::GridAxis(double first, double last) {
  for (double x = first; x <= kLinearEnd; x += 1) mNodes.push_back(x);
  for (int k = 1; mNodes.back() < last; ++k) {
    const double x = std::round(kLinearEnd * std::exp2(k / kNodesPerOctave));
    if (x > mNodes.back()) mNodes.push_back(x);
  }
}

void GridAxis::locate(double x, std::size_t& cell, double& fraction) const {
  x = std::clamp(x, mNodes.front(), mNodes.back());
  const auto it = std::upper_bound(mNodes.begin(), mNodes.end(), x);
  cell = std::min<std::size_t>(std::size_t(it - mNodes.begin()), mNodes.size() - 1) - 1;
  fraction = (x - mNodes[cell]) / (mNodes[cell + 1] - mNodes[cell]);
}

StepCost::StepCost(const engine::PerformanceModel& model, bool memoise)
    : mModel(model), mMemoise(memoise), mBatch(1, kLargestBatch), mTokens(1, kLargestTokens),
      mContext(0, kLargestTokens) {}

StepCostValue StepCost::direct(engine::Phase phase, double batch, double newTokens, double context) const {
  ++mEngineCalls;
  const auto r = mModel.step(engine::OperatingPoint{phase, batch, newTokens, context});
  // A step never takes zero or non-finite time: that would stall or poison the event loop.
  const double time = std::isfinite(r.time.value()) ? std::max(r.time.value(), 1e-12) : 1e-12;
  const double energy = std::isfinite(r.energy.total().value()) ? std::max(r.energy.total().value(), 0.0) : 0.0;
  return {time, energy};
}

StepCostValue StepCost::node(engine::Phase phase, std::size_t b, std::size_t t, std::size_t c) const {
  const std::uint64_t key = (std::uint64_t(phase == engine::Phase::Prefill) << 60) | (std::uint64_t(b) << 40) |
                            (std::uint64_t(t) << 20) | std::uint64_t(c);
  if (auto it = mMemo.find(key); it != mMemo.end()) return it->second;
  const auto v = direct(phase, mBatch.node(b), mTokens.node(t), mContext.node(c));
  mMemo.emplace(key, v);
  return v;
}

StepCostValue StepCost::decodeAtNode(const BatchBlend& batch, std::size_t c) const {
  return lerp(node(engine::Phase::Decode, batch.cell, 0, c), node(engine::Phase::Decode, batch.cell + 1, 0, c),
              batch.fraction);
}

StepCostValue StepCost::decode(double batch, double context) const {
  if (!mMemoise) return direct(engine::Phase::Decode, batch, 1, context);
  BatchBlend b;
  mBatch.locate(batch, b.cell, b.fraction);
  std::size_t c;
  double fc;
  mContext.locate(context, c, fc);
  return lerp(decodeAtNode(b, c), decodeAtNode(b, c + 1), fc);
}

StepCostValue StepCost::mixed(double batch, double newTokens, double context) const {
  if (!mMemoise) return direct(engine::Phase::Prefill, batch, newTokens, context);
  std::size_t b, t, c;
  double fb, ft, fc;
  mBatch.locate(batch, b, fb);
  mTokens.locate(newTokens, t, ft);
  mContext.locate(context, c, fc);
  auto alongContext = [&](std::size_t bi, std::size_t ti) {
    return lerp(node(engine::Phase::Prefill, bi, ti, c), node(engine::Phase::Prefill, bi, ti, c + 1), fc);
  };
  auto alongTokens = [&](std::size_t bi) { return lerp(alongContext(bi, t), alongContext(bi, t + 1), ft); };
  return lerp(alongTokens(b), alongTokens(b + 1), fb);
}

StepCostValue StepCost::cellSum(const BatchBlend& batch, std::size_t c, double context, long long j0,
                                long long j1) const {
  const double n0 = mContext.node(c), n1 = mContext.node(c + 1);
  const auto f0 = decodeAtNode(batch, c), f1 = decodeAtNode(batch, c + 1);
  const double m = double(j1 - j0);
  // sum over j of (context + j - n0): m (context - n0) + m (j0 + j1 - 1) / 2
  const double offsets = m * (context - n0) + m * double(j0 + j1 - 1) / 2;
  const double span = n1 - n0;
  return {m * f0.time + (f1.time - f0.time) / span * offsets, m * f0.energy + (f1.energy - f0.energy) / span * offsets};
}

StepCostValue StepCost::decodeRun(double batch, double context, long long steps) const {
  StepCostValue sum;
  if (!mMemoise) {
    for (long long j = 0; j < steps; ++j) sum += direct(engine::Phase::Decode, batch, 1, context + double(j));
    return sum;
  }
  BatchBlend b;
  mBatch.locate(batch, b.cell, b.fraction);
  const std::size_t lastCell = mContext.size() - 2;
  for (long long j = 0; j < steps;) {
    std::size_t c;
    double f;
    mContext.locate(context + double(j), c, f);
    long long end = steps;
    if (c < lastCell) end = std::clamp(static_cast<long long>(std::ceil(mContext.node(c + 1) - context)), j + 1, steps);
    sum += cellSum(b, c, context, j, end);
    j = end;
  }
  return sum;
}

long long StepCost::stepsToReach(double batch, double context, double duration, long long maxSteps) const {
  if (maxSteps <= 1 || duration <= 0) return 1;
  if (!mMemoise) {
    double t = 0;
    for (long long j = 0; j < maxSteps; ++j) {
      t += direct(engine::Phase::Decode, batch, 1, context + double(j)).time;
      if (t >= duration) return j + 1;
    }
    return maxSteps;
  }
  BatchBlend b;
  mBatch.locate(batch, b.cell, b.fraction);
  const std::size_t lastCell = mContext.size() - 2;
  double elapsed = 0;
  for (long long j = 0; j < maxSteps;) {
    std::size_t c;
    double f;
    mContext.locate(context + double(j), c, f);
    long long end = maxSteps;
    if (c < lastCell) end = std::clamp(static_cast<long long>(std::ceil(mContext.node(c + 1) - context)), j + 1, maxSteps);
    const double cell = cellSum(b, c, context, j, end).time;
    if (elapsed + cell >= duration) {
      // The first end' in (j, end] with elapsed + sum(j, end') >= duration.
      long long lo = j + 1, hi = end;
      while (lo < hi) {
        const long long mid = lo + (hi - lo) / 2;
        if (elapsed + cellSum(b, c, context, j, mid).time >= duration) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    }
    elapsed += cell;
    j = end;
  }
  return maxSteps;
}

} // namespace llmwb::serving
