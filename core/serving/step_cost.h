// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Step costs for the serving simulator: a PerformanceModel's step() memoised so that a long trace
// costs a few hundred engine calls instead of one per step.
//
// Decode steps are memoised per batch (batches are whole numbers, exact) along the context, on a
// grid of every integer up to 16, then eight nodes per octave (2^(1/8) ~ 1.09 apart), refined where
// needed: the first time a cell is used, it is costed at a third and two thirds of its width, and
// when linear interpolation misses either by more than 0.2 % (a kink or a jump: the cache spilling
// to another memory level, tiling steps) the cell is split in three and each part is checked
// again, down to one token. Two probes, because on a staircase one probe can fall on the chord by
// chance. Between nodes the cost is linear in the context, as attention work is, so the error
// stays near that tolerance.
//
// Steps with prefill work (a prefill, a chunk, chunks beside decodes: engine::OperatingPoint's
// averages) are memoised per number of sequences (exact) along the new tokens per sequence
// (integers up to 16, then sixteen nodes per octave, refined as above) at mean-context nodes
// (integers up to 16, then 32 per octave), interpolated bilinearly.
//
// tests/core/serving/tst_step_cost.cpp measures both against direct step() calls. Because the
// decode cost is piecewise linear in the context, a run of decode steps at a fixed batch with the
// context growing by one token per step has a closed form: the simulator jumps over whole runs of
// identical iterations.

#include "core/engine/performance_model.h"

#include <cstdint>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

namespace llmwb::serving {

/// Seconds and joules of one step or a run of steps (raw doubles: this is the inner loop).
struct StepCostValue {
  double time = 0;
  double energy = 0;
  StepCostValue& operator+=(const StepCostValue& o) {
    time += o.time;
    energy += o.energy;
    return *this;
  }
};

/// A sorted set of grid nodes and the cell of a value.
class GridAxis {
public:
  /// Integers first..16, then geometric with `perOctave` nodes per octave (rounded) up to `last`.
  GridAxis(double first, double last, double perOctave);
  /// The cell [node(i), node(i+1)] holding x (clamped to the grid) and x's fraction along it.
  void locate(double x, std::size_t& cell, double& fraction) const;
  double node(std::size_t i) const { return mNodes[i]; }
  std::size_t size() const { return mNodes.size(); }

private:
  std::vector<double> mNodes;
};

class StepCost {
public:
  /// `model` must outlive this object. memoise=false asks the engine at every call (for tests and
  /// for checking the grid).
  explicit StepCost(const engine::PerformanceModel& model, bool memoise = true);
  ~StepCost();

  /// One decode step: `batch` sequences each adding one token to a mean context of `context`.
  StepCostValue decode(double batch, double context) const;
  /// One step with prefill work: `sequences` sequences adding `newTokens` tokens each on average
  /// to a token-weighted mean context `context` (engine::OperatingPoint).
  StepCostValue mixed(double sequences, double newTokens, double context) const;

  /// `steps` decode steps at `batch`, the mean context starting at `context` and growing by one
  /// token per step.
  StepCostValue decodeRun(double batch, double context, long long steps) const;
  /// The smallest number of such steps (1..maxSteps) whose time reaches `duration`; maxSteps when
  /// even that many do not.
  long long stepsToReach(double batch, double context, double duration, long long maxSteps) const;

  /// PerformanceModel::step() calls so far.
  long long engineCalls() const { return mEngineCalls; }

private:
  struct Curve;
  StepCostValue direct(double batch, double newTokens, double context) const;
  Curve& curve(double batch) const;
  /// The refined cell holding `context`: its two nodes.
  void cell(Curve& c, double context, std::map<double, StepCostValue>::const_iterator& lo,
            std::map<double, StepCostValue>::const_iterator& hi) const;
  void refine(Curve& c, double a, double b, int depth) const;
  Curve& prefillCurve(long long sequences, std::size_t contextNode) const;
  StepCostValue at(const Curve& c, double x) const;
  StepCostValue value(Curve& c, double x) const;

  const engine::PerformanceModel& mModel;
  bool mMemoise;
  GridAxis mContext, mTokens, mMixedContext;
  mutable std::unordered_map<long long, std::unique_ptr<Curve>> mCurves;
  mutable std::unordered_map<std::uint64_t, std::unique_ptr<Curve>> mPrefillCurves;
  mutable long long mEngineCalls = 0;
};

} // namespace llmwb::serving
