// SPDX-License-Identifier: GPL-3.0-or-later
// Loading an explored design into the system (core/dse/load_design.h): a decode space's design
// changes the decode device only (issue 12 item 7: P1 + D1 must not become one Base device).
#include "core/dse/load_design.h"
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
