// SPDX-License-Identifier: GPL-3.0-or-later
// The scheduler family and what each promises: registration, pools, memory policies, batch
// limits, cancellation, and the results' bookkeeping (energy, goodput, timeline).
#include "core/serving/pool.h"
#include "core/serving/scheduler.h"
#include "core/serving/serving.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

using namespace llmwb;
using namespace llmwb::serving;

namespace {
const PresetLibrary& lib() { return test::presets(); }

ServingConfig poisson(const char* workload, double rate, int requests, const char* scheduler) {
  ServingConfig c;
  c.workload = lib().workload(workload);
  c.arrivals = ArrivalProcess::Poisson;
  c.rate = rate;
  c.requests = requests;
  c.scheduler = scheduler;
  return c;
}

int most(const ServingResult& r, int TimelineSample::*field) {
  int m = 0;
  for (const auto& s : r.timeline.samples) m = std::max(m, s.*field);
  return m;
}
} // namespace

TEST(SchedulerRegistry, HoldsTheSixByName) {
  EXPECT_EQ(schedulerNames(),
            (std::vector<std::string>{"static", "continuous", "chunked", "disaggregated", "fused", "npusim"}));
  EXPECT_NE(schedulers().create("chunked"), nullptr);
  EXPECT_THROW(schedulers().create("fifo"), std::invalid_argument);
  SchedulerRegistry r;
  registerBuiltinSchedulers(r);
  EXPECT_THROW(r.add("static", "again", [] { return std::unique_ptr<Scheduler>(); }), std::invalid_argument);
}

class EveryScheduler : public ::testing::TestWithParam<const char*> {};

TEST_P(EveryScheduler, ServesEveryRequestWithSoundMetrics) {
  const char* scheduler = GetParam();
  const bool disaggregated = std::string(scheduler) == "disaggregated";
  const auto system = lib().system(disaggregated ? "memexplorer/p1d1" : "gpu/h100x4");
  auto config = poisson("chat", disaggregated ? 0.5 : 6.0, 300, scheduler);
  config.outputLengths = LengthDistribution::Exponential;
  config.ttftLimit = Seconds(1e6);
  config.tbtLimit = Seconds(1e6);
  const auto r = simulate(system, lib().model("llama-3.3-70b"), config);
  ASSERT_TRUE(r.feasible) << r.reason;
  EXPECT_EQ(r.completed, 300);
  EXPECT_EQ(r.scheduler, scheduler);
  EXPECT_GT(r.makespan.value(), 0);
  for (const auto& q : r.records) {
    EXPECT_TRUE(q.completed);
    EXPECT_GE(q.ttft().value(), 0);
    EXPECT_GE(q.e2e(), q.ttft());
  }
  for (const auto* p : {&r.ttft, &r.tbt, &r.e2e}) {
    EXPECT_GT(p->mean.value(), 0);
    EXPECT_LE(p->p50, p->p90);
    EXPECT_LE(p->p90, p->p99);
  }
  EXPECT_NEAR(r.goodput, r.requestsPerSecond, 1e-12); // limits nobody misses
  EXPECT_DOUBLE_EQ(r.goodputFraction, 1.0);
  EXPECT_GT(r.totalTokensPerSecond, r.outputTokensPerSecond);
  EXPECT_GT(r.energyPerToken.value(), 0);
  EXPECT_EQ(r.timeline.pools.size(), disaggregated ? 2u : 1u);
  for (const auto& s : r.timeline.samples)
    for (const double kv : s.kvOccupancy) {
      EXPECT_GE(kv, 0.0);
      EXPECT_LE(kv, 1.0);
    }
  EXPECT_LT(r.engineCalls, 5000);
}

INSTANTIATE_TEST_SUITE_P(Builtin, EveryScheduler,
                         ::testing::Values("static", "continuous", "chunked", "disaggregated", "fused"));

TEST(Schedulers, StaticBatchesRunToTheirEnd) {
  const auto r = simulate(lib().system("gpu/h100x4"), lib().model("llama-3.3-70b"), poisson("chat", 20, 400, "static"));
  ASSERT_EQ(r.completed, 400);
  // A batch is prefilled in one step (one first-token time) and runs to its last request before
  // the next batch's first token.
  std::map<double, double> batchEnd; // first-token time -> last finish of that batch
  for (const auto& q : r.records) {
    auto& end = batchEnd[q.firstToken.value()];
    end = std::max(end, q.finish.value());
  }
  EXPECT_GT(batchEnd.size(), 1u);
  for (auto it = batchEnd.begin(); std::next(it) != batchEnd.end(); ++it)
    EXPECT_GT(std::next(it)->first, it->second) << "a batch started at " << std::next(it)->first << " s";
  const auto continuous =
      simulate(lib().system("gpu/h100x4"), lib().model("llama-3.3-70b"), poisson("chat", 20, 400, "continuous"));
  EXPECT_LT(continuous.e2e.mean, r.e2e.mean);
}

TEST(Schedulers, MaxBatchBoundsTheRunningBatch) {
  auto config = poisson("chat", 50, 300, "continuous");
  config.maxBatch = 8;
  const auto r = simulate(lib().system("gpu/h100x4"), lib().model("llama-3.3-70b"), config);
  EXPECT_EQ(r.completed, 300);
  EXPECT_EQ(most(r, &TimelineSample::running), 8);
}

TEST(Schedulers, TheTighterOfTwoBatchLimitsHolds) {
  EXPECT_EQ(tighterBatchLimit(0, 0), 0); // 0: no limit
  EXPECT_EQ(tighterBatchLimit(8, 0), 8);
  EXPECT_EQ(tighterBatchLimit(0, 105), 105);
  EXPECT_EQ(tighterBatchLimit(8, 105), 8);
  EXPECT_EQ(tighterBatchLimit(200, 105), 105);
}

TEST(Schedulers, PreemptionAdmitsMoreAndRecomputes) {
  // Long answers on a small cache: waiting for a whole context admits few; preempting admits on
  // the prompt alone and gives caches back when they fill.
  auto config = poisson("8K:16K", 1, 200, "continuous");
  const auto system = lib().system("gpu/h100x4");
  const auto model = lib().model("llama-3.3-70b");
  const auto wait = simulate(system, model, config);
  config.memory = MemoryPolicy::Preempt;
  const auto preempt = simulate(system, model, config);
  ASSERT_EQ(wait.completed, 200);
  ASSERT_EQ(preempt.completed, 200);
  int preemptions = 0;
  for (const auto& q : preempt.records) preemptions += q.preemptions;
  for (const auto& q : wait.records) EXPECT_EQ(q.preemptions, 0);
  EXPECT_GT(preemptions, 0);
  EXPECT_GT(most(preempt, &TimelineSample::running), most(wait, &TimelineSample::running));
}

TEST(Schedulers, DisaggregatedHandsTheCacheOverAndFusedNeedsNoLink) {
  const auto system = lib().system("memexplorer/p1d1");
  const auto model = lib().model("llama-3.3-70b");
  const auto r = simulate(system, model, poisson("8K:256", 0.01, 10, "disaggregated"));
  ASSERT_TRUE(r.feasible) << r.reason;
  EXPECT_EQ(r.timeline.pools, (std::vector<std::string>{"prefill", "decode"}));
  // One request at a time: its first token waits for the prefill and the exposed hand-off, which
  // is more than the prefill alone.
  EXPECT_GT(r.ttft.mean, r.prefillBusy / 10.0);
  // On an aggregated system the disaggregated scheduler has nothing to hand over to.
  const auto aggregated = simulate(lib().system("gpu/h100x4"), model, poisson("chat", 1, 10, "disaggregated"));
  EXPECT_FALSE(aggregated.feasible);
  EXPECT_NE(aggregated.reason.find("separate prefill and decode groups"), std::string::npos);
  // A one-pool scheduler on a disaggregated system runs on its decode group, and says so.
  const auto fused = simulate(system, model, poisson("8K:256", 0.01, 10, "fused"));
  EXPECT_TRUE(fused.feasible);
  EXPECT_FALSE(fused.warnings.empty());
}

TEST(Schedulers, BadConfigurationsAreInfeasibleResults) {
  const auto system = lib().system("gpu/h100x4");
  const auto model = lib().model("llama-3.3-70b");
  auto config = poisson("chat", 1, 10, "round-robin");
  auto r = simulate(system, model, config);
  EXPECT_FALSE(r.feasible);
  EXPECT_NE(r.reason.find("unknown scheduler \"round-robin\" (known: static, continuous"), std::string::npos);
  config.scheduler = "continuous";
  config.rate = 0;
  EXPECT_FALSE(simulate(system, model, config).feasible);
  config.rate = 1;
  config.requests = 0;
  EXPECT_FALSE(simulate(system, model, config).feasible);
  config.requests = 10;
  config.arrivals = ArrivalProcess::Trace;
  EXPECT_FALSE(simulate(system, model, config).feasible); // empty trace
  // The weights of a 397B model do not fit one H100.
  r = simulate(lib().system("gpu/h100"), lib().model("qwen3.5-397b-a17b"), poisson("chat", 1, 10, "continuous"));
  EXPECT_FALSE(r.feasible);
  EXPECT_NE(r.reason.find("weights alone do not fit"), std::string::npos);
}

// A request that can never fit, not even alone, is dropped (the others are served) and the run is
// infeasible with the reason: its figures are not the workload's (issue 37).
TEST(Schedulers, ARequestLargerThanTheCacheMakesTheRunInfeasible) {
  ServingConfig config;
  config.arrivals = ArrivalProcess::Trace;
  config.trace = {{Seconds(0), 1000, 100}, {Seconds(0.1), 5'000'000, 100}, {Seconds(0.2), 1000, 100}};
  const auto r = simulate(lib().system("gpu/h100x4"), lib().model("llama-3.3-70b"), config);
  ASSERT_FALSE(r.feasible);
  EXPECT_NE(r.reason.find("1 of 3 requests can never fit the KV cache"), std::string::npos) << r.reason;
  EXPECT_NE(r.reason.find("request 1 (5000000 input + 100 output tokens) needs"), std::string::npos) << r.reason;
  EXPECT_EQ(r.completed, 2);
  EXPECT_FALSE(r.records[1].completed);
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_NE(r.warnings.front().find("does not fit"), std::string::npos);
}

TEST(Schedulers, ProgressIsReportedAndCancelStops) {
  const auto system = lib().system("gpu/h100x4");
  const auto model = lib().model("llama-3.3-70b");
  const auto config = poisson("chat", 8, 3000, "continuous");
  double last = -1;
  int calls = 0;
  const auto full = simulate(system, model, config, [&](double p) {
    EXPECT_GE(p, last);
    EXPECT_LE(p, 1.0);
    last = p;
    ++calls;
    return true;
  });
  EXPECT_GT(calls, 0);
  EXPECT_FALSE(full.cancelled);
  const auto cancelled = simulate(system, model, config, [](double p) { return p < 0.3; });
  EXPECT_TRUE(cancelled.cancelled);
  EXPECT_LT(cancelled.completed, 3000);
  EXPECT_GT(cancelled.completed, 0);
}

TEST(Schedulers, EnergyCountsIdleTime) {
  const auto system = lib().system("gpu/h100x4");
  const auto model = lib().model("llama-3.3-70b");
  const auto busy = simulate(system, model, poisson("chat", 10, 300, "continuous"));
  const auto idle = simulate(system, model, poisson("chat", 0.1, 300, "continuous"));
  EXPECT_GT(idle.energyPerToken, busy.energyPerToken); // idle power spread over fewer tokens per second
  EXPECT_GT(idle.energy.value(), 0);
}
