// SPDX-License-Identifier: GPL-3.0-or-later
// The memo grid of step_cost.h against direct PerformanceModel::step() calls: the interpolation
// error stays under 2 % over the operating points a serving run visits, and the closed-form runs
// of decode steps equal the sum of their steps.
#include "core/engine/engine_registry.h"
#include "core/serving/step_cost.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace llmwb;
using namespace llmwb::serving;

namespace {
const PresetLibrary& lib() { return test::presets(); }

struct Group {
  SystemSpec system;
  ModelSpec model;
  std::unique_ptr<engine::PerformanceModel> performance;
};

/// The group that takes the steps: the decode group for decode steps, the prefill group for steps
/// with prefill work (the same group on an aggregated system).
Group build(const char* systemId, const char* modelId, bool prefill = false) {
  Group g{lib().system(systemId), lib().model(modelId), nullptr};
  g.performance = engine::buildModel(g.system, prefill ? *g.system.prefillGroup() : *g.system.decodeGroup(), g.model);
  return g;
}

double relativeError(double a, double b) { return std::abs(a - b) / std::abs(b); }
} // namespace

class StepCostGrid : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};

TEST_P(StepCostGrid, InterpolationWithinTwoPercentOfDirectCalls) {
  const auto g = build(GetParam().first, GetParam().second);
  const auto p = build(GetParam().first, GetParam().second, true);
  const StepCost memo(*g.performance), direct(*g.performance, false);
  const StepCost prefillMemo(*p.performance), prefillDirect(*p.performance, false);
  std::mt19937_64 rng(7);
  // Log-uniform points: batch 1..512, context 1..128K, new tokens 1..16K.
  auto logUniform = [&](double lo, double hi) {
    return std::round(std::exp(std::uniform_real_distribution<double>(std::log(lo), std::log(hi))(rng)));
  };
  double worstDecode = 0, worstMixed = 0, worstEnergy = 0;
  for (int i = 0; i < 300; ++i) {
    const double batch = logUniform(1, 512), context = logUniform(1, 131072);
    const auto m = memo.decode(batch, context), d = direct.decode(batch, context);
    worstDecode = std::max(worstDecode, relativeError(m.time, d.time));
    worstEnergy = std::max(worstEnergy, relativeError(m.energy, d.energy));
    const double sequences = logUniform(1, 64), tokens = logUniform(1, 16384);
    const auto mm = prefillMemo.mixed(sequences, tokens, context), dm = prefillDirect.mixed(sequences, tokens, context);
    worstMixed = std::max(worstMixed, relativeError(mm.time, dm.time));
    worstEnergy = std::max(worstEnergy, relativeError(mm.energy, dm.energy));
  }
  EXPECT_LT(worstDecode, 0.02) << GetParam().first;
  EXPECT_LT(worstMixed, 0.02) << GetParam().first;
  EXPECT_LT(worstEnergy, 0.02) << GetParam().first;
  RecordProperty("worst_decode_error", std::to_string(worstDecode));
  RecordProperty("worst_mixed_error", std::to_string(worstMixed));
  std::printf("%s: worst interpolation error decode %.3f %%, prefill/mixed %.3f %%, energy %.3f %%; %lld engine calls\n",
              GetParam().first, 100 * worstDecode, 100 * worstMixed, 100 * worstEnergy,
              memo.engineCalls() + prefillMemo.engineCalls());
}

INSTANTIATE_TEST_SUITE_P(Presets, StepCostGrid,
                         ::testing::Values(std::pair{"gpu/h100x4", "llama-3.3-70b"}, std::pair{"memexplorer/p1d1", "llama-3.3-70b"},
                                           std::pair{"memexplorer/base", "qwen3-30b-a3b"}, std::pair{"gpu/b200", "nemotron-h-56b"}));

TEST(StepCost, DecodeRunIsTheSumOfItsSteps) {
  const auto g = build("gpu/h100x4", "llama-3.3-70b");
  const StepCost memo(*g.performance);
  for (const double batch : {1.0, 7.0, 48.0})
    for (const double context : {0.0, 13.5, 900.0, 90000.0}) {
      const long long steps = 3000;
      double time = 0, energy = 0;
      for (long long j = 0; j < steps; ++j) {
        const auto s = memo.decode(batch, context + double(j));
        time += s.time;
        energy += s.energy;
      }
      const auto run = memo.decodeRun(batch, context, steps);
      EXPECT_LT(relativeError(run.time, time), 1e-9) << batch << " " << context;
      EXPECT_LT(relativeError(run.energy, energy), 1e-9);
    }
}

TEST(StepCost, StepsToReachInvertsTheRun) {
  const auto g = build("gpu/h100x4", "llama-3.3-70b");
  const StepCost memo(*g.performance);
  const double batch = 12, context = 2000;
  for (const long long k : {1LL, 2LL, 17LL, 500LL, 4000LL}) {
    const double duration = memo.decodeRun(batch, context, k).time;
    EXPECT_EQ(memo.stepsToReach(batch, context, duration, 100000), k);
    EXPECT_EQ(memo.stepsToReach(batch, context, duration * (1 - 1e-9), 100000), k);
  }
  EXPECT_EQ(memo.stepsToReach(batch, context, 1e9, 300), 300); // capped
}

TEST(StepCost, FewEngineCallsForALongRun) {
  const auto g = build("gpu/h100x4", "llama-3.3-70b");
  const StepCost memo(*g.performance);
  memo.decodeRun(5, 90000, 8000);
  EXPECT_LT(memo.engineCalls(), 20);
}

TEST(GridAxis, IntegersThenGeometric) {
  const GridAxis axis(0, 1000, 8);
  EXPECT_EQ(axis.node(0), 0);
  EXPECT_EQ(axis.node(16), 16);
  EXPECT_GE(axis.node(axis.size() - 1), 1000);
  for (std::size_t i = 17; i < axis.size(); ++i) EXPECT_LT(axis.node(i) / axis.node(i - 1), 1.12);
  std::size_t cell;
  double f;
  axis.locate(20.5, cell, f);
  EXPECT_LE(axis.node(cell), 20.5);
  EXPECT_GT(axis.node(cell + 1), 20.5);
  axis.locate(5e6, cell, f); // clamped to the last cell
  EXPECT_EQ(cell, axis.size() - 2);
  EXPECT_DOUBLE_EQ(f, 1.0);
}
