// SPDX-License-Identifier: GPL-3.0-or-later
// The serving simulator against theory: the analytic evaluation at the limits (all at once, very
// low rate), Little's law, latency against rate, chunked prefill against plain continuous
// batching, and determinism.
#include "core/engine/evaluate.h"
#include "core/serving/serving.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace llmwb;
using namespace llmwb::serving;

namespace {
const PresetLibrary& lib() { return test::presets(); }

ServingConfig burst(const Workload& w, int requests, const std::string& scheduler) {
  ServingConfig c;
  c.workload = w;
  c.arrivals = ArrivalProcess::Burst;
  c.requests = requests;
  c.scheduler = scheduler;
  return c;
}

ServingConfig poisson(const Workload& w, double rate, int requests, const std::string& scheduler = "continuous") {
  ServingConfig c = burst(w, requests, scheduler);
  c.arrivals = ArrivalProcess::Poisson;
  c.rate = rate;
  return c;
}

/// Time-average of the requests in the system (queued + running) from the timeline.
double timelineMeanInSystem(const ServingResult& r) {
  const auto& s = r.timeline.samples;
  double area = 0;
  for (std::size_t i = 0; i + 1 < s.size(); ++i)
    area += double(s[i].queued + s[i].running) * (s[i + 1].time - s[i].time).value();
  return area / r.makespan.value();
}

double relativeError(double a, double b) { return std::abs(a - b) / std::abs(b); }
} // namespace

// All requests at once, static batching at the analytic decode batch: the decode steps run at
// evaluate()'s decode throughput for that batch.
struct StaticCase {
  const char* system;
  const char* model;
  const char* workload;
};

class StaticBatchingMatchesDecode : public ::testing::TestWithParam<StaticCase> {};

TEST_P(StaticBatchingMatchesDecode, WithinTwoPercent) {
  const auto [systemId, modelId, workloadId] = GetParam();
  const auto system = lib().system(systemId);
  const auto model = lib().model(modelId);
  const auto workload = lib().workload(workloadId);
  const auto analytic = evaluate(system, model, workload);
  ASSERT_TRUE(analytic.feasible) << systemId;
  const int batch = analytic.decode.batch;
  ASSERT_GT(batch, 0);

  auto config = burst(workload, batch, "static");
  config.maxBatch = batch;
  const auto r = simulate(system, model, config);
  ASSERT_TRUE(r.feasible) << r.reason;
  EXPECT_EQ(r.completed, batch);
  EXPECT_LT(relativeError(r.decodeTokensPerSecond(), analytic.decode.tokensPerSecond), 0.02)
      << systemId << " batch " << batch << ": simulated " << r.decodeTokensPerSecond() << " tokens/s, analytic "
      << analytic.decode.tokensPerSecond;
}

INSTANTIATE_TEST_SUITE_P(Presets, StaticBatchingMatchesDecode,
                         ::testing::Values(StaticCase{"gpu/h100x4", "llama-3.3-70b", "osworld"},
                                           StaticCase{"gpu/h100x4", "llama-3.3-70b", "2K:512"},
                                           StaticCase{"memexplorer/base", "llama-3.3-70b", "chat"},
                                           StaticCase{"gpu/h100", "llama-3.1-8b", "chat"}));

// At a very low rate every request finds the system empty: its TTFT is the batch-1 prefill
// (plus the exposed KV hand-off on a disaggregated system), as evaluate() computes it.
struct LowRateCase {
  const char* system;
  const char* scheduler;
};

class LowRateTtft : public ::testing::TestWithParam<LowRateCase> {};

TEST_P(LowRateTtft, EqualsAnalyticTtft) {
  const auto [systemId, scheduler] = GetParam();
  const auto system = lib().system(systemId);
  const auto model = lib().model("llama-3.3-70b");
  const auto workload = lib().workload("8K:256");
  const auto analytic = evaluate(system, model, workload);
  ASSERT_TRUE(analytic.feasible);
  const auto r = simulate(system, model, poisson(workload, 1e-3, 20, scheduler));
  ASSERT_TRUE(r.feasible) << r.reason;
  EXPECT_EQ(r.completed, 20);
  EXPECT_LT(relativeError(r.ttft.mean.value(), analytic.prefill.ttft.value()), 0.02)
      << systemId << " " << scheduler << ": simulated " << r.ttft.mean.value() << " s, analytic "
      << analytic.prefill.ttft.value() << " s";
  EXPECT_LT(relativeError(r.ttft.p99.value(), analytic.prefill.ttft.value()), 0.02);
}

INSTANTIATE_TEST_SUITE_P(Schedulers, LowRateTtft,
                         ::testing::Values(LowRateCase{"gpu/h100x4", "continuous"}, LowRateCase{"gpu/h100x4", "static"},
                                           LowRateCase{"gpu/h100x4", "fused"},
                                           LowRateCase{"memexplorer/p1d1", "disaggregated"}));

// Little's law: the time-average number of requests in the system equals the arrival rate times
// the mean time a request spends in it.
TEST(Serving, LittlesLawHolds) {
  const auto system = lib().system("gpu/h100x4");
  const auto model = lib().model("llama-3.3-70b");
  const auto workload = lib().workload("chat");
  for (const double rate : {2.0, 10.0}) {
    auto config = poisson(workload, rate, 4000);
    config.outputLengths = LengthDistribution::Exponential;
    const auto r = simulate(system, model, config);
    ASSERT_TRUE(r.feasible) << r.reason;
    ASSERT_EQ(r.completed, 4000);
    const double measured = timelineMeanInSystem(r);
    const double little = rate * r.e2e.mean.value();
    EXPECT_LT(relativeError(measured, little), 0.05) << "rate " << rate << ": L " << measured << ", lambda W " << little;
    EXPECT_LT(relativeError(r.meanInSystem, measured), 0.01);
  }
}

// Latency rises with the rate; past saturation the queue grows with the number of requests.
TEST(Serving, LatencyRisesWithRateAndQueueGrowsPastSaturation) {
  const auto system = lib().system("gpu/h100x4");
  const auto model = lib().model("llama-3.3-70b");
  const auto workload = lib().workload("2K:256");
  auto config = poisson(workload, 1.0, 600);
  const auto saturation = simulate(system, model, burst(workload, 600, "continuous")).requestsPerSecond;
  ASSERT_GT(saturation, 0);
  std::vector<double> rates;
  for (const double f : {0.1, 0.3, 0.5, 0.7, 0.9, 1.2, 1.6, 2.5}) rates.push_back(f * saturation);
  const auto sweep = sweepRates(system, model, config, rates);
  ASSERT_EQ(sweep.size(), rates.size());
  for (std::size_t i = 1; i < sweep.size(); ++i) {
    EXPECT_GE(sweep[i].e2e.mean.value(), sweep[i - 1].e2e.mean.value()) << "rate " << rates[i];
    EXPECT_GE(sweep[i].ttft.mean.value(), sweep[i - 1].ttft.mean.value()) << "rate " << rates[i];
  }
  // Past saturation (at three times it, well clear of the knee, where the queue's growth is
  // also well above the noise of Poisson arrivals): twice the requests, about twice the longest
  // queue and the mean wait.
  auto longestQueue = [](const ServingResult& r) {
    int q = 0;
    for (const auto& s : r.timeline.samples) q = std::max(q, s.queued);
    return q;
  };
  const double over = 3.0 * saturation;
  const auto shortRun = simulate(system, model, poisson(workload, over, 500));
  const auto longRun = simulate(system, model, poisson(workload, over, 1000));
  EXPECT_GT(longestQueue(shortRun), 150);
  EXPECT_GT(longestQueue(longRun), 1.7 * longestQueue(shortRun));
  EXPECT_GT(longRun.ttft.mean.value(), 1.7 * shortRun.ttft.mean.value());
  // Below saturation the queue stays short whatever the number of requests.
  const auto under = simulate(system, model, poisson(workload, 0.5 * saturation, 1000));
  EXPECT_LT(longestQueue(under), 50);
}

// Long prompts stall every running decode under plain continuous batching; chunked prefill
// spreads them over steps beside the decodes and lowers the tail of the time between tokens.
TEST(Serving, ChunkedPrefillLowersTailTbtOnLongPrompts) {
  const auto system = lib().system("gpu/h100x4");
  const auto model = lib().model("llama-3.3-70b");
  ServingConfig config;
  config.arrivals = ArrivalProcess::Trace;
  for (int i = 0; i < 200; ++i) // an 8K prompt every 0.8 s, each answered with 1000 tokens
    config.trace.push_back({Seconds(0.8 * i), 8000, 1000});
  config.scheduler = "continuous";
  const auto plain = simulate(system, model, config);
  config.scheduler = "chunked";
  config.chunkTokens = 512;
  const auto chunked = simulate(system, model, config);
  ASSERT_TRUE(plain.feasible && chunked.feasible);
  ASSERT_EQ(plain.completed, 200);
  ASSERT_EQ(chunked.completed, 200);
  EXPECT_LT(chunked.tbt.p99.value(), 0.5 * plain.tbt.p99.value())
      << "chunked p99 TBT " << chunked.tbt.p99.value() << " s, continuous " << plain.tbt.p99.value() << " s";
}

TEST(Serving, SameSeedSameResult) {
  const auto system = lib().system("gpu/h100x4");
  const auto model = lib().model("llama-3.3-70b");
  auto config = poisson(lib().workload("chat"), 8.0, 500);
  config.inputLengths = LengthDistribution::Lognormal;
  config.outputLengths = LengthDistribution::Exponential;
  config.seed = 42;
  for (const char* scheduler : {"static", "continuous", "chunked", "fused"}) {
    config.scheduler = scheduler;
    const auto a = simulate(system, model, config);
    const auto b = simulate(system, model, config);
    ASSERT_EQ(a.records.size(), b.records.size());
    for (std::size_t i = 0; i < a.records.size(); ++i) {
      EXPECT_EQ(a.records[i].arrival, b.records[i].arrival);
      EXPECT_EQ(a.records[i].finish, b.records[i].finish);
      EXPECT_EQ(a.records[i].inputTokens, b.records[i].inputTokens);
    }
    EXPECT_EQ(a.tbt.p99, b.tbt.p99) << scheduler;
    EXPECT_EQ(a.makespan, b.makespan) << scheduler;
  }
  config.seed = 43;
  const auto other = simulate(system, model, config);
  const auto again = simulate(system, model, [&] { auto c = config; c.seed = 42; return c; }());
  EXPECT_NE(other.makespan, again.makespan);
}
