// SPDX-License-Identifier: GPL-3.0-or-later
// Design problems and the exploration loop on a tiny space (tests/data/spaces/tiny-decode.json):
// bindings reach the spec, the grid and its canonical points, seeded methods repeat themselves,
// a resumed or sharded sweep equals a whole one.
#include "core/compute/plena/plena_spec.h"
#include "core/dse/exploration.h"
#include "core/io/space_io.h"
#include "tests/core/support/tiny_space.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

using namespace llmwb;
using namespace llmwb::dse;

namespace {
const DesignProblem& tiny() { return test::tinySpace(); }

std::vector<std::vector<double>> coordinates(const ExplorationResult& r) {
  std::vector<std::vector<double>> out;
  for (const auto& p : r.points) out.push_back(p.point.coordinates);
  return out;
}

ExplorationResult run(const std::string& method, std::uint64_t seed, std::size_t budget, int threads = 1) {
  ExplorationOptions o;
  o.method = method;
  o.methodOptions.seed = seed;
  o.methodOptions.budget = budget;
  o.methodOptions.initialPoints = 8;
  o.methodOptions.populationSize = 8;
  o.methodOptions.candidates = 100;
  o.threads = threads;
  return explore(tiny(), o);
}
} // namespace

TEST(DesignProblem, GridAndCanonicalPoints) {
  const auto& p = tiny();
  EXPECT_EQ(p.gridSize(), 2u * 2 * 3 * 2 * 1 * 3);
  EXPECT_EQ(p.designCount(), 2u * 5 * 2 * 3); // hbm_type means nothing without stacks
  for (std::uint64_t i = 0; i < p.gridSize(); ++i) EXPECT_EQ(p.indexOf(p.pointAt(i)), i);
  const DesignPoint noHbm{{1, 1, 0, 1, 0, 2}};
  EXPECT_EQ(p.canonical(noHbm).coordinates, (std::vector<double>{1, 0, 0, 1, 0, 2}));
}

TEST(DesignProblem, BindingsReachTheSpec) {
  // 2048x128, HBM4 x4, no LPDDR, vector priority.
  const auto system = tiny().system(DesignPoint{{1, 1, 2, 0, 0, 2}});
  const auto& device = system.groups.front().device;
  const auto& compute = device.compute.as<PlenaComputeSpec>();
  EXPECT_EQ(compute.mlen, 2048);
  EXPECT_EQ(compute.blen, 128);
  ASSERT_EQ(device.memory.offChip.size(), 1u); // the empty LPDDR slot is gone
  EXPECT_EQ(device.memory.offChip[0].parts[0].technology.id, "hbm4-12h");
  EXPECT_EQ(device.memory.offChip[0].parts[0].count, 4);
  EXPECT_EQ(device.strategy.bandwidth, BandwidthPriority::Vector);
  // HBM3E x2 and LPDDR5X x8: the faster part nearest, whatever the slot order.
  const auto both = tiny().system(DesignPoint{{0, 0, 1, 1, 0, 0}});
  ASSERT_EQ(both.groups.front().device.memory.offChip.size(), 2u);
  EXPECT_EQ(both.groups.front().device.memory.offChip[0].parts[0].technology.id, "hbm3e-8h");
  EXPECT_EQ(both.groups.front().device.memory.offChip[1].parts[0].technology.id, "lpddr5x");
}

TEST(DesignProblem, InfeasibleDesignsAreResults) {
  // No off-chip memory at all: the weights do not fit; a result with reasons, not an exception.
  const auto r = tiny().evaluate(DesignPoint{{0, 0, 0, 0, 0, 0}});
  EXPECT_FALSE(r.feasible);
  EXPECT_FALSE(r.problems.empty());
  // HBM4 x4 + LPDDR5X x8 needs 62 + 36.8 mm of the 66 mm shoreline.
  const auto s = tiny().evaluate(DesignPoint{{0, 1, 2, 1, 0, 0}});
  EXPECT_FALSE(s.feasible);
  EXPECT_LT(s.constraints[1], 0.0);
}

// What GP+EHVI reads off a design without evaluating it: summaries in [0, 1] that follow the
// hardware, and a weights check that rules out only designs the engine cannot run.
TEST(DesignProblem, SummariesAndTheWeightsCheckNeedNoEngine) {
  const auto& p = tiny();
  const std::size_t n = p.summaryFeatureCount();
  std::size_t cannotFit = 0;
  for (std::uint64_t i = 0; i < p.gridSize(); ++i) {
    const auto point = p.pointAt(i);
    const auto d = p.describe(point);
    ASSERT_EQ(d.features.size(), p.featureCount());
    for (std::size_t k = d.features.size() - n; k < d.features.size(); ++k) {
      EXPECT_GE(d.features[k], 0.0);
      EXPECT_LE(d.features[k], 1.0);
    }
    if (!d.weightsCanFit) {
      ++cannotFit;
      EXPECT_FALSE(p.evaluate(point).feasible) << "design " << i << " was ruled out but runs";
    }
  }
  EXPECT_GT(cannotFit, 0u); // no off-chip memory at all
  // 2048x128 has twice the matrix peak of 1024x64 (the matrix summary, fourth from the end); HBM4
  // x4 streams the weights faster than HBM3E x2 (the fourth summary).
  const auto small = p.describe(DesignPoint{{0, 0, 1, 0, 0, 0}}).features;
  const auto large = p.describe(DesignPoint{{1, 1, 2, 0, 0, 0}}).features;
  const std::size_t first = small.size() - n;
  EXPECT_GT(large[first + 5], small[first + 5]);
  EXPECT_LT(large[first + 3], small[first + 3]);
}

TEST(Exploration, ExhaustiveVisitsEveryDesignOnceInOrder) {
  const auto r = run("exhaustive", 1, 1000, 2);
  ASSERT_EQ(r.points.size(), tiny().designCount());
  std::set<std::uint64_t> seen;
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    ASSERT_TRUE(r.points[i].index);
    if (i) {
      EXPECT_LT(*r.points[i - 1].index, *r.points[i].index);
    }
    seen.insert(*r.points[i].index);
    const auto again = tiny().evaluate(r.points[i].point); // threads change nothing
    EXPECT_EQ(r.points[i].problems, again.problems);
    for (std::size_t k = 0; k < again.objectives.size(); ++k)
      EXPECT_TRUE(r.points[i].objectives[k] == again.objectives[k] || (std::isnan(again.objectives[k]) && std::isnan(r.points[i].objectives[k])));
  }
  EXPECT_EQ(seen.size(), r.points.size());
  EXPECT_FALSE(r.pareto.empty());
  EXPECT_GT(r.hypervolume, 0.0);
}

TEST(Exploration, AnExhaustiveRunCountsAgainstItsDesignsNotTheBudget) {
  // Issue 12 item 10: a 128-point space showed "128 / 100000 designs".
  ExplorationOptions o;
  o.method = "exhaustive";
  o.methodOptions.budget = 100000;
  o.threads = 1;
  std::size_t total = 0, done = 0;
  o.progress = [&](const Progress& p) { total = p.total, done = p.done; };
  explore(tiny(), o);
  EXPECT_EQ(total, tiny().designCount());
  EXPECT_EQ(done, total);
}

TEST(Exploration, EveryMethodIsDeterministicForASeed) {
  for (const std::string method : {"random", "sobol", "nsga2", "mobo"}) {
    const auto a = run(method, 3, 24), b = run(method, 3, 24, 2), c = run(method, 4, 24);
    EXPECT_EQ(coordinates(a), coordinates(b)) << method;
    EXPECT_EQ(a.hypervolumeTrace, b.hypervolumeTrace) << method;
    EXPECT_NE(coordinates(a), coordinates(c)) << method;
    ASSERT_EQ(a.hypervolumeTrace.size(), 24u) << method;
    for (std::size_t i = 1; i < a.hypervolumeTrace.size(); ++i) EXPECT_GE(a.hypervolumeTrace[i], a.hypervolumeTrace[i - 1]);
    std::set<std::vector<double>> distinct;
    for (const auto& p : a.points) distinct.insert(p.point.coordinates);
    EXPECT_EQ(distinct.size(), a.points.size()) << method << " spent budget on a repeat";
  }
}

// A cancel reaches inside a GP+EHVI step (its fits and acquisition take seconds on a large space):
// with the flag set, the step gives up and proposes nothing, where it would propose one design.
TEST(Exploration, MoboGivesUpAStepWhenCancelled) {
  for (const bool cancel : {false, true}) {
    std::atomic<bool> flag{false};
    MethodOptions o;
    o.budget = 12;
    o.initialPoints = 8;
    o.candidates = 100;
    o.cancel = &flag;
    auto method = builtinMethods().create("mobo", tiny(), o);
    auto start = method->next(12);
    ASSERT_EQ(start.size(), 8u);
    std::vector<PointResult> results;
    for (auto& p : start) results.push_back(tiny().evaluate(p));
    method->tell(results);
    flag = cancel;
    EXPECT_EQ(method->next(4).size(), cancel ? 0u : 1u) << "cancel " << cancel;
  }
}

TEST(Exploration, ResumedAndShardedSweepsEqualAWholeOne) {
  const auto whole = run("exhaustive", 1, 1000);
  // Resume: the first 20 results are given; only the rest are evaluated.
  ExplorationOptions o;
  o.method = "exhaustive";
  o.methodOptions.budget = 1000;
  o.previous.assign(whole.points.begin(), whole.points.begin() + 20);
  const auto resumed = explore(tiny(), o);
  EXPECT_EQ(resumed.evaluated, whole.points.size() - 20);
  EXPECT_EQ(coordinates(resumed), coordinates(whole));
  EXPECT_EQ(resumed.pareto, whole.pareto);
  // Shards: two halves of the grid.
  std::vector<PointResult> joined;
  for (int k = 0; k < 2; ++k) {
    ExplorationOptions s;
    s.method = "exhaustive";
    s.methodOptions.budget = 1000;
    s.methodOptions.gridBegin = tiny().gridSize() * std::uint64_t(k) / 2;
    s.methodOptions.gridEnd = tiny().gridSize() * std::uint64_t(k + 1) / 2;
    const auto part = explore(tiny(), s);
    joined.insert(joined.end(), part.points.begin(), part.points.end());
  }
  ASSERT_EQ(joined.size(), whole.points.size());
  EXPECT_EQ(paretoSet(tiny().space(), joined), whole.pareto);
  EXPECT_DOUBLE_EQ(hypervolumeOf(tiny().space(), joined), whole.hypervolume);
}

TEST(Exploration, CancelStopsWithWhatIsDone) {
  std::atomic<bool> stop{true};
  ExplorationOptions o;
  o.method = "random";
  o.methodOptions.budget = 30;
  o.cancel = &stop;
  const auto r = explore(tiny(), o);
  EXPECT_TRUE(r.cancelled);
  EXPECT_TRUE(r.points.empty());
  EXPECT_THROW(run("simulated-annealing", 1, 10), std::invalid_argument);
}
