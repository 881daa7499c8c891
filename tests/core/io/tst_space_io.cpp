// SPDX-License-Identifier: GPL-3.0-or-later
// Design-space files: the shipped spaces read and bind; a malformed one is an InputError that
// names the file, the JSON-pointer field and what is wrong.
#include "core/device/resolved_device.h"
#include "core/compute/arrays/array_spec.h"
#include "core/compute/compute_kind.h"
#include "core/io/input_error.h"
#include "core/io/space_io.h"
#include "core/dse/methods.h"
#include "core/dse/metrics.h"
#include "core/engine/evaluate.h"
#include "../support/test_presets.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace llmwb;

TEST(SpaceIo, ShippedSpacesBind) {
  EXPECT_EQ(designSpaceIds(test::presets()),
            (std::vector<std::string>{"duet-systolic", "duet-vector", "memexplorer-decode", "memexplorer-pd-pair", "memexplorer-prefill",
                                      "snake-decode"}));
  for (const auto& id : designSpaceIds(test::presets())) {
    const auto problem = loadDesignProblem(id, test::presets());
    EXPECT_TRUE(problem.discrete()) << id;
    EXPECT_EQ(problem.space().objectives.size(), 2u) << id;
  }
  // Sized to sweep exhaustively in well under a minute on two cores (docs/dse.md).
  EXPECT_EQ(loadDesignProblem("memexplorer-decode", test::presets()).designCount(), 604800u);
  EXPECT_EQ(loadDesignProblem("memexplorer-prefill", test::presets()).designCount(), 1008000u);
}

// Constraints on hardware figures (TDP, shoreline, capacities, area) are known without running
// the engine: GP+EHVI checks them exactly. On every shipped space they equal what evaluate() gives.
TEST(SpaceIo, HardwareConstraintsKnownWithoutTheEngine) {
  int checked = 0;
  for (const auto& id : designSpaceIds(test::presets())) {
    const auto problem = loadDesignProblem(id, test::presets());
    std::mt19937_64 rng(11);
    for (int i = 0; i < 40; ++i) {
      const auto point = dse::detail::randomPoint(problem, rng);
      const auto evaluated = problem.evaluate(point);
      const auto known = problem.hardwareValues(point);
      ASSERT_EQ(known.size(), problem.space().constraints.size());
      for (std::size_t k = 0; k < known.size(); ++k) {
        const bool hardware = dse::findMetric(problem.space().constraints[k].metric)->hardware;
        if (!hardware) {
          EXPECT_TRUE(std::isnan(known[k])) << id;
        } else if (evaluated.engineFeasible) {
          EXPECT_EQ(known[k], evaluated.constraints[k]) << id << " " << problem.space().constraints[k].metric;
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 150); // 195 with these seeds
}

TEST(SpaceIo, PackageFieldsReachThePackage) {
  const auto problem = loadDesignProblem("duet-systolic", test::presets());
  // rows 128, cols 32, 8 chiplets: the package resolves with its arrays refilled to the cap.
  const auto system = problem.system(dse::DesignPoint{{4, 2, 1}});
  const auto& device = system.groups.front().device;
  ASSERT_TRUE(device.package && device.package->computeChiplet.systolic);
  EXPECT_EQ(device.package->computeChiplet.systolic->rows, 128);
  EXPECT_EQ(device.package->computeChiplet.systolic->cols, 32);
  EXPECT_EQ(device.package->computeChiplets, 8);
  const auto compute = resolvedDevice(device).compute.as<ArrayComputeSpec>();
  ASSERT_TRUE(compute.systolic);
  EXPECT_EQ(compute.systolic->rows, 128);
  const auto r = problem.evaluate(dse::DesignPoint{{4, 2, 1}});
  EXPECT_TRUE(r.feasible);
  EXPECT_GT(r.objectives[1], 0.0); // area
}

// Per-role fields co-design both devices of a disaggregated system: `prefill.` fields reach the
// prefill group only, `decode.` the decode group, `<role>.count` that group's devices.
TEST(SpaceIo, RoleFieldsReachTheirRoleOnly) {
  const auto problem = loadDesignProblem("memexplorer-pd-pair", test::presets());
  EXPECT_EQ(problem.designCount(), 17496u);
  // On the front: prefill 1024x512, 3 layers, 2 HBM, 4 devices; decode 1024x64, VLEN 512, 4 HBM, 0 HBF, 8 devices
  const dse::DesignPoint point{{2, 2, 1, 1, 0, 0, 2, 0, 2}};
  const auto system = problem.system(point);
  ASSERT_EQ(system.groups.size(), 2u);
  const auto& prefill = system.groups[0];
  const auto& decode = system.groups[1];
  ASSERT_EQ(prefill.role, DeviceRole::Prefill);
  EXPECT_EQ(prefill.count, 4);
  EXPECT_EQ(decode.count, 8);
  const auto number = [](const DeviceSpec& d, const char* key) {
    return std::get<double>(d.compute.kind().fields().find(key)->get(d.compute));
  };
  EXPECT_EQ(number(prefill.device, "mlen"), 1024);
  EXPECT_EQ(number(prefill.device, "blen"), 512);
  EXPECT_EQ(number(prefill.device, "vlen"), 2048); // P1's, untouched by decode_vlen
  EXPECT_EQ(number(decode.device, "mlen"), 1024);
  EXPECT_EQ(number(decode.device, "blen"), 64);
  EXPECT_EQ(number(decode.device, "vlen"), 512);
  EXPECT_EQ(prefill.device.memory.offChip.at(0).parts.at(0).count, 2);
  EXPECT_EQ(prefill.device.memory.offChip.at(0).parts.at(0).technology.id, "hbm4-12h"); // P1's HBM4 kept
  EXPECT_EQ(decode.device.memory.offChip.at(0).parts.at(0).count, 4);
  EXPECT_EQ(decode.device.memory.offChip.at(0).parts.at(0).technology.id, "hbm3e-8h"); // D1's HBM3E kept
  EXPECT_EQ(decode.device.memory.offChip.size(), 1u); // HBF 0: the level is gone
  const auto r = problem.evaluate(point);
  EXPECT_TRUE(r.feasible) << (r.problems.empty() ? "" : r.problems.front());
}

TEST(SpaceIo, RoleFieldOnASystemWithoutThatRoleNamesTheParameter) {
  const auto space = parseDesignSpace(R"({"format_version": 1, "kind": "design_space", "name": "x", "system": "memexplorer/base",
    "model": "llama-3.3-70b", "workload": "osworld",
    "parameters": [{"name": "p", "field": "prefill.device.compute.vlen", "values": [512, 1024]}],
    "objectives": [{"metric": "end_to_end.tokens_per_J", "direction": "maximise", "reference": 0}]})",
                                      "role.json");
  try {
    bindDesignSpace(space, test::presets());
    FAIL() << "bound a prefill field to a system with no prefill group";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "/parameters/0/field");
    EXPECT_NE(e.message().find("prefill.device.compute.vlen: the system has no prefill group"), std::string::npos) << e.what();
  }
}

struct MalformedSpace {
  const char* file;
  const char* field;
  const char* message;
};

class SpaceIoMalformed : public ::testing::TestWithParam<MalformedSpace> {};

TEST_P(SpaceIoMalformed, NamesFileFieldAndProblem) {
  const auto& c = GetParam();
  const std::string path = std::string(LLMWB_TEST_DATA "/malformed/spaces/") + c.file;
  try {
    loadDesignProblem(path, test::presets());
    FAIL() << "no error for " << c.file;
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_EQ(e.field(), c.field);
    EXPECT_NE(e.message().find(c.message), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Rows, SpaceIoMalformed,
    ::testing::Values(MalformedSpace{"unknown-field.json", "/parameters/0/field", "unknown spec field \"device.compute.mlenn\""},
                      MalformedSpace{"unknown-metric.json", "/objectives/0/metric", "unknown metric \"decode.tokens_per_sec\""},
                      MalformedSpace{"on-chip-off-chip.json", "/parameters/4/field", "\"sram-3d\" is on-chip memory"},
                      MalformedSpace{"bad-inactive-when.json", "/parameters/1/inactive_when/parameter", "no other parameter"},
                      MalformedSpace{"repeated-value.json", "/parameters/2/values/2", "listed twice"},
                      MalformedSpace{"bad-direction.json", "/objectives/1/direction", "expected \"maximise\" or \"minimise\""}));

TEST(SpaceIo, UnknownIdListsTheKnownOnes) {
  try {
    readDesignSpace("memexplorer-decod", test::presets());
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(e.message().find("known: duet-systolic, duet-vector, memexplorer-decode, memexplorer-pd-pair, memexplorer-prefill"), std::string::npos) << e.what();
  }
}

// decode.die_power_W is the dynamic compute power plus the on-chip level's per-bit energy: the NMP
// logic die with its buffers, a GPU with its L2 (the Snake space's power objective).
TEST(SpaceIo, DiePowerAddsTheOnChipLevelToTheComputePower) {
  const auto& lib = test::presets();
  for (const char* id : {"snake/snake", "snake/mac-tree", "gpu/h100x8"}) {
    const auto r = evaluate(lib.system(id), lib.model("llama-3.3-70b"), lib.workload("8K:1K"));
    const double compute = *dse::findMetric("decode.compute_power_W")->read(r);
    const double die = *dse::findMetric("decode.die_power_W")->read(r);
    double onChip = 0;
    for (const auto& l : r.decode.levels)
      if (l.depth == 0) onChip += ((l.averagePower - l.backgroundPower) * r.decode.time).value();
    std::printf("%-16s compute %.1f W, die %.1f W\n", id, compute, die);
    EXPECT_GT(onChip, 0) << id;
    EXPECT_NEAR(die, compute + onChip / r.decode.time.value(), 1e-9 * die) << id;
  }
}

// The design count is closed form over the parameters' controllers (never a walk of the grid): it
// equals the walk on every shipped space, on chains of controllers, and answers 2^60 at once.
TEST(SpaceIo, DesignCountIsTheWalkWithoutWalking) {
  for (const auto& id : designSpaceIds(test::presets())) {
    const auto problem = loadDesignProblem(id, test::presets());
    EXPECT_EQ(problem.designCount(), problem.walkedDesignCount()) << id;
  }
  const auto space = [](const std::string& parameters) {
    return parseDesignSpace(R"({"format_version": 1, "kind": "design_space", "name": "chain", "system": "memexplorer/base",
      "model": "llama-3.3-70b", "workload": "osworld", "phases": "decode", "parameters": [)" + parameters + R"(],
      "objectives": [{"metric": "decode.tokens_per_s", "direction": "maximise", "reference": 0},
                     {"metric": "decode.avg_power_W", "direction": "minimise", "reference": 700}]})", "chain");
  };
  // hbm -> tdp -> static: a chain of two controllers, and one parameter no one controls
  const auto chain = bindDesignSpace(
      space(R"({"name": "hbm", "field": "device.memory.off_chip[0].count", "values": [1, 2, 3]},
               {"name": "tdp", "field": "device.power.tdp_W", "values": [300, 400, 500, 600],
                "inactive_when": {"parameter": "hbm", "values": [1, 3]}},
               {"name": "static", "field": "device.power.static_fraction", "values": [0.1, 0.2, 0.3],
                "inactive_when": {"parameter": "tdp", "values": [300, 500]}},
               {"name": "freq", "field": "device.compute.frequency_MHz", "values": [800, 1000]})"),
      test::presets());
  EXPECT_EQ(chain.designCount(), chain.walkedDesignCount());
  // hbm 1 or 3: tdp off (1 design each), hbm 2: tdp 300/500 switch static off (1), 400/600 (3); x 2 freq
  EXPECT_EQ(chain.designCount(), (1u + (1 + 3 + 1 + 3) + 1) * 2);
  // a loop of controllers has no first value to fall back to: refused, naming the parameter
  try {
    bindDesignSpace(space(R"({"name": "a", "field": "device.power.tdp_W", "values": [300, 400],
                              "inactive_when": {"parameter": "b", "values": [0.1]}},
                             {"name": "b", "field": "device.power.static_fraction", "values": [0.1, 0.2],
                              "inactive_when": {"parameter": "a", "values": [300]}})"),
                    test::presets());
    FAIL() << "accepted a loop of inactive_when";
  } catch (const InputError& e) {
    EXPECT_NE(e.message().find("loops back"), std::string::npos) << e.what();
  }
  const auto huge = loadDesignProblem(std::string(LLMWB_TEST_DATA) + "/spaces/huge-2e60.json", test::presets());
  EXPECT_EQ(huge.gridSize(), 1ull << 60);
  EXPECT_EQ(huge.designCount(), 1ull << 60);
}
