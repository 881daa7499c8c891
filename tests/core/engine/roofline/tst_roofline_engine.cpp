// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline engine: each operator at the longer of its compute at the datasheet peaks and its
// compulsory off-chip traffic at the memory's peak bandwidth, nothing else; collectives as the
// group link has them. Checked against those formulas, against the calibrated GPU engine on the
// same device (never slower), and on a system that names it (the Snake paper's GPU baseline).
#include "core/compute/compute_spec.h"
#include "core/device/resolved_device.h"
#include "core/engine/analytic/tensor_parallel.h"
#include "core/engine/engine_registry.h"
#include "core/engine/evaluate.h"
#include "core/io/result_json.h"
#include "core/io/preset_library.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

using namespace llmwb;
using namespace llmwb::engine;

namespace {

const PresetLibrary& lib() { return test::presets(); }

/// The last group of `system` on `model`, its engine replaced by `engine` (the specs it refers to
/// kept beside it).
struct Built {
  SystemSpec system;
  ModelSpec model;
  std::unique_ptr<PerformanceModel> pm;
};

std::unique_ptr<Built> modelOn(const SystemSpec& system, const std::string& model, const std::string& engine) {
  auto b = std::make_unique<Built>();
  b->system = system;
  b->system.engine = engine;
  for (auto& g : b->system.groups) g.device.engine.clear();
  b->model = lib().model(model);
  b->pm = buildModel(b->system, b->system.groups.back(), b->model);
  return b;
}

OperatingPoint decodeAt(double batch, double context) { return {Phase::Decode, batch, 1, context, 1}; }
OperatingPoint prefillOf(double tokens) { return {Phase::Prefill, 1, tokens, 0, 1}; }

} // namespace

TEST(RooflineEngine, IsRegisteredAndNamedInResults) {
  ASSERT_NE(engines().find("roofline"), nullptr);
  const auto system = lib().system("gpu/h100x8-duplex");
  EXPECT_EQ(engineFor(system, system.groups.front()), "roofline");
  // A result says which engine made it (llmwb-cli evaluate, --json, the GUI's Devices tab).
  const auto r = evaluate(system, lib().model("llama-3.3-70b"), lib().workload("chat"));
  ASSERT_EQ(r.devices.size(), 1u);
  EXPECT_EQ(r.devices.front().engine, "roofline");
  EXPECT_EQ(nlohmann::json::parse(evaluationToJson(r))["devices"][0]["engine"], "roofline");
}

// Every operator: max(matrix FLOPs at the matrix peak, vector work at the vector peak, off-chip
// bytes at the HBM's peak); the step adds them up with the all-reduces of a bare ring over the link.
TEST(RooflineEngine, EachOperatorTakesTheLongerOfComputeAndTrafficAtThePeaks) {
  const auto system = lib().system("gpu/h100x8-duplex");
  const auto built = modelOn(system, "llama-3.3-70b", "roofline");
  const PerformanceModel& pm = *built->pm;
  const auto& device = pm.device();
  const double peak = makeComputeUnit(deviceCompute(device))->peakMatrixFlops(16).value();
  const double bandwidth = device.memory.offChip.front().bandwidth().value();
  ASSERT_NEAR(peak, 989.4e12, 1e9);
  ASSERT_NEAR(bandwidth, 3.352e12, 1e10);
  const double devices = pm.devices();
  int memoryBound = 0, computeBound = 0;
  for (const auto& point : {decodeAt(8, 4096), prefillOf(8192)}) {
    const auto step = pm.step(point);
    Seconds sum;
    for (const auto& o : step.operators) {
      sum += o.time;
      const double compute = o.computeTime.value(), memory = o.offChipBytes.value() / devices / bandwidth;
      EXPECT_NEAR(o.time.value(), std::max(compute, memory), 1e-9 * o.time.value()) << o.name;
      if (o.name.find("proj") == std::string::npos) continue;
      // The projections' compute is their FLOPs at the tensor peak (their element-wise work, a
      // gated MLP's activation, counts in the FLOPs but runs beside: under 1 %).
      EXPECT_NEAR(compute, o.flops.value() / devices / peak, 0.01 * compute) << o.name;
      (memory > compute ? memoryBound : computeBound) += 1;
    }
    EXPECT_NEAR((step.time - step.communication).value(), sum.value(), 1e-9 * sum.value());
  }
  EXPECT_EQ(memoryBound, 4); // decode: qkv, o, gate_up, down
  EXPECT_EQ(computeBound, 4); // an 8K prompt
  // Collectives: a bare ring of 2 (n - 1) hops of the link's latency plus bytes / n at its rate.
  const auto step = pm.step(decodeAt(8, 4096));
  const double ring = 2 * (devices - 1) * (0.3e-6 + 8 * 8192 * 2.0 / devices / 450e9);
  EXPECT_NEAR(step.communication.value(), 160 * ring, 1e-3 * 160 * ring);
}

// A roofline is an upper bound on speed: on the same device and link the calibrated GPU engine is
// never faster, prefill or decode, dense or MoE.
TEST(RooflineEngine, TheCalibratedGpuIsNeverFaster) {
  const auto system = lib().system("gpu/h100x8");
  for (const char* model : {"llama-3.3-70b", "mixtral-8x22b", "qwen3-30b-a3b"}) {
    const auto roofline = modelOn(system, model, "roofline");
    const auto gpu = modelOn(system, model, "gpu");
    for (const auto& point : {decodeAt(1, 1024), decodeAt(64, 8192), prefillOf(512), prefillOf(8192)}) {
      const auto r = roofline->pm->step(point), g = gpu->pm->step(point);
      EXPECT_LE((r.time - r.communication).value(), (g.time - g.communication).value()) << model;
      EXPECT_GT(r.time.value(), 0);
      EXPECT_TRUE(std::isfinite(r.energy.total().value()));
    }
  }
}

// Any device gets a roofline, below its own engine: NMP logic dies, MemExplorer and DUET designs,
// NpuSim chips; printed beside each (decode step without collectives, Qwen3-4B, batch 16, 2K).
TEST(RooflineEngine, RunsOnEveryDeviceKind) {
  for (const char* id : {"snake/snake", "snake/sa-48x48", "snake/mac-tree", "memexplorer/p1d1", "duet/system", "npusim/large-64"}) {
    const auto system = lib().system(id);
    const auto model = lib().model("qwen3-4b");
    const auto own = buildModel(system, system.groups.back(), model);
    const auto bound = modelOn(system, "qwen3-4b", "roofline");
    EXPECT_EQ(bound->pm->engine(), "roofline");
    const auto p = decodeAt(16, 2048);
    const auto a = own->step(p), b = bound->pm->step(p);
    const double ownSeconds = (a.time - a.communication).value(), rooflineSeconds = (b.time - b.communication).value();
    std::printf("  %-18s %-12s %8.3f ms   roofline %8.3f ms\n", id, own->engine().c_str(), 1e3 * ownSeconds, 1e3 * rooflineSeconds);
    EXPECT_TRUE(a.feasible && b.feasible) << id;
    EXPECT_GT(rooflineSeconds, 0) << id;
    EXPECT_LE(rooflineSeconds, ownSeconds) << id; // no engine here beats the peaks
    EXPECT_TRUE(std::isfinite(b.energy.total().value())) << id;
  }
}
