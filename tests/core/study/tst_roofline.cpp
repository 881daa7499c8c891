// SPDX-License-Identifier: GPL-3.0-or-later
// DUET Fig. 1: Nemotron-H-56B's Mamba and attention layers on B200 at a 4K context.
#include "core/study/roofline.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
Roofline fig1() {
  const auto& lib = test::presets();
  return roofline(lib.system("gpu/b200"), lib.model("nemotron-h-56b"), lib.workload("4096:1"), {1, 8, 80, 128});
}
} // namespace

TEST(RooflineFig1, CeilingsComeFromTheDevice) {
  const auto r = fig1();
  ASSERT_FALSE(r.compute.empty());
  EXPECT_NEAR(r.compute.front().peak.value(), 2.359e15, 1e12); // 640 x 8x8x16 x 2 x 1.8 GHz
  bool hbm = false;
  for (const auto& m : r.memory) hbm |= m.level == "L1" && std::abs(units::inTerabytesPerSecond(m.bandwidth) - 8.0) < 1e-9;
  EXPECT_TRUE(hbm);
}

TEST(RooflineFig1, PrefillIsComputeBoundDecodeIsBandwidthBound) {
  // Fig. 1: prefill falls in the compute-bound region; decode stays bandwidth-bound even at batch 80.
  int checked = 0;
  for (const auto& p : fig1().points) {
    if (p.layer != "mamba2" && p.layer != "attention") continue;
    ++checked;
    if (p.phase == "prefill") EXPECT_EQ(p.bound, "compute") << p.layer << " batch " << p.batch;
    else EXPECT_EQ(p.bound, "memory") << p.layer << " batch " << p.batch;
    // The ridge point of B200 is 2.36 PFLOP/s / 8 TB/s = 295 FLOP/byte.
    if (p.phase == "decode") { EXPECT_LT(p.intensity.value(), 295.0); }
  }
  EXPECT_EQ(checked, 4 * 2 * 2);
}

TEST(RooflineFig1, DecodeIntensityGrowsWithBatch) {
  double previous = 0;
  for (const auto& p : fig1().points)
    if (p.phase == "decode" && p.layer == "mamba2") {
      EXPECT_GT(p.intensity.value(), previous);
      previous = p.intensity.value();
    }
}
