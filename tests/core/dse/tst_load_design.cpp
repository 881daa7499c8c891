// SPDX-License-Identifier: GPL-3.0-or-later
// Loading an explored design into the system (core/dse/load_design.h): a decode space's design
// changes the decode device only (issue 12 item 7: P1 + D1 must not become one Base device).
#include "core/dse/load_design.h"
#include "core/device/device_model.h"
#include "core/io/preset_library.h"
#include "core/io/space_io.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
const PresetLibrary& library() {
  static const PresetLibrary lib({LLMWB_TEST_PRESETS});
  return lib;
}

dse::DesignPoint firstPoint(const dse::DesignProblem& problem) {
  return dse::DesignPoint{std::vector<double>(problem.dimension(), 0.0)}; // every discrete axis at its first value
}
} // namespace

TEST(LoadDesign, ADecodeDesignReplacesTheDecodeDeviceAndKeepsThePrefillGroup) {
  const SystemSpec current = library().system("memexplorer/p1d1");
  ASSERT_TRUE(current.disaggregated());
  const auto problem = loadDesignProblem("memexplorer-decode", library());
  ASSERT_EQ(problem.space().phases, dse::SpacePhases::DecodeOnly);
  const SystemSpec design = problem.system(firstPoint(problem));
  const SystemSpec loaded = dse::loadDesignInto(current, design, problem.space().phases);
  ASSERT_EQ(loaded.groups.size(), current.groups.size());
  EXPECT_TRUE(loaded.disaggregated());
  EXPECT_EQ(loaded.name, current.name);
  const auto* prefill = loaded.prefillGroup();
  const auto* decode = loaded.decodeGroup();
  EXPECT_EQ(prefill->device.name, current.prefillGroup()->device.name);
  EXPECT_EQ(prefill->count, current.prefillGroup()->count);
  EXPECT_EQ(decode->count, current.decodeGroup()->count);
  EXPECT_EQ(decode->device.name, design.decodeGroup()->device.name);
  EXPECT_EQ(decode->device.memory.offChip.size(), design.decodeGroup()->device.memory.offChip.size());
}

TEST(LoadDesign, APrefillDesignReplacesThePrefillDevice) {
  const SystemSpec current = library().system("memexplorer/p1d1");
  const auto problem = loadDesignProblem("memexplorer-prefill", library());
  const SystemSpec design = problem.system(firstPoint(problem));
  const SystemSpec loaded = dse::loadDesignInto(current, design, dse::SpacePhases::PrefillOnly);
  EXPECT_EQ(loaded.decodeGroup()->device.name, current.decodeGroup()->device.name);
  EXPECT_EQ(loaded.prefillGroup()->device.name, design.prefillGroup()->device.name);
}

TEST(LoadDesign, ASpaceOverBothPhasesGivesTheWholeDesign) {
  const SystemSpec current = library().system("memexplorer/p1d1");
  const SystemSpec design = library().system("memexplorer/base");
  const SystemSpec loaded = dse::loadDesignInto(current, design, dse::SpacePhases::Both);
  EXPECT_EQ(loaded.name, design.name);
  EXPECT_EQ(loaded.groups.size(), design.groups.size());
}

// Issue 13: a design of the P + D co-design space, loaded into the disaggregated project,
// changes both devices and both counts and stays disaggregated.
TEST(LoadDesign, APairDesignChangesBothDevicesAndCounts) {
  const SystemSpec current = library().system("memexplorer/p1d1");
  const auto problem = loadDesignProblem("memexplorer-pd-pair", library());
  ASSERT_EQ(problem.space().phases, dse::SpacePhases::Both);
  // Every parameter at its last value: 1024x512 / 4 3D layers / 4 HBM stacks / 4 prefill
  // devices; 2048x128, VLEN 2048, 4 HBM and 2 HBF stacks, 8 decode devices.
  dse::DesignPoint point{std::vector<double>(problem.dimension(), 0.0)};
  for (std::size_t i = 0; i < problem.dimension(); ++i)
    point.coordinates[i] = double(problem.space().parameters[i].domain.values.size() - 1);
  const SystemSpec design = problem.system(point);
  const SystemSpec loaded = dse::loadDesignInto(current, design, problem.space().phases);
  ASSERT_TRUE(loaded.disaggregated());
  const auto& p = *loaded.prefillGroup();
  const auto& d = *loaded.decodeGroup();
  EXPECT_EQ(p.count, 4);
  EXPECT_EQ(d.count, 8);
  EXPECT_NE(d.count, current.decodeGroup()->count);
  EXPECT_EQ(p.device.memory.offChip.front().parts.front().count, 4);
  EXPECT_EQ(d.device.memory.offChip.front().parts.front().count, 4);
  EXPECT_NE(p.device.memory.offChipCapacity().value(), current.prefillGroup()->device.memory.offChipCapacity().value());
  EXPECT_NE(d.device.memory.offChipCapacity().value(), current.decodeGroup()->device.memory.offChipCapacity().value());
  auto compute = [](const DeviceGroup& g) { return DeviceModel(g.device).compute().describe(); };
  EXPECT_EQ(compute(p), compute(*design.prefillGroup()));
  EXPECT_EQ(compute(d), compute(*design.decodeGroup()));
  EXPECT_NE(compute(p), compute(*current.prefillGroup())); // 1024x512 instead of P1's 2048x256
  EXPECT_NE(compute(d), compute(*current.decodeGroup()));  // 2048x128 instead of D1's 2048x64
}
