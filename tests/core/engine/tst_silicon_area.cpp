// SPDX-License-Identifier: GPL-3.0-or-later
// Silicon area and decode throughput per mm² in the evaluation: NpuSim cores (spec section F),
// Snake's PUs, chiplet interposers; none for a device without an area model, with the reason.
#include "core/compute/npusim/npusim_spec.h"
#include "core/engine/evaluate.h"
#include "core/engine/silicon_area.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
const PresetLibrary& lib() { return test::presets(); }

double coreArea(const SystemSpec& s) { return s.groups.front().device.compute.as<NpusimComputeSpec>().coreAreaMm2(); }
} // namespace

TEST(SiliconArea, NpusimChipIsItsCoresAreaAndDecodePerMm2Follows) {
  const auto system = lib().system("npusim/large-64");
  const auto r = evaluate(system, lib().model("qwen3-4b"), lib().workload("chat"));
  ASSERT_TRUE(r.feasible);
  EXPECT_TRUE(r.areaMissing.empty()) << r.areaMissing;
  EXPECT_NEAR(r.siliconArea.value(), 64 * coreArea(system), 1e-9);
  EXPECT_NEAR(coreArea(system), 19.25, 0.01); // docs/npusim.md: base core 19.25 mm² (spec F's coefficients)
  ASSERT_GT(r.decode.tokensPerSecond, 0);
  EXPECT_DOUBLE_EQ(r.decodeTokensPerSecondPerMm2, r.decode.tokensPerSecond / r.siliconArea.value());
}

TEST(SiliconArea, DisaggregatedChipCountsBothPools) {
  const auto system = lib().system("npusim/large-64-pd"); // P42 / D21 on one chip
  const auto r = evaluate(system, lib().model("qwen3-4b"), lib().workload("chat"));
  EXPECT_NEAR(r.siliconArea.value(), (42 + 21) * coreArea(system), 1e-9);
}

TEST(SiliconArea, SnakeDevicesAreTheirPus) {
  const auto r = evaluate(lib().system("snake/snake-decode"), lib().model("llama-3.3-70b"), lib().workload("chat"));
  EXPECT_TRUE(r.areaMissing.empty()) << r.areaMissing;
  EXPECT_NEAR(r.siliconArea.value(), 8 * 16 * 2.35, 1e-9); // 8 devices x 16 PUs x 2.35 mm² (Snake 6.2)
}

TEST(SiliconArea, ChipletPackagesAreTheirInterposers) {
  const auto r = evaluate(lib().system("duet/system"), lib().model("llama-3.3-70b"), lib().workload("chat"));
  double interposers = 0;
  for (const auto& d : r.devices) interposers += d.interposerArea.value() * d.count;
  ASSERT_GT(interposers, 0);
  EXPECT_DOUBLE_EQ(r.siliconArea.value(), interposers);
}

TEST(SiliconArea, AGpuWithoutADieAreaHasNoneAndSaysWhy) {
  const auto r = evaluate(lib().system("gpu/h100x4"), lib().model("llama-3.3-70b"), lib().workload("chat"));
  EXPECT_EQ(r.siliconArea.value(), 0);
  EXPECT_EQ(r.decodeTokensPerSecondPerMm2, 0);
  EXPECT_NE(r.areaMissing.find("H100"), std::string::npos) << r.areaMissing;
  EXPECT_NE(r.areaMissing.find("no area model"), std::string::npos) << r.areaMissing;
  // One device without an area leaves the whole system without one (Snake's H100 prefill).
  const auto snake = evaluate(lib().system("snake/snake"), lib().model("llama-3.3-70b"), lib().workload("chat"));
  EXPECT_EQ(snake.siliconArea.value(), 0);
  EXPECT_NE(snake.areaMissing.find("H100"), std::string::npos) << snake.areaMissing;
}

TEST(SiliconArea, EdgeCases) {
  EXPECT_FALSE(engine::siliconArea({}).missing.empty());
  EXPECT_EQ(engine::perSquareMillimeter(100, SquareMillimeters(0)), 0);
  EXPECT_EQ(engine::perSquareMillimeter(-1, SquareMillimeters(10)), 0);
  EXPECT_DOUBLE_EQ(engine::perSquareMillimeter(100, SquareMillimeters(4)), 25);
}
