// SPDX-License-Identifier: GPL-3.0-or-later
// No engine beats physics: for every shipped system, a prefill pass and a decode step take at least
// their roofline time, the group's FLOPs at the devices' peak and every memory level's traffic at
// that level's peak bandwidth. A step under its bound means work was lost or placed on hardware
// that is not there (attention split by sequence put a TP-8 device's whole batch on one Snake PU;
// the converse, work vanishing, is what this catches).
#include "core/device/device_model.h"
#include "core/engine/engine_registry.h"
#include "core/io/preset_library.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

using namespace llmwb;

namespace {

struct Bound {
  double seconds = 0;
  std::string what;
};

Bound rooflineOf(const engine::StepResult& r, const DeviceModel& device, int devices) {
  Bound b;
  double flops = 0;
  for (const auto& o : r.operators) flops += o.flops.value();
  b.seconds = flops / devices / device.peakFlops().value();
  b.what = "compute";
  const auto levels = device.memory().levels();
  for (const auto& use : r.levels) {
    if (use.depth < 0 || std::size_t(use.depth) >= levels.size()) continue;
    const double bandwidth = levels[std::size_t(use.depth)]->bandwidth().value();
    if (bandwidth <= 0) continue;
    const double t = (use.read + use.written).value() / devices / bandwidth;
    if (t > b.seconds) {
      b.seconds = t;
      b.what = use.name;
    }
  }
  return b;
}

} // namespace

TEST(RooflineBound, NoStepOfAnyEngineBeatsItsRoofline) {
  const auto& lib = test::presets();
  const std::vector<std::string> models{"llama-3.1-8b", "qwen3-30b-a3b", "deepseek-v2", "nemotron-h-56b"};
  int checked = 0, skipped = 0;
  for (const auto& info : lib.list(PresetKind::System)) {
    const auto system = lib.system(info.id);
    for (const auto& modelId : models) {
      const auto model = lib.model(modelId);
      for (const auto& group : system.groups) {
        std::unique_ptr<engine::PerformanceModel> pm;
        try {
          pm = engine::buildModel(system, group, model);
        } catch (const std::exception&) {
          ++skipped; // an engine that refuses the model (npusim: no MLA) says so elsewhere
          continue;
        }
        const DeviceModel device(pm->device());
        for (const auto& [phase, batch, tokens, context] :
             {std::tuple{engine::Phase::Prefill, 1.0, 2048.0, 0.0}, std::tuple{engine::Phase::Decode, 8.0, 1.0, 4096.0}}) {
          engine::OperatingPoint p;
          p.phase = phase;
          p.batch = batch;
          p.newTokens = tokens;
          p.contextTokens = context;
          const auto r = pm->step(p);
          if (!r.feasible) continue;
          const auto bound = rooflineOf(r, device, pm->devices());
          ++checked;
          EXPECT_GE(r.time.value(), bound.seconds * (1 - 1e-6))
              << info.id << " / " << modelId << " / " << group.device.id << (phase == engine::Phase::Prefill ? " prefill" : " decode")
              << ": " << r.time.value() * 1e6 << " us under its " << bound.what << " bound of " << bound.seconds * 1e6 << " us";
        }
      }
    }
  }
  std::printf("%d steps checked against their roofline (%d model/group pairs an engine refused)\n", checked, skipped);
  EXPECT_GT(checked, 100);
}
