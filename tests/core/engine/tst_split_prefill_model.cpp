// SPDX-License-Identifier: GPL-3.0-or-later
// engine::SplitPrefillModel: MemExplorer 5.5's prefill split by layer kind as one performance
// model, the composition evaluate() reports and the serving simulator's prefill pool steps.
#include "core/engine/engine_registry.h"
#include "core/engine/split_prefill_model.h"
#include "core/io/preset_library.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
struct Split {
  SystemSpec system = test::presets().system("memexplorer/extreme"); // attention on Base, FFN on P1
  ModelSpec model = test::presets().model("llama-3.3-70b");
  std::unique_ptr<engine::PerformanceModel> attention = engine::buildModel(system, system.groups[0], model, true);
  std::unique_ptr<engine::PerformanceModel> ffn = engine::buildModel(system, system.groups[1], model, true);
  engine::SplitPrefillModel split{*attention, *ffn, model, system.phaseLink};
};
} // namespace

TEST(SplitPrefillModel, AStepOfTheWholePromptIsThePrefill) {
  const Split s;
  Workload w;
  w.inputTokens = 4096;
  w.outputTokens = 256;
  std::array<engine::SplitPart, 2> parts;
  const auto pre = s.split.prefill(w, 1, parts);
  ASSERT_TRUE(pre.feasible) << pre.reason;
  engine::OperatingPoint p;
  p.phase = engine::Phase::Prefill;
  p.batch = 1;
  p.newTokens = 4096;
  const auto step = s.split.step(p);
  ASSERT_TRUE(step.feasible) << step.reason;
  EXPECT_NEAR(step.time.value(), pre.time.value(), 1e-3 * pre.time.value());
  EXPECT_NEAR(step.energy.total().value(), pre.energy.value(), 1e-3 * pre.energy.value());
  // Each part is its group's share of a whole pass: less than the pass, and together (plus the
  // activations crossing at every change of part) the split pass.
  const auto a = s.attention->prefill(w, 1), f = s.ffn->prefill(w, 1);
  EXPECT_LT(parts[0].time.value(), a.time.value());
  EXPECT_LT(parts[1].time.value(), f.time.value());
  EXPECT_GT(pre.time.value(), (parts[0].time + parts[1].time).value());
  EXPECT_EQ(s.split.idlePower().value(), (s.attention->idlePower() + s.ffn->idlePower()).value());
  // Its operators: the attention group's token mixers and the FFN group's MLPs, each once.
  bool mixers = false, mlps = false;
  for (const auto& op : step.operators) {
    mixers |= op.name.find("attention.attention") != std::string::npos;
    mlps |= op.name.find("mlp.") != std::string::npos;
  }
  EXPECT_TRUE(mixers && mlps);
}

TEST(SplitPrefillModel, ItDoesNotDecode) {
  const Split s;
  Workload w;
  w.inputTokens = 128;
  w.outputTokens = 16;
  const auto d = s.split.decode(w, 4, 2);
  EXPECT_FALSE(d.feasible);
  EXPECT_NE(d.reason.find("does not decode"), std::string::npos);
  EXPECT_EQ(s.split.memory().cacheCapacity().value(), s.attention->memory().cacheCapacity().value());
}
