// SPDX-License-Identifier: GPL-3.0-or-later
// A chiplet package is stored once: the spec keeps the package, and its compute and memory are
// derived when a model is built or a view asks (core/device/resolved_device.h).
#include "core/compute/arrays/array_spec.h"
#include "core/device/device_model.h"
#include "core/device/resolved_device.h"
#include "core/io/spec_writer.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

namespace llmwb {
namespace {

TEST(ResolvedDevice, APackageDeviceStoresOnlyItsPackage) {
  const auto d = test::presets().device("duet/decode");
  ASSERT_TRUE(d.package);
  EXPECT_TRUE(d.memory.onChip.empty());
  EXPECT_TRUE(d.memory.offChip.empty());
  const std::string text = io::deviceJsonText(d);
  EXPECT_EQ(text.find("\"compute\": {"), std::string::npos) << text;
  EXPECT_EQ(text.find("\"off_chip\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"sram_technology\": \"sram\""), std::string::npos) << text;
}

TEST(ResolvedDevice, ResolvingFillsComputeAndMemoryFromThePackage) {
  const auto d = test::presets().device("duet/decode");
  const auto r = resolvedDevice(d);
  ASSERT_TRUE(r.compute.is<ArrayComputeSpec>());
  const auto& arrays = r.compute.as<ArrayComputeSpec>();
  ASSERT_TRUE(arrays.vector);
  EXPECT_GT(arrays.vector->arrays, 0);
  ASSERT_EQ(r.memory.offChip.size(), 1u);
  EXPECT_FALSE(r.memory.onChip.empty()); // the array buffers
  EXPECT_EQ(r.memory.onChip.parts.front().technology.placement, MemoryPlacement::OnChip);
  MemoryHierarchy scratch;
  EXPECT_DOUBLE_EQ(deviceMemory(d, scratch).offChipCapacity().value(), r.memory.offChipCapacity().value());
  EXPECT_TRUE(deviceCompute(d).is<ArrayComputeSpec>());
}

TEST(ResolvedDevice, TheModelFollowsAnEditedPackageWithoutAnotherCopy) {
  auto d = test::presets().device("duet/decode");
  const double before = DeviceModel(d).memory().offChipCapacity().value();
  const Watts computeBefore = DeviceModel(d).computePeakPower();
  d.package->memory.front().part.count *= 2;
  d.package->computeChiplets *= 2;
  const DeviceModel after(d);
  EXPECT_DOUBLE_EQ(after.memory().offChipCapacity().value(), 2 * before);
  EXPECT_NEAR(after.computePeakPower().value(), 2 * computeBefore.value(), 1e-9 * computeBefore.value());
}

TEST(ResolvedDevice, OtherDevicesAreUnchanged) {
  const auto d = test::presets().device("memexplorer/base");
  const auto r = resolvedDevice(d);
  EXPECT_EQ(r.memory.offChip.size(), d.memory.offChip.size());
  EXPECT_EQ(r.compute.kindName(), d.compute.kindName());
  MemoryHierarchy scratch;
  EXPECT_EQ(&deviceMemory(d, scratch), &d.memory);
}

} // namespace
} // namespace llmwb
