// SPDX-License-Identifier: GPL-3.0-or-later
// The engine seam: engines by name, the engine a group gets, and one model answering the same
// question the same way through every entry point (phases, steps, rooflines).
#include "core/engine/engine_registry.h"
#include "core/engine/evaluate.h"
#include "core/study/roofline.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include "core/engine/result_check.h"

#include <limits>

namespace llmwb::engine {
namespace {

TEST(EngineRegistry, HoldsTheBuiltinEnginesWithDescriptions) {
  ASSERT_NE(engines().find("memexplorer"), nullptr);
  ASSERT_NE(engines().find("gpu"), nullptr);
  for (const auto& e : engines().entries()) EXPECT_FALSE(e.description.empty()) << e.name;
  EXPECT_EQ(engines().find("no-such-engine"), nullptr);
}

TEST(EngineRegistry, UnknownNamesAndDuplicatesAreRefused) {
  const auto& lib = test::presets();
  const auto system = lib.system("gpu/h100");
  const auto model = lib.model("llama-3.1-8b");
  try {
    engines().build("no-such-engine", EngineContext{system.groups.front(), system.groupLink, model});
    FAIL() << "an unknown engine was built";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("memexplorer"), std::string::npos) << "the message lists the known engines";
  }
  EngineRegistry r;
  registerBuiltinEngines(r);
  EXPECT_THROW(r.add({.name = "gpu", .description = "again", .factory = engines().get("gpu").factory}), std::invalid_argument);
  EXPECT_THROW(r.add({.name = "no-factory", .description = "none"}), std::invalid_argument);
}

TEST(EngineRegistry, TheComputeKindPicksTheEngineUnlessDeviceOrSystemName) {
  const auto& lib = test::presets();
  auto gpu = lib.system("gpu/h100");
  auto npu = lib.system("memexplorer/base");
  EXPECT_EQ(engineFor(gpu, gpu.groups.front()), "gpu");
  EXPECT_EQ(engineFor(npu, npu.groups.front()), "memexplorer");
  npu.engine = "gpu";
  EXPECT_EQ(engineFor(npu, npu.groups.front()), "gpu");
  npu.groups.front().device.engine = "memexplorer";
  EXPECT_EQ(engineFor(npu, npu.groups.front()), "memexplorer") << "the device's own engine wins";
}

TEST(EngineRegistry, AnUnknownEngineInASystemIsAProblemNotACrash) {
  const auto& lib = test::presets();
  auto system = lib.system("memexplorer/base");
  system.engine = "no-such-engine";
  const auto r = evaluate(system, lib.model("llama-3.3-70b"), lib.workload("osworld"));
  EXPECT_FALSE(r.feasible);
  ASSERT_FALSE(r.problems.empty());
  EXPECT_NE(r.problems.front().find("no-such-engine"), std::string::npos);
}

TEST(PerformanceModel, AStepIsThePhasesPass) {
  const auto& lib = test::presets();
  const auto system = lib.system("gpu/h100x4");
  const auto model = lib.model("llama-3.3-70b");
  const auto workload = lib.workload("2048:256");
  const auto m = buildModel(system, system.groups.front(), model);
  EXPECT_EQ(m->engine(), "gpu");
  const auto prefill = m->prefill(workload, 2);
  const auto step = m->step({Phase::Prefill, 2, 2048, 0, 1});
  EXPECT_TRUE(step.feasible);
  EXPECT_DOUBLE_EQ(step.time.value(), prefill.time.value());
  EXPECT_NEAR(step.energy.total().value(), prefill.energy.value(), 1e-9 * prefill.energy.value());
  EXPECT_EQ(step.operators.size(), prefill.operators.size());
  // Energy by component adds up to the phase's energy.
  const auto& e = prefill.energyBreakdown;
  EXPECT_GT(e.compute.value(), 0);
  EXPECT_GT(e.memory.value(), 0);
  EXPECT_GT(e.communication.value(), 0) << "four GPUs all-reduce";
  EXPECT_GT(e.idle.value(), 0);
  // One decode step at batch 8 costs more than at batch 1, and less than 8 times as much.
  const auto one = m->step({Phase::Decode, 1, 1, 2048, 1});
  const auto eight = m->step({Phase::Decode, 8, 1, 2048, 1});
  EXPECT_GT(eight.time.value(), one.time.value());
  EXPECT_LT(eight.time.value(), 8 * one.time.value());
}

TEST(PerformanceModel, MemoryBudgetMatchesTheDecodeBatch) {
  const auto& lib = test::presets();
  const auto system = lib.system("gpu/h100x4");
  const auto model = lib.model("llama-3.3-70b");
  const auto workload = lib.workload("osworld");
  const auto m = buildModel(system, system.groups.front(), model);
  const auto budget = m->memory();
  const double perSequence = (budget.statePerSequence + budget.cachePerToken * double(workload.contextTokens())).value();
  const int fit = int(budget.cacheCapacity().value() / perSequence);
  const int batch = m->maxDecodeBatch(workload);
  EXPECT_LE(batch, fit);
  EXPECT_GT(2 * batch, fit) << "the largest power of two that fits";
}

TEST(Evaluate, TheRooflineComesWithTheResultAndAgreesWithTheStudy) {
  const auto& lib = test::presets();
  const auto system = lib.system("memexplorer/p1d1");
  const auto model = lib.model("llama-3.3-70b");
  const auto workload = lib.workload("osworld");
  EvaluationOptions o;
  o.roofline = true;
  const auto r = evaluate(system, model, workload, o);
  const auto study = roofline(system, model, workload, {r.prefill.batch}, RooflineDetail::Operators);
  ASSERT_FALSE(r.roofline.points.empty());
  EXPECT_EQ(r.roofline.compute.size(), study.compute.size());
  EXPECT_EQ(r.roofline.memory.size(), study.memory.size());
  std::size_t prefillPoints = 0;
  for (const auto& p : r.roofline.points) {
    EXPECT_EQ(p.phase, std::string(toString(p.phaseKind)));
    EXPECT_GE(p.group, 0);
    EXPECT_LT(p.group, int(system.groups.size()));
    if (p.phaseKind == Phase::Prefill) ++prefillPoints;
  }
  std::size_t studyPrefill = 0;
  for (const auto& p : study.points) studyPrefill += p.phase == "prefill";
  EXPECT_EQ(prefillPoints, studyPrefill);
  for (const auto& m : r.roofline.memory) EXPECT_GE(m.depth, 0);
  // Without the option, nothing extra is computed.
  EXPECT_TRUE(evaluate(system, model, workload).roofline.empty());
}

} // namespace
} // namespace llmwb::engine

namespace llmwb::engine {
namespace {

TEST(ResultCheck, NonFiniteQuantitiesMakeAResultInfeasibleAndAreZeroed) {
  EvaluationResult r;
  r.prefill.evaluated = true;
  r.prefill.tokensPerSecond = 10;
  r.prefill.time = Seconds(std::numeric_limits<double>::quiet_NaN());
  r.decode.evaluated = true;
  r.decode.tokensPerSecond = 5;
  r.decode.energy = Joules(-1.0);
  r.endToEnd.tokensPerJoule = std::numeric_limits<double>::infinity();
  checkResult(r);
  EXPECT_FALSE(r.feasible);
  EXPECT_EQ(r.prefill.time.value(), 0.0);
  EXPECT_EQ(r.decode.energy.value(), 0.0);
  EXPECT_EQ(r.endToEnd.tokensPerJoule, 0.0);
  ASSERT_EQ(r.problems.size(), 3u);
  EXPECT_NE(r.problems[0].find("prefill: time is not finite"), std::string::npos) << r.problems[0];
  EXPECT_NE(r.problems[1].find("decode: energy is negative"), std::string::npos) << r.problems[1];
}

TEST(ResultCheck, APhaseWithoutTokensIsNeverFeasible) {
  // LLaDA unmasks 32 tokens per pass: one output token needs no decode pass at all.
  const auto& lib = test::presets();
  const auto r = evaluate(lib.system("memexplorer/p1d1"), lib.model("llada-8b"), lib.workload("1:1"));
  EXPECT_FALSE(r.feasible);
  EXPECT_FALSE(r.decode.feasible);
  EXPECT_EQ(r.decode.reason, "produces no tokens");
}

} // namespace
} // namespace llmwb::engine

namespace llmwb::engine {
namespace {

// Issue 35: an engine is described once (EngineKind): what it models, what it ignores, how it serves.
TEST(EngineKind, SaysWhatItModelsIgnoresAndServesWith) {
  const auto names = [](const std::vector<const EngineKind*>& kinds) {
    std::vector<std::string> out;
    for (const auto* k : kinds) out.push_back(k->name);
    return out;
  };
  EXPECT_EQ(names(engines().applicable("gpu")), (std::vector<std::string>{"gpu", "roofline"}));
  EXPECT_EQ(names(engines().applicable("plena")), (std::vector<std::string>{"memexplorer", "roofline"}));
  EXPECT_EQ(names(engines().applicable("npusim")), (std::vector<std::string>{"npusim", "roofline"}));
  EXPECT_EQ(names(engines().applicable("mac_tree")), (std::vector<std::string>{"snake", "roofline"}));
  EXPECT_EQ(engines().get("snake").computeKindsText(), "\"snake\", \"fixed_array\" or \"mac_tree\"");
  EXPECT_EQ(engines().get("roofline").computeKindsText(), "every compute kind");

  const auto& npusim = engines().get("npusim");
  EXPECT_EQ(npusim.defaultScheduler, "npusim");
  ASSERT_NE(npusim.ignored("strategy.dataflow"), nullptr) << "a block names every key in it";
  EXPECT_NE(npusim.ignored("quantisation.kv_cache"), nullptr);
  EXPECT_EQ(npusim.ignored("quantisation.weights"), nullptr);
  EXPECT_EQ(npusim.ignored("strategyx"), nullptr);
  EXPECT_EQ(engines().get("memexplorer").ignored("strategy.dataflow"), nullptr);
  for (const auto& e : engines().entries())
    for (const auto& i : e.ignores) EXPECT_FALSE(i.reason.empty()) << e.name << " " << i.field;
}

TEST(EngineKind, AnEngineIsNotBuiltForADeviceItDoesNotModel) {
  const auto& lib = test::presets();
  auto system = lib.system("gpu/h100");
  system.groups.front().device.engine = "npusim";
  const auto r = evaluate(system, lib.model("llama-3.1-8b"), lib.workload("chat"));
  EXPECT_FALSE(r.feasible);
  ASSERT_FALSE(r.problems.empty());
  EXPECT_NE(r.problems.front().find("the npusim engine models \"npusim\" devices"), std::string::npos) << r.problems.front();
  EXPECT_NE(r.problems.front().find("is \"gpu\""), std::string::npos) << r.problems.front();
}

} // namespace
} // namespace llmwb::engine
