// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memory/hierarchy.h"

#include <gtest/gtest.h>

using namespace llmwb;
using namespace llmwb::units;

namespace {
MemoryTechnology tech(const char* name, double gib, double gbps, double ns, double pjRead) {
  MemoryTechnology t;
  t.name = name;
  t.capacity = gibibytes(gib);
  t.bandwidth = gigabytesPerSecond(gbps);
  t.latency = nanoseconds(ns);
  t.readEnergy = picojoulesPerBit(pjRead);
  t.writeEnergy = picojoulesPerBit(pjRead);
  return t;
}
} // namespace

TEST(MemoryLevel, PartsWorkInParallel) {
  // Conventional SRAM (0.25 GiB, 4 TB/s) beside three 3D layers (3 GiB, 24 TB/s).
  MemoryLevel onChip{{{tech("SRAM", 0.25, 4000, 1.5, 0.1), 1}, {tech("3D", 1, 8000, 5, 0.2), 3}}};
  EXPECT_NEAR(inGibibytes(onChip.capacity()), 3.25, 1e-12);
  EXPECT_NEAR(inTerabytesPerSecond(onChip.bandwidth()), 28.0, 1e-12);
  EXPECT_NEAR(inNanoseconds(onChip.latency()), 5.0, 1e-12);
  // Capacity-weighted energy: (0.25 x 0.1 + 3 x 0.2) / 3.25
  EXPECT_NEAR(inPicojoulesPerBit(onChip.readEnergy()), (0.025 + 0.6) / 3.25, 1e-12);
  EXPECT_EQ(onChip.describe(), "SRAM x1 + 3D x3");
}

TEST(MemoryHierarchy, CapacityAndPeakBandwidth) {
  MemoryHierarchy h;
  h.onChip = MemoryLevel{{{tech("SRAM", 0.25, 4000, 1.5, 0.1), 1}}};
  h.offChip = {MemoryLevel{{{tech("HBM", 24, 1000, 100, 3), 4}}}, MemoryLevel{{{tech("HBF", 384, 1000, 1000, 6), 1}}}};
  EXPECT_NEAR(inGibibytes(h.capacity()), 0.25 + 96 + 384, 1e-9);
  EXPECT_NEAR(inGibibytes(h.offChipCapacity()), 480, 1e-9);
  EXPECT_NEAR(inTerabytesPerSecond(h.peakBandwidth()), 4.0, 1e-12);
  EXPECT_EQ(h.levelName(0), "on-chip");
  EXPECT_EQ(h.levelName(2), "L2");
}
