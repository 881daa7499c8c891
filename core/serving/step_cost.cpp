// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving/step_cost.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace llmwb::serving {

namespace {
constexpr double kLinearEnd = 16;                       // every integer up to here
constexpr double kLargestTokens = 16.0 * 1024 * 1024;   // the grids' end
constexpr double kRefineTolerance = 0.002;              // relative miss at a cell's midpoint that splits it

StepCostValue lerp(const StepCostValue& a, const StepCostValue& b, double f) {
  return {a.time + (b.time - a.time) * f, a.energy + (b.energy - a.energy) * f};
}

bool close(double estimate, double exact) { return std::abs(estimate - exact) <= kRefineTolerance * std::abs(exact) + 1e-30; }
} // namespace

GridAxis::GridAxis(double first, double last, double perOctave) {
  for (double x = first; x <= kLinearEnd; x += 1) mNodes.push_back(x);
  for (int k = 1; mNodes.back() < last; ++k) {
    const double x = std::round(kLinearEnd * std::exp2(k / perOctave));
    if (x > mNodes.back()) mNodes.push_back(x);
  }
}

void GridAxis::locate(double x, std::size_t& cell, double& fraction) const {
  x = std::clamp(x, mNodes.front(), mNodes.back());
  const auto it = std::upper_bound(mNodes.begin(), mNodes.end(), x);
  cell = std::min<std::size_t>(std::size_t(it - mNodes.begin()), mNodes.size() - 1) - 1;
  fraction = (x - mNodes[cell]) / (mNodes[cell + 1] - mNodes[cell]);
}

/// A step's cost along one axis, the rest fixed: a batch's decode steps along the context, or the
/// prefill steps of a number of sequences at a context node along the new tokens. It holds the
/// nodes costed so far and which cells of its base grid have been checked and refined.
struct StepCost::Curve {
  const GridAxis* axis = nullptr;
  double sequences = 1;
  bool alongTokens = false;
  double context = 0; ///< alongTokens: the fixed context
  std::map<double, StepCostValue> nodes;
  std::vector<char> refined;
};

StepCostValue StepCost::at(const Curve& c, double x) const {
  return c.alongTokens ? direct(c.sequences, x, c.context) : direct(c.sequences, 1, x);
}

StepCost::StepCost(const engine::PerformanceModel& model, bool memoise)
    : mModel(model), mMemoise(memoise), mContext(0, kLargestTokens, 8), mTokens(1, kLargestTokens, 16),
      mMixedContext(0, kLargestTokens, 32) {}

StepCost::~StepCost() = default;

StepCostValue StepCost::direct(double batch, double newTokens, double context) const {
  ++mEngineCalls;
  // The engine costs a pass by its shape; a pass adding one token is a decode step.
  const auto phase = newTokens > 1 ? engine::Phase::Prefill : engine::Phase::Decode;
  const auto r = mModel.step(engine::OperatingPoint{phase, batch, newTokens, context});
  // A step never takes zero or non-finite time: that would stall or poison the event loop.
  const double time = std::isfinite(r.time.value()) ? std::max(r.time.value(), 1e-12) : 1e-12;
  const double energy = std::isfinite(r.energy.total().value()) ? std::max(r.energy.total().value(), 0.0) : 0.0;
  return {time, energy};
}

StepCost::Curve& StepCost::curve(double batch) const {
  const auto key = std::max(1LL, std::llround(batch));
  auto& slot = mCurves[key];
  if (!slot) {
    slot = std::make_unique<Curve>();
    slot->axis = &mContext;
    slot->sequences = double(key);
    slot->refined.assign(mContext.size(), 0);
  }
  return *slot;
}

StepCost::Curve& StepCost::prefillCurve(long long sequences, std::size_t contextNode) const {
  auto& slot = mPrefillCurves[(std::uint64_t(sequences) << 20) | std::uint64_t(contextNode)];
  if (!slot) {
    slot = std::make_unique<Curve>();
    slot->axis = &mTokens;
    slot->sequences = double(sequences);
    slot->alongTokens = true;
    slot->context = mMixedContext.node(contextNode);
    slot->refined.assign(mTokens.size(), 0);
  }
  return *slot;
}

StepCostValue StepCost::value(Curve& c, double x) const {
  std::map<double, StepCostValue>::const_iterator lo, hi;
  cell(c, x, lo, hi);
  return lerp(lo->second, hi->second, (x - lo->first) / (hi->first - lo->first));
}

void StepCost::refine(Curve& c, double a, double b, int depth) const {
  if (b - a < 2 || depth > 40) return;
  // Two probes, at a third and two thirds: a staircase (tiling steps) can put one probe on the
  // chord by chance, rarely both.
  const double m1 = std::floor(a + (b - a) / 3), m2 = std::max(m1 + 1, std::floor(a + 2 * (b - a) / 3));
  const auto fa = c.nodes.at(a), fb = c.nodes.at(b);
  bool straight = true;
  for (const double m : {m1, m2}) {
    if (m <= a || m >= b) continue;
    const auto fm = at(c, m);
    c.nodes.emplace(m, fm);
    const auto linear = lerp(fa, fb, (m - a) / (b - a));
    straight = straight && close(linear.time, fm.time) && close(linear.energy, fm.energy);
  }
  if (straight) return;
  double from = a;
  for (const double to : {m1, m2, b}) {
    if (to <= from || to > b) continue;
    refine(c, from, to, depth + 1);
    from = to;
  }
}

void StepCost::cell(Curve& c, double position, std::map<double, StepCostValue>::const_iterator& lo,
                    std::map<double, StepCostValue>::const_iterator& hi) const {
  const GridAxis& axis = *c.axis;
  std::size_t i;
  double f;
  axis.locate(position, i, f);
  if (!c.refined[i]) {
    for (const double n : {axis.node(i), axis.node(i + 1)})
      if (!c.nodes.count(n)) c.nodes.emplace(n, at(c, n));
    refine(c, axis.node(i), axis.node(i + 1), 0);
    c.refined[i] = 1;
  }
  const double x = std::clamp(position, axis.node(i), axis.node(i + 1));
  auto next = c.nodes.upper_bound(x);
  if (next == c.nodes.end() || next->first > axis.node(i + 1)) next = c.nodes.find(axis.node(i + 1));
  if (next->first <= x) next = c.nodes.find(axis.node(i + 1)); // x is the cell's end
  hi = next;
  lo = std::prev(next);
}

StepCostValue StepCost::decode(double batch, double context) const {
  if (!mMemoise) return direct(batch, 1, context);
  return value(curve(batch), context);
}

StepCostValue StepCost::mixed(double sequences, double newTokens, double context) const {
  if (!mMemoise) return direct(sequences, newTokens, context);
  const long long s = std::max(1LL, std::llround(sequences));
  std::size_t c;
  double fc;
  mMixedContext.locate(context, c, fc);
  return lerp(value(prefillCurve(s, c), newTokens), value(prefillCurve(s, c + 1), newTokens), fc);
}

namespace {
/// Sum over steps j in [j0, j1) of the linear cost through (n0, f0), (n1, f1) at `context + j`.
StepCostValue cellSum(double n0, const StepCostValue& f0, double n1, const StepCostValue& f1, double context,
                      long long j0, long long j1) {
  const double m = double(j1 - j0);
  // sum over j of (context + j - n0) = m (context - n0) + m (j0 + j1 - 1) / 2
  const double offsets = m * (context - n0) + m * double(j0 + j1 - 1) / 2;
  const double span = n1 - n0;
  return {m * f0.time + (f1.time - f0.time) / span * offsets, m * f0.energy + (f1.energy - f0.energy) / span * offsets};
}
} // namespace

StepCostValue StepCost::decodeRun(double batch, double context, long long steps) const {
  StepCostValue sum;
  if (!mMemoise) {
    for (long long j = 0; j < steps; ++j) sum += direct(batch, 1, context + double(j));
    return sum;
  }
  auto& c = curve(batch);
  std::map<double, StepCostValue>::const_iterator lo, hi;
  for (long long j = 0; j < steps;) {
    cell(c, context + double(j), lo, hi);
    const bool last = std::next(hi) == c.nodes.end();
    const long long end = last ? steps : std::clamp(static_cast<long long>(std::ceil(hi->first - context)), j + 1, steps);
    sum += cellSum(lo->first, lo->second, hi->first, hi->second, context, j, end);
    j = end;
  }
  return sum;
}

long long StepCost::stepsToReach(double batch, double context, double duration, long long maxSteps) const {
  if (maxSteps <= 1 || duration <= 0) return 1;
  if (!mMemoise) {
    double t = 0;
    for (long long j = 0; j < maxSteps; ++j) {
      t += direct(batch, 1, context + double(j)).time;
      if (t >= duration) return j + 1;
    }
    return maxSteps;
  }
  auto& c = curve(batch);
  std::map<double, StepCostValue>::const_iterator lo, hi;
  double elapsed = 0;
  for (long long j = 0; j < maxSteps;) {
    cell(c, context + double(j), lo, hi);
    const bool last = std::next(hi) == c.nodes.end();
    const long long end =
        last ? maxSteps : std::clamp(static_cast<long long>(std::ceil(hi->first - context)), j + 1, maxSteps);
    auto sumTo = [&](long long k) { return cellSum(lo->first, lo->second, hi->first, hi->second, context, j, k).time; };
    const double cellTime = sumTo(end);
    if (elapsed + cellTime >= duration) {
      // The first k in (j, end] with elapsed + sum(j, k) >= duration.
      long long a = j + 1, b = end;
      while (a < b) {
        const long long mid = a + (b - a) / 2;
        if (elapsed + sumTo(mid) >= duration) b = mid;
        else a = mid + 1;
      }
      return a;
    }
    elapsed += cellTime;
    j = end;
  }
  return maxSteps;
}

} // namespace llmwb::serving
