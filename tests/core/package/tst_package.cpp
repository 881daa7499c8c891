// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/package/package.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
PackageSpec prefillPackage() { return *test::presets().device("duet/prefill").package; }
MemoryTechnology sram() { return test::presets().memoryTechnology("sram"); }
} // namespace

TEST(AreaModel, PartsScaleToSevenNanometres) {
  const auto p = prefillPackage();
  const auto& m = p.area;
  // One 64x32 array: (3.01 + 0.95) mm^2 at 28 nm and a 4.51 mm^2 buffer at 32 nm, all x 0.0515.
  EXPECT_NEAR(systolicArrayArea(m, *p.computeChiplet.systolic).value(), (3.01 + 0.95 + 4.51) * 0.0515, 1e-9);
  VectorArraySpec v;
  EXPECT_NEAR(vectorArrayArea(m, v).value(), (6.61 + 3.8 + 6.55) * 0.0515, 1e-9);
  // SRAM area interpolates between the two CACTI points.
  EXPECT_NEAR(sramArea(m, units::mebibytes(1), units::gigabytesPerSecond(640)).value(), 5.53 * 0.0515, 1e-9);
}

TEST(Package, FillFindsTheMostArraysUnderTheCap) {
  auto p = prefillPackage();
  MemoryHierarchy memory;
  const auto r = resolvePackage(p, sram(), memory);
  EXPECT_LE(r.chiplet.total.value(), 121.0);
  // One more array would not fit.
  p.computeChiplet.systolic->arrays = r.systolicPerChiplet + 1;
  const auto over = resolvePackage(p, sram(), memory);
  EXPECT_GT(over.chiplet.total.value(), 121.0);
  ASSERT_FALSE(over.violations.empty());
  EXPECT_NE(over.violations.front().find("cap"), std::string::npos);
}

TEST(Package, OversizeInterposerIsInfeasibleWithAReason) {
  auto p = prefillPackage();
  p.computeChiplets = 30; // 30 x 121 mm^2 alone exceed 3000 mm^2
  MemoryHierarchy memory;
  const auto r = resolvePackage(p, sram(), memory);
  EXPECT_FALSE(r.feasible());
  bool found = false;
  for (const auto& v : r.violations) found |= v.find("interposer needs") != std::string::npos;
  EXPECT_TRUE(found);
}

TEST(Package, ResolvesIntoDeviceMemory) {
  MemoryHierarchy memory;
  const auto r = resolvePackage(prefillPackage(), sram(), memory);
  ASSERT_EQ(memory.offChip.size(), 1u);
  EXPECT_NEAR(units::inGibibytes(memory.offChipCapacity()), 192, 1e-9);
  EXPECT_NEAR(units::inTerabytesPerSecond(memory.peakBandwidth()), 3.072, 1e-9);
  // Every array's 1 MiB buffer makes up the on-chip level.
  EXPECT_NEAR(memory.onChip.capacity().value(), r.systolicPerChiplet * 16 * units::kMebi, 1.0);
  EXPECT_EQ(r.d2dPhysPerChiplet, 11);
}

TEST(Package, PowerScalesTable5ByCountAndFrequency) {
  MemoryHierarchy memory;
  const auto r = resolvePackage(prefillPackage(), sram(), memory);
  const double arrays = r.systolicPerChiplet * 16;
  EXPECT_NEAR(r.computePower.value(), arrays * 0.935 * 700 / 763, 1e-6);
}
