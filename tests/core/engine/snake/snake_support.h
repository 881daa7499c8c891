// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the Snake tests: the paper's systems and models, and decode steps on their decode groups.

#include "core/engine/engine_registry.h"
#include "core/io/preset_library.h"
#include "tests/core/support/test_presets.h"

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace llmwb::test::snake {

inline const std::vector<std::string>& paperModels() {
  static const std::vector<std::string> m{"opt-66b", "llama-3.3-70b", "mixtral-8x22b", "qwen3-30b-a3b", "deepseek-v2"};
  return m;
}
/// Spec C.2 (PROPOSED): batch 8-64 x context 1K-8K.
inline const std::vector<double>& decodeBatches() {
  static const std::vector<double> b{8, 16, 32, 64};
  return b;
}
inline const std::vector<double>& decodeContexts() {
  static const std::vector<double> c{1024, 2048, 4096, 8192};
  return c;
}

/// The decode group's performance model of `system` for `model`, with the specs it refers to.
struct DecodeGroup {
  SystemSpec system;
  ModelSpec model;
  std::unique_ptr<engine::PerformanceModel> pm;
  const engine::PerformanceModel& operator*() const { return *pm; }
  const engine::PerformanceModel* operator->() const { return pm.get(); }
};

inline std::unique_ptr<DecodeGroup> decodeModel(const std::string& system, const std::string& model) {
  const auto& lib = test::presets();
  auto g = std::make_unique<DecodeGroup>();
  g->system = lib.system(system);
  g->model = lib.model(model);
  const DeviceGroup* group = &g->system.groups.back();
  for (const auto& gr : g->system.groups)
    if (gr.role == DeviceRole::Decode || gr.role == DeviceRole::Both) {
      group = &gr;
      break;
    }
  g->pm = engine::buildModel(g->system, *group, g->model);
  return g;
}

/// A decode step on the decode devices: time without the inter-device (TP) all-reduces, as the
/// paper's kernel-level decode comparison (Fig. 12: SCALE-Sim + Ramulator kernel timing, §6.1.3);
/// `withLinks` keeps them.
struct DecodePoint {
  double seconds = 0;
  double withLinks = 0;
  double logicJoules = 0; ///< dynamic energy of the die: compute plus the on-chip level's per-bit energy (NMP: the logic die and its buffers)
};

/// One decode step of `batch` sequences at `context` tokens each.
inline engine::OperatingPoint decodeAt(double batch, double context) {
  engine::OperatingPoint p;
  p.phase = engine::Phase::Decode;
  p.batch = batch;
  p.newTokens = 1;
  p.contextTokens = context;
  return p;
}

inline DecodePoint decodeStep(const engine::PerformanceModel& pm, double batch, double context) {
  const auto r = pm.step(decodeAt(batch, context));
  return {(r.time - r.communication).value(), r.time.value(), (r.energy.compute + onChipTrafficPower(r.levels) * r.time).value()};
}

inline double geomean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += std::log(x);
  return v.empty() ? 0.0 : std::exp(s / double(v.size()));
}

} // namespace llmwb::test::snake
