// SPDX-License-Identifier: GPL-3.0-or-later
// Latency statistics of the serving simulator: percentiles of a sample and of the token-gap
// histogram, with the smallest value (NpuSim's Fig. 14 plots the minimum TBT).
#include "core/serving/metrics.h"

#include <gtest/gtest.h>

using namespace llmwb;
using namespace llmwb::serving;

TEST(ServingMetrics, PercentilesOfASampleCarryItsSmallestValue) {
  const auto p = percentilesOf({0.4, 0.1, 0.3, 0.2});
  EXPECT_DOUBLE_EQ(p.min.value(), 0.1);
  EXPECT_DOUBLE_EQ(p.mean.value(), 0.25);
  EXPECT_DOUBLE_EQ(p.p50.value(), 0.25);
  EXPECT_DOUBLE_EQ(percentilesOf({}).min.value(), 0.0);
}

TEST(ServingMetrics, GapHistogramKeepsTheExactSmallestGap) {
  GapHistogram h;
  EXPECT_DOUBLE_EQ(h.percentiles().min.value(), 0.0); // empty
  h.add(0.020);
  h.addRange(0.030, 0.050, 10, 0.4); // ten gaps spread over 30-50 ms
  h.add(0.0125);
  const auto p = h.percentiles();
  EXPECT_DOUBLE_EQ(p.min.value(), 0.0125);
  EXPECT_NEAR(p.mean.value(), (0.020 + 0.4 + 0.0125) / 12, 1e-12);
  EXPECT_GE(p.p50.value(), p.min.value());
  GapHistogram r;
  r.addRange(0.050, 0.030, 4, 0.16); // bounds in either order
  EXPECT_DOUBLE_EQ(r.percentiles().min.value(), 0.030);
}
