// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/preset_library.h"
#include "tests/core/support/test_presets.h"
#include "core/engine/evaluate.h"
#include "core/package/package.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
const PresetLibrary& lib() { return test::presets(); }
} // namespace

TEST(Evaluate, DisaggregatedSystemHandsTheKvCacheOver) {
  const auto r = evaluate(lib().system("memexplorer/p1d1"), lib().model("llama-3.3-70b"), lib().workload("osworld"));
  ASSERT_EQ(r.devices.size(), 2u);
  EXPECT_EQ(r.devices[0].role, "prefill");
  EXPECT_EQ(r.devices[1].count, 4);
  // 90,000 tokens x 80 layers x 2048 values x 8.25 bits
  EXPECT_NEAR(r.endToEnd.kvTransferBytes.value(), 90000.0 * 80 * 2048 * 8.25 / 8, 1.0);
  EXPECT_GT(r.prefill.ttft.value(), r.prefill.time.value()); // the last layer's hand-off is exposed
  EXPECT_GT(r.endToEnd.tokensPerSecond, 0.0);
  EXPECT_TRUE(r.prefill.feasible && r.decode.feasible);
}

TEST(Evaluate, TensorParallelGroupHoldsMoreSequences) {
  const auto one = evaluate(lib().system("gpu/h100"), lib().model("llama-3.3-70b"), lib().workload("osworld"));
  const auto four = evaluate(lib().system("gpu/h100x4"), lib().model("llama-3.3-70b"), lib().workload("osworld"));
  EXPECT_GT(four.decode.maxBatch, one.decode.maxBatch);
  EXPECT_LT(four.prefill.ttft.value(), one.prefill.ttft.value());
}

TEST(Evaluate, ABatchThatDoesNotFitIsReportedNotRaised) {
  EvaluationOptions o;
  o.decodeBatch = 64;
  const auto r = evaluate(lib().system("memexplorer/base"), lib().model("llama-3.3-70b"), lib().workload("osworld"), o);
  EXPECT_FALSE(r.decode.feasible);
  EXPECT_NE(r.decode.reason.find("does not fit"), std::string::npos);
  EXPECT_FALSE(r.feasible);
}

TEST(Evaluate, WeightsThatDoNotFitMakeDecodeInfeasible) {
  const auto r = evaluate(lib().system("gpu/h100"), lib().model("qwen3.5-397b-a17b"), lib().workload("gsm8k"));
  EXPECT_FALSE(r.feasible);
  EXPECT_EQ(r.decode.maxBatch, 0);
}

TEST(Evaluate, EveryModelRunsOnADisaggregatedSystem) {
  for (const char* m : {"llama-3.3-70b", "llama-3.1-8b", "qwen3-32b", "qwen3-30b-a3b", "qwen3.5-397b-a17b", "llada-8b", "deepseek-v2"}) {
    const auto r = evaluate(lib().system("memexplorer/p1d1"), lib().model(m), lib().workload("gsm8k"));
    EXPECT_TRUE(r.prefill.feasible) << m << ": " << r.prefill.reason;
    EXPECT_GT(r.prefill.tokensPerSecond, 0.0) << m;
    EXPECT_GT(r.decode.tokensPerSecond, 0.0) << m;
    EXPECT_FALSE(r.prefill.operators.empty()) << m;
  }
}

TEST(Evaluate, DecodeSegmentsConvergeToTheIntegral) {
  const auto sys = lib().system("memexplorer/d1");
  const auto model = lib().model("llama-3.3-70b");
  const auto w = lib().workload("osworld");
  EvaluationOptions coarse, fine;
  coarse.decodeSegments = 4;
  fine.decodeSegments = 64;
  const double a = evaluate(sys, model, w, coarse).decode.time.value();
  const double b = evaluate(sys, model, w, fine).decode.time.value();
  EXPECT_NEAR(a, b, 1e-3 * b);
}

TEST(Evaluate, ShorelineViolationMakesTheDesignInfeasibleButStillEvaluated) {
  // Table 6's P2: HBM4 x2 + 16 LPDDR5X packages need 105.6 mm of edge; two 33 mm edges give 66.
  const auto r = evaluate(lib().system("memexplorer/p2"), lib().model("llama-3.3-70b"), lib().workload("osworld"));
  EXPECT_FALSE(r.feasible);
  ASSERT_FALSE(r.problems.empty());
  EXPECT_NE(r.problems.front().find("shoreline"), std::string::npos) << r.problems.front();
  EXPECT_GT(r.prefill.tokensPerSecond, 0.0);
}

TEST(Evaluate, DecodeOnlySkipsThePrefill) {
  EvaluationOptions o;
  o.phases = EvaluationOptions::Phases::DecodeOnly;
  const auto r = evaluate(lib().system("memexplorer/d1"), lib().model("llama-3.3-70b"), lib().workload("osworld"), o);
  EXPECT_FALSE(r.prefill.evaluated);
  EXPECT_TRUE(r.decode.evaluated);
  EXPECT_EQ(r.decode.maxBatch, 16);
  EXPECT_TRUE(r.feasible);
}

// Issue 12 item 10: a level's power splits into holding data (background) and moving it; a level
// that moves nothing draws exactly its background power, and no level draws less.
TEST(Evaluate, LevelPowerSplitsIntoBackgroundAndTraffic) {
  const auto r = evaluate(lib().system("memexplorer/p1d1"), lib().model("llama-3.3-70b"), lib().workload("osworld"));
  bool idleLevel = false;
  for (const auto* phase : {&r.prefill, &r.decode})
    for (const auto& level : phase->levels) {
      EXPECT_GT(level.backgroundPower.value(), 0.0) << level.name;
      EXPECT_GE(level.averagePower.value(), level.backgroundPower.value() * (1 - 1e-12)) << level.name;
      if (level.read.value() == 0 && level.written.value() == 0) {
        idleLevel = true;
        EXPECT_NEAR(level.averagePower.value(), level.backgroundPower.value(), 1e-9 * level.averagePower.value()) << level.name;
      }
    }
  EXPECT_TRUE(idleLevel); // the HBF level of P1 + D1 holds weights nobody reads in one phase
}

TEST(Evaluate, DiffusionWithAPrefixCacheKeepsTheKvAndRecomputesOneBlockPerPass) {
  // llada-8b: no cache, every pass over prompt + answer; llada-8b-cached: block-wise with a prefix
  // K/V cache (block 32), each pass recomputes the block against the cache.
  const auto uncached = lib().model("llada-8b");
  const auto cached = lib().model("llada-8b-cached");
  EXPECT_FALSE(uncached.keepsCache());
  EXPECT_TRUE(cached.keepsCache());
  const auto w = lib().workload("gsm8k"); // 1400 in / 200 out
  EvaluationOptions o;
  o.decodeBatch = 8;
  const auto a = evaluate(lib().system("memexplorer/base"), uncached, w, o);
  const auto b = evaluate(lib().system("memexplorer/base"), cached, w, o);
  ASSERT_TRUE(a.feasible && b.feasible);
  // 200 passes (one token unmasked per pass) over 32 tokens instead of 199 over 1600: far less compute.
  EXPECT_LT(b.decode.time.value(), 0.25 * a.decode.time.value());
  double flopsA = 0, flopsB = 0;
  for (const auto& op : a.decode.operators) flopsA += op.flops.value();
  for (const auto& op : b.decode.operators) flopsB += op.flops.value();
  EXPECT_NEAR(flopsB / flopsA, (200.0 * 32) / (199.0 * 1600), 0.25 * (200.0 * 32) / (199.0 * 1600));
  // A sequence holds the K/V of 32 layers x 4096 x 2 at 1600 tokens (MXINT8, 8.25 bits).
  const double kvPerSequence = 32.0 * 2 * 4096 * 1600 * 8.25 / 8;
  const auto lone = evaluate(lib().system("memexplorer/base"), cached, w, [] {
    EvaluationOptions one;
    one.decodeBatch = 1;
    return one;
  }());
  EXPECT_NEAR(b.decode.footprint.value() - lone.decode.footprint.value(), 7 * kvPerSequence, 0.01 * 7 * kvPerSequence);
  // Prefill with the cache is the prompt's pass (1400 tokens), without it the first full pass (1600).
  EXPECT_LT(b.prefill.time.value(), a.prefill.time.value());
}

// Issue 35: an evaluation resolves each chiplet package once (the model keeps the report its
// summary reads), however many views and figures then ask.
TEST(Evaluate, ResolvesEachPackageOnce) {
  const auto& lib = test::presets();
  const auto system = lib.system("duet/system");
  int packages = 0;
  for (const auto& g : system.groups) packages += g.device.package ? 1 : 0;
  ASSERT_EQ(packages, 2);
  const long long before = packageResolutions();
  EvaluationOptions options;
  options.roofline = true;
  const auto r = evaluate(system, lib.model("nemotron-h-56b"), lib.workload("arxiv"), options);
  ASSERT_TRUE(r.feasible) << (r.problems.empty() ? "" : r.problems.front());
  EXPECT_EQ(packageResolutions() - before, packages);
  EXPECT_GT(r.devices.front().interposerArea.value(), 0); // the summary has the package's figures
}
