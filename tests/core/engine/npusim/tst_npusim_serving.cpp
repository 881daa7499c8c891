// SPDX-License-Identifier: GPL-3.0-or-later
// NpuSim's serving claims through the serving simulator (scheduler "npusim"): the P:D core ratio
// (N-S1), heterogeneous decode cores (N-S2) and PD fusion against disaggregation (N-S3), Qwen3-4B
// on the 64-core chip, all requests at once. Model beside paper is printed; GAP marks a miss.
#include "core/compute/npusim/npusim_spec.h"
#include "core/engine/npusim/parallelism.h"
#include "core/serving/serving.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

using namespace llmwb;
using namespace llmwb::serving;

namespace {
const PresetLibrary& lib() { return test::presets(); }

ServingResult serve(const SystemSpec& s, long long in, long long out, int requests = 60) {
  ServingConfig c;
  c.workload.inputTokens = in;
  c.workload.outputTokens = out;
  c.arrivals = ArrivalProcess::Burst;
  c.requests = requests;
  c.scheduler = "npusim";
  const auto r = simulate(s, lib().model("qwen3-4b"), c);
  EXPECT_TRUE(r.feasible) << r.reason;
  EXPECT_EQ(r.completed, requests);
  return r;
}

SystemSpec pd(int p, int d, const char* id = "npusim/large-64-pd") {
  auto s = lib().system(id);
  parallelismOf(s)->prefillCores = p;
  parallelismOf(s)->decodeCores = d;
  return s;
}

bool paper(const char* what, double model, double paperValue, double tolerance) {
  const bool within = tolerance <= 0 || std::abs(model - paperValue) <= tolerance * paperValue;
  std::printf("  %-60s model %8.3f   paper %6.3f%s\n", what, model, paperValue, within ? "" : "  GAP");
  return within;
}
} // namespace

TEST(NpusimServing, MorePrefillCoresLowerTtft_NS1) {
  const int ratios[][2] = {{49, 14}, {42, 21}, {28, 28}, {21, 42}};
  double ttft[4], tbt[4];
  for (int i = 0; i < 4; ++i) {
    const auto r = serve(pd(ratios[i][0], ratios[i][1]), 296, 167);
    ttft[i] = r.ttft.mean.value();
    tbt[i] = r.tbt.mean.value();
    std::printf("    P%d/D%d  TTFT %8.3f s  TBT %7.2f ms  %7.1f tok/s\n", ratios[i][0], ratios[i][1], ttft[i], tbt[i] * 1e3,
                r.outputTokensPerSecond);
  }
  paper("N-S1 TTFT P49/D14 better than P21/D42 by (1 - ratio)", 1 - ttft[0] / ttft[3], 0.40, 0.25);
  EXPECT_NEAR(1 - ttft[0] / ttft[3], 0.40, 0.10); // the spec's +-10 percentage points
  EXPECT_LT(ttft[0], ttft[1]);
  EXPECT_LT(ttft[1], ttft[2]);
  EXPECT_LT(ttft[2], ttft[3]);
  // P42/D21 on the TTFT/TBT Pareto front: no other split is at least as good in both.
  for (int i : {0, 2, 3}) EXPECT_FALSE(ttft[i] <= ttft[1] && tbt[i] <= tbt[1] && (ttft[i] < ttft[1] || tbt[i] < tbt[1])) << i;
}

TEST(NpusimServing, HeterogeneousDecodeCoresSaturate_NS2) {
  // Fig. 12's runs as the artefact keeps them (plot/pdhete: pd_split_42_21_100_100, docs/npusim.md):
  // P42/D21, 200 requests of 100 in / 100 out at once. The decode pool holds at most its 21 stage
  // groups x core_credit 5 = 105 sequences, so the others wait and requests finish in waves.
  struct Run {
    double makespanTput = 0; ///< generated tokens / makespan
    double latencyTput = 0;  ///< generated tokens / mean request latency (the artefact's calculate_single.py)
    double minTbt = 0, meanTbt = 0;
  };
  auto run = [](const std::string& id) {
    const auto r = serve(lib().system(id), 100, 100, 200);
    const double tokens = r.outputTokensPerSecond * r.makespan.value();
    Run out{r.outputTokensPerSecond, tokens / r.e2e.mean.value(), r.tbt.min.value(), r.tbt.mean.value()};
    std::printf("    %-28s %8.1f tok/s (makespan)  %8.1f tok/s (mean latency)  TBT min %7.2f mean %7.2f ms\n", id.c_str(),
                out.makespanTput, out.latencyTput, out.minTbt * 1e3, out.meanTbt * 1e3);
    return out;
  };
  Run c[5];
  for (int i = 0; i <= 4; ++i) c[i] = run(i == 0 ? "npusim/large-64-pd" : "npusim/large-64-pd-c" + std::to_string(i));
  // The paper's 2.28x is the artefact's configuration-2 tokens / mean latency over the base's
  // tokens / makespan (its JSONs: 2.0801 / 0.9070); computed the same way here. Like for like
  // (makespan by makespan) the artefact gives 1.34x.
  const double asPrinted = c[2].latencyTput / c[0].makespanTput;
  const double likeForLike = c[2].makespanTput / c[0].makespanTput;
  paper("N-S2 config 2 / base as the paper computes it (2.28x)", asPrinted, 2.28, 0.20);
  paper("N-S2 config 2 / base like for like (artefact 1.34x)", likeForLike, 1.34, 0.20);
  paper("N-S2 config 4 (A64H480) / config 2 (no further gain)", c[4].makespanTput / c[2].makespanTput, 1.0, 0.20);
  EXPECT_NEAR(asPrinted, 2.28, 0.20 * 2.28);
  EXPECT_NEAR(likeForLike, 1.34, 0.20 * 1.34);
  EXPECT_LT(c[1].makespanTput, c[0].makespanTput);
  // Saturation at configuration 2: the DMA writes HBM data into SRAM through a write port of 2n
  // bytes per cycle (the artefact's Fig. 12 cores: 64 GB/s at A64, below configuration 2's 84 GB/s
  // sustained), so configurations 3 and 4 add nothing.
  EXPECT_NEAR(c[3].makespanTput, c[2].makespanTput, 0.02 * c[2].makespanTput);
  EXPECT_NEAR(c[4].makespanTput, c[2].makespanTput, 0.02 * c[2].makespanTput);
  // Config 7 (A32H120): throughput per area against the homogeneous base, the paper's quotient
  // (1.9x). The artefact's base cores run its DRAMSys DDR4 model (dram_config DDR4_60GB) while
  // every configuration runs the behavioural dram_bw model, so its config 7 finishes before the
  // base although its decode steps are 1.49x the base's (docs/npusim.md): printed, not asserted.
  const auto r7 = run("npusim/large-64-pd-c7");
  const auto base = lib().device("npusim/large-64").compute.as<NpusimComputeSpec>();
  const auto c7 = lib().device("npusim/large-64-decode-c7").compute.as<NpusimComputeSpec>();
  const double area = (42 * base.coreAreaMm2() + 21 * c7.coreAreaMm2()) / (63 * base.coreAreaMm2());
  std::printf("    config 7 area %.3f x base\n", area);
  paper("N-S2 config 7 per area / base as the paper computes it (1.9x)", r7.latencyTput / area / c[0].makespanTput, 1.9, 0.20);
  // The decode step against the artefact's plotted minimum TBT of these runs (base 35.20, config 2
  // 26.85, config 7 52.28): config 2 shortens it, config 7 (half the array behind a 32 GB/s SRAM
  // write port) lengthens it.
  paper("N-S2 min TBT config 2 / base (artefact 0.763)", c[2].minTbt / c[0].minTbt, 26.85 / 35.20, 0.20);
  paper("N-S2 min TBT config 7 / base (artefact 1.485)", r7.minTbt / c[0].minTbt, 52.28 / 35.20, 0.20);
  EXPECT_NEAR(c[2].minTbt / c[0].minTbt, 26.85 / 35.20, 0.20 * 26.85 / 35.20);
  EXPECT_NEAR(r7.minTbt / c[0].minTbt, 52.28 / 35.20, 0.20 * 52.28 / 35.20);
}

TEST(NpusimServing, TheDecodePoolHoldsItsCredit) {
  // 200 requests on a decode pool of 21 stage groups: at most 21 x core_credit decode at once.
  auto s = lib().system("npusim/large-64-pd");
  ServingConfig c;
  c.workload.inputTokens = 100;
  c.workload.outputTokens = 100;
  c.arrivals = ArrivalProcess::Burst;
  c.requests = 200;
  c.scheduler = "npusim";
  auto peakDecoding = [&](int credit) {
    parallelismOf(s)->coreCredit = credit;
    const auto r = simulate(s, lib().model("qwen3-4b"), c);
    EXPECT_TRUE(r.feasible) << r.reason;
    EXPECT_EQ(r.completed, 200);
    // Once every prompt is prefilled, the timeline's running sequences are the decode pool's.
    double prefilled = 0;
    for (const auto& rec : r.records) prefilled = std::max(prefilled, rec.firstToken.value());
    int peak = 0;
    for (const auto& sample : r.timeline.samples)
      if (sample.time.value() >= prefilled) peak = std::max(peak, sample.running);
    return std::pair{peak, r.makespan.value()};
  };
  const auto [five, t5] = peakDecoding(5);
  const auto [two, t2] = peakDecoding(2);
  const auto [none, tNone] = peakDecoding(0);
  EXPECT_EQ(five, 105);
  EXPECT_EQ(two, 42);
  EXPECT_EQ(none, 200);
  EXPECT_GT(t2, t5);    // fewer sequences per iteration, more iterations
  EXPECT_GT(t5, tNone); // the decode step grows less than linearly with the batch

  // PD fusion: the 64-core chip's 16 TP-4 stage groups hold 16 x 5 = 80 sequences, prefilling or decoding.
  const auto fused = simulate(lib().system("npusim/large-64"), lib().model("qwen3-4b"), c);
  EXPECT_EQ(fused.completed, 200);
  auto peakRunning = [](const ServingResult& r) {
    int peak = 0;
    for (const auto& sample : r.timeline.samples) peak = std::max(peak, sample.running);
    return peak;
  };
  EXPECT_EQ(peakRunning(fused), 80);
  // A configuration's batch limit applies beside the credit: the tighter one holds.
  c.maxBatch = 50;
  EXPECT_EQ(peakRunning(simulate(lib().system("npusim/large-64"), lib().model("qwen3-4b"), c)), 50);
  c.maxBatch = 120;
  EXPECT_EQ(peakRunning(simulate(lib().system("npusim/large-64"), lib().model("qwen3-4b"), c)), 80);
}

TEST(NpusimServing, FusionAgainstDisaggregation_NS3) {
  // Fig. 14 compares PD fusion with homogeneous disaggregation and the two heterogeneous ones
  // (config 2 A64H120, config 7 A32H120): "the throughput of heterogeneous PD disaggregation gradually
  // approaches that of PD fusion. At a ratio of 10, PD disaggregation even achieves 1.34x" (5.5).
  const auto fusion = lib().system("npusim/large-64");
  const auto disagg = lib().system("npusim/large-64-pd");
  const auto c2 = lib().system("npusim/large-64-pd-c2");
  const auto c7 = lib().system("npusim/large-64-pd-c7");
  const long long shapes[][2] = {{100, 500}, {200, 200}, {1000, 100}};
  double ratio[3], hetero[3], fTbt[3], dTbt[3], fMin[3], dMin[3];
  for (int i = 0; i < 3; ++i) {
    const auto f = serve(fusion, shapes[i][0], shapes[i][1]);
    const auto d = serve(disagg, shapes[i][0], shapes[i][1]);
    const auto h2 = serve(c2, shapes[i][0], shapes[i][1]);
    const auto h7 = serve(c7, shapes[i][0], shapes[i][1]);
    ratio[i] = f.totalTokensPerSecond / d.totalTokensPerSecond;
    hetero[i] = std::max(h2.totalTokensPerSecond, h7.totalTokensPerSecond) / f.totalTokensPerSecond;
    fTbt[i] = f.tbt.mean.value();
    dTbt[i] = d.tbt.mean.value();
    fMin[i] = f.tbt.min.value();
    dMin[i] = d.tbt.min.value();
    std::printf("    %4lld:%-4lld fusion %7.1f tok/s TBT %6.2f ms | disagg %7.1f TBT %6.2f ms | c2 %7.1f | c7 %7.1f tok/s\n",
                shapes[i][0], shapes[i][1], f.totalTokensPerSecond, fTbt[i] * 1e3, d.totalTokensPerSecond, dTbt[i] * 1e3,
                h2.totalTokensPerSecond, h7.totalTokensPerSecond);
  }
  paper("N-S3 fusion / homogeneous disagg throughput at 1:5 (> 2.3)", ratio[0], 2.3, 0); // a lower bound
  paper("N-S3 heterogeneous disagg / fusion throughput at 10:1", hetero[2], 1.34, 0.25);
  paper("N-S3 fusion TBT rise 10:1 over 1:5 (up to 2.57)", fTbt[2] / fTbt[0], 2.57, 0.25);
  paper("N-S3 disagg TBT 10:1 over 1:5 (flat)", dTbt[2] / dTbt[0], 1.0, 0.25);
  // What the artefact's Fig. 14 plots (tbt['min'], labelled mean): fusion 37.1 -> 70.2 ms,
  // disaggregation 35.7 -> 36.4 ms from 1:5 to 10:1 (docs/npusim.md).
  paper("N-S3 fusion min TBT 10:1 over 1:5 (artefact's plot)", fMin[2] / fMin[0], 70.2 / 37.1, 0.25);
  paper("N-S3 disagg min TBT 10:1 over 1:5 (artefact's plot)", dMin[2] / dMin[0], 36.4 / 35.7, 0.25);
  EXPECT_GT(ratio[0], 2.3);                       // fusion over 2.3x disaggregation's throughput below 1:1
  EXPECT_LT(hetero[0], 1.0);                      // fusion ahead of every disaggregation at 1:5 and 1:1
  EXPECT_LT(hetero[1], 1.0);
  EXPECT_NEAR(hetero[2], 1.34, 0.25 * 1.34);      // the crossover: heterogeneous disaggregation wins at 10:1
  EXPECT_GT(ratio[0], ratio[2]);                  // the gap closes as the prefill share grows
  EXPECT_GT(fTbt[2], 1.6 * fTbt[0]);              // fusion's TBT rises with the prefill share (GAP: 1.78x of up to 2.57x, docs/npusim.md)
  EXPECT_LT(dTbt[2] / dTbt[0], fTbt[2] / fTbt[0]); // disaggregation's stays flatter
}

TEST(NpusimServing, NpusimIsTheDefaultSchedulerOfSystemsWithAParallelismBlock) {
  EXPECT_EQ(defaultScheduler(lib().system("npusim/large-64")), "npusim");
  EXPECT_EQ(defaultScheduler(lib().system("npusim/large-64-pd-c2")), "npusim");
  EXPECT_EQ(defaultScheduler(lib().system("gpu/h100")), "continuous");
}
