// SPDX-License-Identifier: GPL-3.0-or-later
// The GPU baselines against published end-to-end measurements (issue 14): every point of
// bench/gpu/published.json evaluated with its settings, model beside published: TensorRT-LLM
// v0.9.0's static-batch tables (H100 and H200 in FP8, A100 in FP16, Llama-2-7B and -70B, batch 1
// to 1,024, TP 1 to 8) through evaluate(), and its later maximum-load tables (Llama-3.3-70B: B200
// in NVFP4, H200 and H100 in FP8) through the serving simulator. The table in docs/fidelity.md is this printout. The bounds guard against regressions;
// they are not the target (issue 14 wants every point within 10 %).
#include "core/engine/evaluate.h"
#include "core/io/overrides.h"
#include "core/serving/serving.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>

using namespace llmwb;

namespace {

struct Point {
  std::string system, precision, kvPrecision, model, metric;
  int gpus = 1, batch = 1, requests = 0;
  long long input = 0, output = 0;
  double published = 0;
};

std::vector<Point> publishedPoints() {
  std::ifstream in(std::string(LLMWB_TEST_PRESETS) + "/../bench/gpu/published.json");
  const auto doc = nlohmann::json::parse(in);
  std::vector<Point> points;
  for (const auto& p : doc.at("points"))
    points.push_back({p.at("system"), p.at("precision"), p.value("kv_cache_precision", p.at("precision").get<std::string>()),
                      p.at("model"), p.at("metric"), p.at("gpus"), p.value("batch", 0), p.value("requests", 0),
                      p.at("input_tokens"), p.at("output_tokens"), p.at("published")});
  return points;
}

constexpr const char* kMaxLoad = "max_load_output_tokens_per_s_per_gpu";

/// The point's system, model and workload with its GPU count and precisions applied.
OverrideTarget target(const Point& p) {
  const auto& lib = test::presets();
  OverrideTarget t{lib.system(p.system), lib.model(p.model), p.model, {}};
  t.workload.id = "published";
  t.workload.inputTokens = p.input;
  t.workload.outputTokens = p.output;
  applyOverrides(t,
                 {"/groups/0/count=" + std::to_string(p.gpus), "device/quantisation/weights=" + p.precision,
                  "device/quantisation/activations=" + p.precision, "device/quantisation/kv_cache=" + p.kvPrecision},
                 lib);
  return t;
}

/// The model's value in the point's metric, evaluated as `llmwb-cli evaluate --system S --model M
/// --workload IN:OUT --batch B --prefill-batch B --set /groups/0/count=G --set
/// device/quantisation/{weights,activations,kv_cache}=P` does.
double modelled(const Point& p) {
  const auto t = target(p);
  if (p.metric == kMaxLoad) {
    // `llmwb-cli serve --burst --requests N` with the same overrides.
    serving::ServingConfig config;
    config.workload = t.workload;
    config.arrivals = serving::ArrivalProcess::Burst;
    config.requests = p.requests;
    const auto r = serving::simulate(t.system, t.model, config);
    EXPECT_TRUE(r.feasible && r.completed == p.requests) << p.system << " " << r.reason;
    return r.outputTokensPerSecond / p.gpus;
  }
  EvaluationOptions options;
  options.decodeBatch = p.batch;
  options.prefillBatch = p.batch;
  options.descriptions = false;
  const auto r = evaluate(t.system, t.model, t.workload, options);
  EXPECT_TRUE(r.feasible) << p.system << " " << p.model;
  if (p.metric == "ttft_ms") return units::inMilliseconds(r.prefill.time);
  return r.endToEnd.tokensPerSecond / p.gpus; // output tokens per second per GPU
}

} // namespace

TEST(GpuPublished, EndToEndPointsModelBesidePublished) {
  std::vector<Point> points;
  for (auto& p : publishedPoints())
    if (p.metric != kMaxLoad) points.push_back(p);
  ASSERT_EQ(points.size(), 36u);
  double logSum = 0;
  int within15 = 0;
  std::printf("| GPU | precision | model | TP | batch | in:out | metric | published | model | model / real time |\n"
              "|---|---|---|---|---|---|---|---|---|---|\n");
  for (const auto& p : points) {
    const double m = modelled(p);
    ASSERT_TRUE(std::isfinite(m) && m > 0) << p.system << " " << p.model;
    // Model time over real time: a latency directly, a throughput inverted.
    const double ratio = p.metric == "ttft_ms" ? m / p.published : p.published / m;
    std::printf("| %s | %s | %s | %d | %d | %lld:%lld | %s | %.1f | %.1f | %.2f |\n", p.system.c_str(),
                p.precision.c_str(), p.model.c_str(), p.gpus, p.batch, p.input, p.output,
                p.metric == "ttft_ms" ? "TTFT (ms)" : "output tokens/s/GPU", p.published, m, ratio);
    logSum += std::log(ratio);
    within15 += std::abs(ratio - 1) <= 0.15;
    EXPECT_GT(ratio, 0.5) << p.system << " " << p.model << " " << p.input << ":" << p.output;
    EXPECT_LT(ratio, 2.0) << p.system << " " << p.model << " " << p.input << ":" << p.output;
  }
  const double geomean = std::exp(logSum / double(points.size()));
  std::printf("geometric mean of model / real time %.3f; %d of %zu points within +-15%%\n", geomean, within15,
              points.size());
  // Regression bounds, not targets. Stop 32 measured the H100's L2 (bench/gpu/results/
  // h100-l2-stream.json: 9.6 TB/s, was assumed 7); the H200, which shares it, had decoded below its
  // HBM rate, 1.48 x its measured kernels. Its static-batch points moved from 0.84-1.22 to 0.79-0.90,
  // beside the H100's 0.70-1.00, and the geometric mean from 0.873 to 0.833 (17 of 36 within 15 %,
  // was 19); the H200's maximum-load points moved from 1.065 to 0.942 (below).
  EXPECT_GT(geomean, 0.80);
  EXPECT_LT(geomean, 1.15);
  EXPECT_GE(within15, 17);
}

// Maximum-load serving (in-flight batching, every request queued at once): the B200 has no static
// points, so these are its check, beside H200 and H100 on the same page and model.
TEST(GpuPublished, MaximumLoadServingModelBesidePublished) {
  std::vector<Point> points;
  for (auto& p : publishedPoints())
    if (p.metric == kMaxLoad) points.push_back(p);
  ASSERT_EQ(points.size(), 12u);
  std::printf("| GPU | weights/act. | KV | model | TP | in:out | requests | published tokens/s/GPU | model | model / real time |\n"
              "|---|---|---|---|---|---|---|---|---|---|\n");
  std::map<std::string, std::pair<double, int>> perGpu; // log-sum, count
  for (const auto& p : points) {
    const double m = modelled(p);
    ASSERT_TRUE(std::isfinite(m) && m > 0) << p.system;
    const double ratio = p.published / m;
    std::printf("| %s | %s | %s | %s | %d | %lld:%lld | %d | %.0f | %.0f | %.2f |\n", p.system.c_str(),
                p.precision.c_str(), p.kvPrecision.c_str(), p.model.c_str(), p.gpus, p.input, p.output, p.requests,
                p.published, m, ratio);
    perGpu[p.system].first += std::log(ratio);
    ++perGpu[p.system].second;
    EXPECT_GT(ratio, 0.5) << p.system << " " << p.input << ":" << p.output;
    EXPECT_LT(ratio, 2.0) << p.system << " " << p.input << ":" << p.output;
  }
  for (const auto& [system, sum] : perGpu)
    std::printf("%s: geometric mean of model / real time %.3f over %d points\n", system.c_str(),
                std::exp(sum.first / sum.second), sum.second);
}
