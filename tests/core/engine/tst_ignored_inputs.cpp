// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 35: what an engine says it does not read (EngineKind::ignores) it does not read: changing
// any such field of a device leaves every figure of the evaluation as it was, and the fields it
// reads are not declared ignored by mistake (each engine reads its memory: editing it moves results).
#include "core/compute/npusim/npusim_spec.h"
#include "core/device/device_fields.h"
#include "core/engine/engine_registry.h"
#include "core/engine/evaluate.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace llmwb;

namespace {
const PresetLibrary& lib() { return test::presets(); }

struct Case {
  const char* engine;
  const char* system;
  const char* model;
  const char* workload;
};
// A system each engine models (its groups named by engine below).
constexpr Case kCases[] = {{"gpu", "gpu/h100", "llama-3.1-8b", "chat"},
                           {"npusim", "npusim/small-256", "qwen3-14b", "chat"},
                           {"snake", "snake/snake-decode", "llama-3.3-70b", "8K:1K"},
                           {"roofline", "gpu/h100x8-duplex", "llama-3.3-70b", "8K:1K"},
                           {"memexplorer", "memexplorer/base", "llama-3.3-70b", "osworld"}};

std::vector<double> figures(const EvaluationResult& r) {
  return {r.prefill.ttft.value(),       r.prefill.energy.value(), r.decode.tbt.value(),      r.decode.energy.value(),
          double(r.decode.maxBatch),    r.endToEnd.tokensPerSecond, r.endToEnd.averagePower.value(),
          r.siliconArea.value()};
}

/// Another valid value of a device field: the next choice, or a real value moved within its range.
bool perturb(const params::Field<DeviceSpec>& f, DeviceSpec& d) {
  if (!f.present(d)) return false;
  const auto v = f.get(d);
  try {
    if (f.type == params::FieldType::Choice) {
      const auto& now = std::get<std::string>(v);
      for (const auto& c : f.choices)
        if (c != now) {
          f.set(d, c);
          return true;
        }
      return false;
    }
    if (f.type == params::FieldType::Real) {
      const double x = std::get<double>(v);
      const double moved = x > f.range.min + 1e-9 ? (x + f.range.min) / 2 : std::min(f.range.max, x * 2 + 0.01);
      if (moved == x) return false;
      f.set(d, moved);
      return true;
    }
  } catch (const std::exception&) {
    return false; // a value the field refuses (a format unknown here): nothing to compare
  }
  return false;
}
} // namespace

TEST(IgnoredInputs, ChangingAnIgnoredFieldChangesNothing) {
  for (const auto& c : kCases) {
    const auto& kind = engine::engines().get(c.engine);
    const auto base = lib().system(c.system);
    const auto model = lib().model(c.model);
    const auto workload = lib().workload(c.workload);
    const auto before = figures(evaluate(base, model, workload));
    int checked = 0;
    for (const auto& f : deviceFields().fields()) {
      if (!kind.ignored(f.key)) continue;
      auto system = base;
      bool changed = false;
      for (auto& g : system.groups)
        if (engine::engineFor(system, g) == c.engine) changed |= perturb(f, g.device);
      if (!changed) continue;
      ++checked;
      const auto after = figures(evaluate(system, model, workload));
      for (std::size_t i = 0; i < before.size(); ++i)
        EXPECT_DOUBLE_EQ(after[i], before[i]) << c.engine << " declares " << f.key << " ignored, but figure " << i << " moved";
    }
    if (!kind.ignores.empty()) EXPECT_GT(checked, 0) << c.engine << ": no ignored field was exercised";
    std::printf("%-12s %d ignored device fields changed, each checked against every figure\n", c.engine, checked);
  }
}

TEST(IgnoredInputs, EveryEngineReadsTheMemoryItShows) {
  // The one memory (resolvedDevice): the first off-chip level's bandwidth halved slows decode on
  // every engine, the npusim chip's through its compute block (its hierarchy is derived from it).
  for (const auto& c : kCases) {
    const auto base = lib().system(c.system);
    const auto model = lib().model(c.model);
    const auto workload = lib().workload(c.workload);
    auto slow = base;
    for (auto& g : slow.groups) {
      if (engine::engineFor(slow, g) != c.engine || g.role == DeviceRole::Prefill) continue;
      if (auto* npu = g.device.compute.getIf<NpusimComputeSpec>()) {
        npu->sramMB = 8; // weights stream from HBM
        npu->hbmBandwidthGBps = npu->family == NpuFamily::Large ? 30 : 15;
      } else {
        for (auto& p : g.device.memory.offChip.front().parts) p.technology.bandwidth = p.technology.bandwidth * 0.5;
      }
    }
    auto tight = base;
    for (auto& g : tight.groups) {
      if (auto* npu = g.device.compute.getIf<NpusimComputeSpec>()) npu->sramMB = 8;
    }
    const auto a = evaluate(tight, model, workload), b = evaluate(slow, model, workload);
    ASSERT_TRUE(a.decode.feasible && b.decode.feasible) << c.engine;
    EXPECT_GT(b.decode.tbt.value(), a.decode.tbt.value()) << c.engine << ": halving the memory's bandwidth did not slow decode";
  }
}
