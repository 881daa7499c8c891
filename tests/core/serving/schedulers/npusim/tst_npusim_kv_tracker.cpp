// SPDX-License-Identifier: GPL-3.0-or-later
// NpuSim's KV manager (spec B.8) driven by the serving pools: the tracker's bookkeeping, its sizing
// from the engine, and the occupancy the npusim scheduler records in the timeline.
#include "core/compute/npusim/npusim_spec.h"
#include "core/serving/pool.h"
#include "core/serving/requests.h"
#include "core/serving/schedulers/npusim/npusim_kv_tracker.h"
#include "core/serving/serving.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

using namespace llmwb;
using namespace llmwb::serving;

namespace {
const PresetLibrary& lib() { return test::presets(); }

/// The 64-core chip with 128 MB SRAM per core (Table 3's largest) and Qwen3-1.7B, so that SRAM
/// has room for KV after the weights.
SystemSpec roomySram() {
  auto s = lib().system("npusim/large-64");
  s.groups.front().device.compute.as<NpusimComputeSpec>().sramMB = 128;
  return s;
}

ServingConfig poisson(long long in, long long out, double rate, int requests) {
  ServingConfig c;
  c.workload.inputTokens = in;
  c.workload.outputTokens = out;
  c.arrivals = ArrivalProcess::Poisson;
  c.rate = rate;
  c.requests = requests;
  c.scheduler = "npusim";
  return c;
}
} // namespace

TEST(NpusimKvTracker, SramBlocksFillBeforeTheHbmRingAndEverythingReturns) {
  // Two pipelines of 4 blocks x 16 tokens and a 1000-token ring each.
  NpusimKvTracker kv(2, {{64, 1000}}, 16);
  EXPECT_TRUE(kv.admit(0, 300));
  EXPECT_TRUE(kv.admit(1, 300)); // the pipeline with more free blocks: the other one
  EXPECT_EQ(kv.pipeline(0)[0].hbmTokensReserved(), 300);
  EXPECT_EQ(kv.pipeline(1)[0].hbmTokensReserved(), 300);
  kv.appendEach({0, 1}, 48); // 3 blocks each
  EXPECT_EQ(kv.capacity().sramBlocks, 8);
  EXPECT_EQ(kv.capacity().sramBlockTokens, 16);
  EXPECT_EQ(kv.capacity().hbmTokens, 2000);
  auto o = kv.occupancy();
  EXPECT_DOUBLE_EQ(o.sram, 6.0 / 8.0);
  EXPECT_DOUBLE_EQ(o.hbm, 600.0 / 2000.0);
  EXPECT_DOUBLE_EQ(o.hbmSpilled, 0.0);
  kv.appendEach({0, 1}, 40); // one more block each, then 24 tokens each spill
  o = kv.occupancy();
  EXPECT_DOUBLE_EQ(o.sram, 1.0);
  EXPECT_DOUBLE_EQ(o.hbmSpilled, 48.0 / 2000.0);
  kv.release(0);
  kv.release(1);
  o = kv.occupancy();
  EXPECT_DOUBLE_EQ(o.sram, 0.0);
  EXPECT_DOUBLE_EQ(o.hbm, 0.0);
  EXPECT_DOUBLE_EQ(o.hbmSpilled, 0.0);
}

TEST(NpusimKvTracker, RefusesWhenNoRingHasRoom) {
  NpusimKvTracker kv(1, {{32, 100}, {32, 200}}, 16);
  EXPECT_TRUE(kv.admit(0, 80));
  EXPECT_FALSE(kv.admit(1, 80)); // the first stage's ring is full
  EXPECT_EQ(kv.pipeline(0)[1].hbmTokensReserved(), 80); // the second stage's was given back
  kv.release(0);
  EXPECT_TRUE(kv.admit(1, 80));
}

TEST(NpusimKvTracker, SizedFromTheSramLeftAfterWeightsAndTheHbm) {
  const auto system = roomySram();
  const auto model = engine::buildModel(system, system.groups.front(), lib().model("qwen3-1.7b"), false);
  const auto* npu = dynamic_cast<const engine::npusim::NpusimModel*>(model.get());
  ASSERT_NE(npu, nullptr);
  const auto stages = npu->stageKvCapacity();
  ASSERT_EQ(int(stages.size()), npu->pool().pp);
  for (const auto& st : stages) std::printf("    stage: %lld tokens in SRAM, %lld in HBM\n", st.sramTokens, st.hbmTokens);
  EXPECT_GT(stages[1].sramTokens, 0);
  EXPECT_GT(stages[1].hbmTokens, stages[1].sramTokens); // 2 GB of HBM against ~60 MB of SRAM per core
  // The default 32 MB chip with Qwen3-4B: the weights take the whole SRAM, the KV lives in HBM.
  const auto tight = lib().system("npusim/large-64");
  const auto model4b = engine::buildModel(tight, tight.groups.front(), lib().model("qwen3-4b"), false);
  for (const auto& st : dynamic_cast<const engine::npusim::NpusimModel&>(*model4b).stageKvCapacity()) {
    EXPECT_EQ(st.sramTokens, 0);
    EXPECT_GT(st.hbmTokens, 0);
  }
  EXPECT_NE(makeNpusimKvTracker(*model4b), nullptr);
}

TEST(NpusimKvTracker, TimelineOccupancyRisesWithTheBatchSramFirstAndEndsEmpty) {
  const auto r = simulate(roomySram(), lib().model("qwen3-1.7b"), poisson(1024, 256, 8, 60));
  ASSERT_TRUE(r.feasible) << r.reason;
  ASSERT_TRUE(r.timeline.tieredKv);
  EXPECT_GT(r.timeline.sramKvBlocks[0], 0);
  EXPECT_EQ(r.timeline.sramKvBlockTokens[0], 16);
  EXPECT_GT(r.timeline.hbmKvRingTokens[0], r.timeline.sramKvBlocks[0] * 16);
  const auto& samples = r.timeline.samples;
  ASSERT_FALSE(samples.empty());
  // The first and last stages hold the embedding and the LM head and have no SRAM left for KV,
  // so a little spills from the start; the rest of the stages fill their SRAM blocks first.
  double sramPeak = 0, hbmPeak = 0, spilledPeak = 0, spilledAtHalfSram = -1;
  for (const auto& s : samples) {
    EXPECT_GE(s.sramKvOccupancy[0], 0.0);
    EXPECT_LE(s.sramKvOccupancy[0], 1.0);
    EXPECT_LE(s.hbmKvSpilled[0], s.hbmKvOccupancy[0] + 1e-12); // spilled within the reservations
    if (s.running == 0) {
      EXPECT_EQ(s.sramKvOccupancy[0], 0.0);
    }
    if (spilledAtHalfSram < 0 && s.sramKvOccupancy[0] >= 0.5) spilledAtHalfSram = s.hbmKvSpilled[0];
    sramPeak = std::max(sramPeak, s.sramKvOccupancy[0]);
    hbmPeak = std::max(hbmPeak, s.hbmKvOccupancy[0]);
    spilledPeak = std::max(spilledPeak, s.hbmKvSpilled[0]);
  }
  std::printf("    peaks: SRAM blocks %.3f, HBM ring reserved %.4f, spilled %.4f (%.4f at half SRAM)\n", sramPeak, hbmPeak,
              spilledPeak, spilledAtHalfSram);
  EXPECT_GT(sramPeak, 0.9) << "60 requests of 1280 tokens nearly fill the SRAM blocks";
  EXPECT_GT(hbmPeak, 0.0);
  ASSERT_GE(spilledAtHalfSram, 0.0);
  EXPECT_LT(spilledAtHalfSram, 0.25 * spilledPeak) << "most of the spill comes once the SRAM blocks run out";
  // More running sequences, more SRAM blocks, while the SRAM has room.
  const auto firstRunning = std::find_if(samples.begin(), samples.end(), [](const TimelineSample& s) { return s.running > 0; });
  ASSERT_NE(firstRunning, samples.end());
  EXPECT_LT(firstRunning->sramKvOccupancy[0], sramPeak);
  const auto& last = samples.back();
  EXPECT_EQ(last.running, 0);
  EXPECT_EQ(last.sramKvOccupancy[0], 0.0);
  EXPECT_EQ(last.hbmKvOccupancy[0], 0.0);
  EXPECT_EQ(last.hbmKvSpilled[0], 0.0);
}

TEST(NpusimKvTracker, DisaggregatedPoolsEachTrackTheirOwn) {
  auto config = poisson(296, 167, 4, 30);
  const auto r = simulate(lib().system("npusim/large-64-pd"), lib().model("qwen3-4b"), config);
  ASSERT_TRUE(r.feasible) << r.reason;
  ASSERT_TRUE(r.timeline.tieredKv);
  ASSERT_EQ(r.timeline.pools, (std::vector<std::string>{"prefill", "decode"}));
  EXPECT_EQ(r.timeline.sramKvBlocks[1], 0); // the decode cores' SRAM holds weights only
  double peak[2] = {0, 0};
  for (const auto& s : r.timeline.samples)
    for (int p = 0; p < 2; ++p) peak[p] = std::max(peak[p], s.hbmKvOccupancy[std::size_t(p)]);
  EXPECT_GT(peak[0], 0.0);
  EXPECT_GT(peak[1], 0.0);
  EXPECT_EQ(r.timeline.samples.back().hbmKvOccupancy[1], 0.0);
}

TEST(NpusimKvTracker, OtherSchedulersLeaveTheTiersEmpty) {
  auto config = poisson(1024, 256, 4, 20);
  config.scheduler = "continuous";
  const auto r = simulate(lib().system("gpu/h100x4"), lib().model("llama-3.3-70b"), config);
  ASSERT_TRUE(r.feasible) << r.reason;
  EXPECT_FALSE(r.timeline.tieredKv);
  for (const auto& s : r.timeline.samples) {
    EXPECT_EQ(s.sramKvOccupancy[0], 0.0);
    EXPECT_EQ(s.hbmKvOccupancy[0], 0.0);
  }
}

TEST(NpusimKvTracker, AGatingTrackerHoldsRequestsBackUntilABufferIsFreed) {
  // A ring of 3000 tokens per pipeline takes two 1280-token requests at a time.
  const auto system = roomySram();
  const auto& model = lib().model("qwen3-1.7b");
  auto config = poisson(1024, 256, 50, 12);
  const auto requests = generateRequests(config);
  SchedulerContext context{system, model, config, requests, [](double) { return true; }};
  ServingRun run;
  run.records.resize(requests.size());
  const auto built = engine::buildModel(system, system.groups.front(), model, false);
  const int pipelines = dynamic_cast<const engine::npusim::NpusimModel&>(*built).pool().pipelines;
  PoolPolicy policy;
  policy.kvTracker = [](const engine::PerformanceModel&) -> std::unique_ptr<KvTracker> {
    return std::make_unique<NpusimKvTracker>(1, std::vector<engine::npusim::StageKvCapacity>{{256, 3000}}, 16);
  };
  policy.kvTrackerGates = true;
  serveOnPool(context, run, *built, policy);
  ASSERT_EQ(run.pools.size(), 1u);
  int most = 0;
  for (const auto& s : run.pools[0].samples) most = std::max(most, s.running);
  EXPECT_EQ(most, 2) << pipelines << " pipelines";
  for (const auto& r : run.records) EXPECT_TRUE(r.completed);
}
