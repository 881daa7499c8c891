// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/units/quantity.h"

#include <gtest/gtest.h>

#include <type_traits>

using namespace llmwb;

TEST(Quantity, DimensionsCombine) {
  const Bytes b = units::gibibytes(2);
  const BytesPerSecond bw = units::gigabytesPerSecond(1);
  const Seconds t = b / bw;
  static_assert(std::is_same_v<decltype(b / bw), Seconds>);
  static_assert(std::is_same_v<decltype(units::watts(1) * units::seconds(1)), Joules>);
  static_assert(std::is_same_v<decltype(units::flops(1) / units::bytes(1)), FlopsPerByte>);
  static_assert(std::is_same_v<decltype(b / b), double>);
  EXPECT_DOUBLE_EQ(t.value(), 2.0 * 1073741824.0 / 1e9);
}

TEST(Quantity, ConversionsRoundTrip) {
  EXPECT_DOUBLE_EQ(units::inGibibytes(units::gibibytes(24)), 24.0);
  EXPECT_DOUBLE_EQ(units::inPicojoulesPerBit(units::picojoulesPerBit(3.6)), 3.6);
  EXPECT_DOUBLE_EQ(units::inMilliwattsPerGibibyte(units::milliwattsPerGibibyte(75)), 75.0);
  EXPECT_DOUBLE_EQ(units::macs(1).value(), 2.0); // one MAC is two FLOPs
  EXPECT_DOUBLE_EQ(units::inMacsPerSecond(units::macsPerSecond(5)), 5.0);
}

TEST(Quantity, EnergyPerBitTimesRateIsPower) {
  // 3 pJ/bit at 1 TB/s = 3e-12 * 8e12 = 24 W.
  const Watts p = units::picojoulesPerBit(3.0) * units::terabytesPerSecond(1.0);
  EXPECT_NEAR(p.value(), 24.0, 1e-9);
}
