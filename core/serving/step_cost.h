// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Step costs for the serving simulator: a PerformanceModel's step() memoised on a coarse grid.
//
// The grid: batch and new tokens take every integer up to 16, then a geometric grid with eight
// nodes per octave (ratio 2^(1/8) ~ 1.09, rounded to integers); context takes 0..16, then the same
// geometric grid. A cost between nodes is interpolated linearly along each axis (bilinear in batch
// and context for decode steps, trilinear with new tokens for prefill and mixed steps). Attention
// work is affine in the context and matrix work affine in batch x new tokens, so between nodes
// ~9 % apart the interpolation stays well inside 2 % of a direct step() call
// (tests/core/serving/tst_step_cost.cpp measures it). Nodes are costed lazily, the first time a
// lookup needs them, so a long trace costs a few hundred engine calls.
//
// Because the decode cost is piecewise linear in context along the grid, the time of a run of
// decode steps at a fixed batch with the context growing by one token per step has a closed form,
// which lets the simulator jump over whole runs of identical iterations.

#include "core/engine/performance_model.h"

#include <cstdint>
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
  /// Integers first..16, then geometric with 8 nodes per octave up to `last`.
  GridAxis(double first, double last);
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

  /// One decode step: `batch` sequences each adding one token to a mean context of `context`.
  StepCostValue decode(double batch, double context) const;
  /// One step with prefill work (a prefill, a prefill chunk, or chunks beside decodes): the
  /// averages of engine::OperatingPoint.
  StepCostValue mixed(double batch, double newTokens, double context) const;

  /// `steps` decode steps at `batch`, the mean context starting at `context` and growing by one
  /// token per step.
  StepCostValue decodeRun(double batch, double context, long long steps) const;
  /// The smallest number of such steps (1..maxSteps) whose time reaches `duration`; maxSteps when
  /// even that many do not.
  long long stepsToReach(double batch, double context, double duration, long long maxSteps) const;

  /// PerformanceModel::step() calls so far.
  long long engineCalls() const { return mEngineCalls; }

private:
  StepCostValue direct(engine::Phase phase, double batch, double newTokens, double context) const;
  StepCostValue node(engine::Phase phase, std::size_t b, std::size_t t, std::size_t c) const;
  /// The decode cost along the context axis at a batch, as node values at context node `c`.
  struct BatchBlend {
    std::size_t cell = 0;
    double fraction = 0;
  };
  StepCostValue decodeAtNode(const BatchBlend& batch, std::size_t c) const;
  /// Sum of steps j in [j0, j1) with context `context + j`, inside context cell `c`.
  StepCostValue cellSum(const BatchBlend& batch, std::size_t c, double context, long long j0, long long j1) const;

  const engine::PerformanceModel& mModel;
  bool mMemoise;
  GridAxis mBatch, mTokens, mContext;
  mutable std::unordered_map<std::uint64_t, StepCostValue> mMemo;
  mutable long long mEngineCalls = 0;
};

} // namespace llmwb::serving
