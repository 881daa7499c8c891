// SPDX-License-Identifier: GPL-3.0-or-later
// MemExplorer Eq. 6 against hand-computed cases.
#include "core/memory/memory_power.h"

#include <gtest/gtest.h>

using namespace llmwb;
using namespace llmwb::units;

namespace {
MemoryLevel hbm3eTimes4() {
  MemoryTechnology t;
  t.capacity = gibibytes(24);
  t.bandwidth = terabytesPerSecond(1);
  t.backgroundPower = milliwattsPerGibibyte(75);
  t.readEnergy = picojoulesPerBit(3.0);
  t.writeEnergy = picojoulesPerBit(3.6);
  return MemoryLevel{{{t, 4}}};
}
} // namespace

TEST(Eq6, BackgroundPlusReadPlusWrite) {
  // p_bg C = 75 mW/GiB x 96 GiB = 7.2 W; read 1 TB/s x 3 pJ/bit = 24 W; write 0.5 TB/s x 3.6 pJ/bit = 14.4 W.
  const Watts p = memoryPower(hbm3eTimes4(), terabytesPerSecond(1), terabytesPerSecond(0.5));
  EXPECT_NEAR(p.value(), 7.2 + 24.0 + 14.4, 1e-9);
}

TEST(Eq6, IdleLevelDrawsOnlyBackground) {
  EXPECT_NEAR(memoryPower(hbm3eTimes4(), BytesPerSecond(), BytesPerSecond()).value(), 7.2, 1e-9);
}

TEST(Eq6, EnergyOverAnInterval) {
  // 2 s of background (14.4 J) + 100 GB read (2.4 J) + 10 GB written (0.288 J).
  const Joules e = memoryEnergy(hbm3eTimes4(), seconds(2), gigabytes(100), gigabytes(10));
  EXPECT_NEAR(e.value(), 14.4 + 2.4 + 0.288, 1e-9);
}
