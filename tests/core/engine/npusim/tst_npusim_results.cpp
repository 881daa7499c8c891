// SPDX-License-Identifier: GPL-3.0-or-later
// What the NpuSim engine reports beside its times: one memory for every engine and view (the chip's
// per-core SRAM and HBM, derived from the compute block), operator rows by class that add up to the
// pass, traffic by level, decode rows over every step, and roofline points.
#include "core/compute/compute_kind.h"
#include "core/compute/npusim/npusim_spec.h"
#include "core/device/resolved_device.h"
#include "core/engine/engine_registry.h"
#include "core/engine/evaluate.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace llmwb;
using namespace llmwb::engine;

namespace {
const PresetLibrary& lib() { return test::presets(); }

struct Project {
  const char* system;
  const char* model;
  const char* workload;
};
// The shipped NpuSim projects (presets/projects/npusim-*.llmwb).
constexpr Project kProjects[] = {{"npusim/large-64-pd", "qwen3-4b", "chat"}, {"npusim/small-256", "qwen3-14b", "chat"}};

const NpusimComputeSpec& coreOf(const SystemSpec& s) { return s.groups.front().device.compute.as<NpusimComputeSpec>(); }

/// The system with every group's chip edited by `edit`.
template <class Edit>
SystemSpec edited(SystemSpec s, Edit edit) {
  for (auto& g : s.groups) edit(g.device.compute.as<NpusimComputeSpec>());
  return s;
}

EvaluationResult run(const SystemSpec& s, const Project& p, bool roofline = false) {
  EvaluationOptions o;
  o.roofline = roofline;
  return evaluate(s, lib().model(p.model), lib().workload(p.workload), o);
}
} // namespace

TEST(NpusimMemory, TheHierarchyIsTheChipsOwnPerCoreMemory) {
  for (const auto& p : kProjects) {
    auto s = lib().system(p.system);
    const auto& device = s.groups.front().device;
    const auto& core = device.compute.as<NpusimComputeSpec>();
    const auto resolved = resolvedDevice(device);
    const double cores = core.cores();
    EXPECT_DOUBLE_EQ(resolved.memory.onChip.capacity().value(), core.sramBytes() * cores) << p.system;
    ASSERT_EQ(resolved.memory.offChip.size(), 1u);
    EXPECT_DOUBLE_EQ(resolved.memory.offChip[0].capacity().value(), core.hbmBytes() * cores) << p.system;
    EXPECT_DOUBLE_EQ(resolved.memory.offChip[0].bandwidth().value(), core.hbmBandwidth() * cores) << p.system;
    EXPECT_FALSE(memoryLockReason(device).empty()) << "the editor locks the hierarchy and says why";
    // The summary card and the roofline engine see the same memory as the npusim engine (on a chip
    // in PD fusion: a PD-disaggregated chip's pools each hold their own cores' share).
    if (s.groups.size() != 1) continue;
    const auto r = run(s, p);
    ASSERT_TRUE(r.feasible) << p.system;
    EXPECT_DOUBLE_EQ(r.devices.front().memoryCapacity.value(), core.hbmBytes() * cores);
    s.groups.front().device.engine = "roofline";
    const auto roof = run(s, p);
    ASSERT_FALSE(roof.devices.empty());
    EXPECT_EQ(roof.devices.front().engine, "roofline");
    EXPECT_DOUBLE_EQ(roof.devices.front().memoryCapacity.value(), core.hbmBytes() * cores) << "one memory for every engine";
    EXPECT_DOUBLE_EQ(roof.devices.front().memoryBandwidth.value(), core.hbmBandwidth() * cores);
  }
}

TEST(NpusimMemory, EditingTheChipsMemoryMovesTheResults) {
  for (const auto& p : kProjects) {
    const auto base = lib().system(p.system);
    const auto before = run(base, p);
    ASSERT_TRUE(before.feasible) << p.system;
    // HBM capacity: less of it holds fewer sequences.
    const auto fewer = run(edited(base, [](NpusimComputeSpec& c) { c.hbmCapacityGB *= 0.75; }), p);
    EXPECT_LT(fewer.decode.maxBatch, before.decode.maxBatch) << p.system;
    // HBM bandwidth: with little SRAM the weights and KV stream from HBM, and TTFT and TBT follow it.
    const auto tight = edited(base, [](NpusimComputeSpec& c) { c.sramMB = 8; });
    const auto slowTight = edited(tight, [](NpusimComputeSpec& c) { c.hbmBandwidthGBps = c.family == NpuFamily::Large ? 30 : 15; });
    const auto a = run(tight, p), b = run(slowTight, p);
    ASSERT_TRUE(a.prefill.feasible && b.prefill.feasible) << p.system;
    std::printf("%s: HBM %g -> %g GB/s per core (8 MB SRAM): TTFT %.4g -> %.4g s, TBT %.4g -> %.4g s; HBM capacity x 0.75: "
                "largest batch %d -> %d\n",
                p.system, coreOf(tight).hbmBandwidthGBps, coreOf(slowTight).hbmBandwidthGBps, a.prefill.ttft.value(),
                b.prefill.ttft.value(), a.decode.tbt.value(), b.decode.tbt.value(), before.decode.maxBatch, fewer.decode.maxBatch);
    EXPECT_GT(b.prefill.ttft.value(), a.prefill.ttft.value()) << p.system;
    EXPECT_GT(b.decode.tbt.value(), a.decode.tbt.value()) << p.system;
  }
}

TEST(NpusimResults, OperatorRowsByClassAddUpToThePass) {
  for (const auto& p : kProjects) {
    const auto s = lib().system(p.system);
    const auto m = buildModel(s, s.groups.front(), lib().model(p.model));
    const auto step = m->step({Phase::Prefill, 1, 512, 0, 1});
    ASSERT_TRUE(step.feasible) << step.reason;
    double time = 0, energy = 0;
    bool projection = false, attention = false, elementwise = false, head = false;
    for (const auto& op : step.operators) {
      time += op.time.value();
      energy += op.energy.value();
      projection |= op.cls == OperatorClass::Projection;
      attention |= op.cls == OperatorClass::Attention;
      elementwise |= op.cls == OperatorClass::Elementwise;
      head |= op.cls == OperatorClass::LmHead;
      EXPECT_GT(op.weightBytes.value() + op.activationBytes.value() + op.cacheBytes.value(), 0) << op.name;
    }
    EXPECT_TRUE(projection && attention && elementwise && head) << "one row per class the pass has";
    EXPECT_NEAR(time, step.time.value(), 1e-9 * step.time.value()) << "rows add up to the pass";
    EXPECT_NEAR(energy, step.energy.compute.value(), 1e-9 * step.energy.compute.value());
    ASSERT_EQ(step.levels.size(), 2u);
    EXPECT_GT(step.levels[0].read.value(), 0) << "SRAM traffic";
  }
}

TEST(NpusimResults, DecodeRowsCoverEveryStepAndTheRooflineHasPoints) {
  for (const auto& p : kProjects) {
    const auto r = run(lib().system(p.system), p, true);
    ASSERT_TRUE(r.feasible) << p.system;
    double decode = 0, energy = 0;
    for (const auto& op : r.decode.operators) {
      decode += op.time.value();
      energy += op.energy.value();
    }
    EXPECT_NEAR(decode, r.decode.time.value(), 1e-9 * r.decode.time.value()) << "all steps, not one";
    EXPECT_NEAR(energy, r.decode.energyBreakdown.compute.value(), 1e-9 * energy) << "dynamic energy by class";
    EXPECT_GT(energy, 0);
    int points = 0;
    for (const auto& pt : r.roofline.points) {
      ++points;
      EXPECT_GT(pt.intensity.value(), 0) << pt.name;
      EXPECT_TRUE(pt.operatorClass.has_value()) << pt.name;
    }
    EXPECT_GE(points, 6) << p.system << ": prefill and decode points";
  }
}

// Issue 35: the npusim engine's system-level settings (its parallelism block, EngineSettings) are
// read, written and swept by the same parameter machinery as every other field.
#include "core/dse/design_problem.h"
#include "core/io/space_io.h"
#include "core/io/spec_writer.h"

TEST(NpusimSettings, TheParallelismBlockIsTheEnginesAndSweepsInADesignSpace) {
  const auto& settings = engine::engines().get("npusim").settings;
  ASSERT_EQ(settings.size(), 1u);
  EXPECT_EQ(settings.front().block, "parallelism");
  ASSERT_NE(settings.front().fields().find("tp"), nullptr);
  const auto system = lib().system("npusim/small-256");
  EXPECT_NE(io::systemJsonText(system).find("\"parallelism\""), std::string::npos) << "written back by the engine's table";
  const std::string text = R"({
    "format_version": 1, "kind": "design_space", "name": "TP on the small chip",
    "system": "npusim/small-256", "model": "qwen3-14b", "workload": "chat", "phases": "prefill",
    "parameters": [{"name": "tp", "field": "system.parallelism.tp", "values": [8, 16]}],
    "objectives": [{"metric": "prefill.ttft_s", "direction": "minimise", "reference": 100}]
  })";
  const auto problem = bindDesignSpace(parseDesignSpace(text, "tp.json"), lib());
  ASSERT_EQ(problem.gridSize(), 2u);
  const auto tp8 = problem.evaluate(problem.pointAt(0)), tp16 = problem.evaluate(problem.pointAt(1));
  ASSERT_TRUE(tp8.feasible && tp16.feasible);
  EXPECT_GT(tp8.objectives.front(), tp16.objectives.front()) << "the setting reaches the engine";
  std::printf("small-256, qwen3-14b chat: TTFT %.4g s at TP 8, %.4g s at TP 16\n", tp8.objectives.front(), tp16.objectives.front());
}

// Issue 35: the npusim engine's detail product carries the chip's KV state as the model placed it
// (the context each stage's cores hold in SRAM and core HBM), for the NPU chip view.
#include "core/engine/npusim/npusim_model.h"

TEST(NpusimResults, TheChipDetailCarriesTheKvState) {
  const auto& lib = test::presets();
  const auto system = lib.system("npusim/large-64");
  const auto model = engine::buildModel(system, system.groups.front(), lib.model("qwen3-4b"), false, false);
  const auto chip = engine::detailOf<engine::npusim::ChipDetail>(*model);
  ASSERT_TRUE(chip);
  ASSERT_TRUE(chip->problem.empty()) << chip->problem;
  const auto* npu = dynamic_cast<const engine::npusim::NpusimModel*>(model.get());
  ASSERT_TRUE(npu);
  const auto stages = npu->stageKvCapacity();
  ASSERT_FALSE(stages.empty());
  ASSERT_EQ(chip->kv.size(), stages.size());
  for (std::size_t i = 0; i < stages.size(); ++i) {
    EXPECT_EQ(chip->kv[i].sramTokens, stages[i].sramTokens);
    EXPECT_EQ(chip->kv[i].hbmTokens, stages[i].hbmTokens);
    EXPECT_GT(chip->kv[i].sramTokens + chip->kv[i].hbmTokens, 0);
  }
}
