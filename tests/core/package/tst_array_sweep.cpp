// SPDX-License-Identifier: GPL-3.0-or-later
// DUET Fig. 5: array geometry sweeps.
#include "core/package/array_sweep.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace llmwb;

namespace {
Mamba2Spec nemotronMamba() {
  return std::get<Mamba2Spec>(test::presets().model("nemotron-h-56b").layerType('M')->spec);
}
AreaModelSpec area() { return test::presets().device("duet/prefill").package->area; }
} // namespace

TEST(ArraySweep, SystolicCoversEightToTwoFiftySix) {
  const auto points = sweepSystolicArrays(area(), nemotronMamba(), 2048, units::gigabytesPerSecond(256), {8, 16, 32, 64, 128, 256});
  EXPECT_EQ(points.size(), 36u);
  const auto smallest = *std::min_element(points.begin(), points.end(), [](auto& a, auto& b) { return a.area < b.area; });
  const auto largest = *std::max_element(points.begin(), points.end(), [](auto& a, auto& b) { return a.area < b.area; });
  EXPECT_EQ(smallest.label(), "8x8");
  EXPECT_EQ(largest.label(), "256x256");
  // Small arrays are slow; very large ones lose utilisation to the 256 GB/s buffer.
  EXPECT_GT(smallest.latency.value(), 100 * largest.latency.value());
  EXPECT_LT(largest.utilisation, 0.5);
  EXPECT_TRUE(smallest.pareto && largest.pareto);
  EXPECT_EQ(std::count_if(points.begin(), points.end(), [](auto& p) { return p.chosen; }), 1);
}

TEST(ArraySweep, FrontIsNonDominated) {
  auto points = sweepVectorArrays(area(), nemotronMamba(), units::gigabytesPerSecond(1024), {8, 16, 32, 64}, {4, 8, 16, 32});
  EXPECT_EQ(points.size(), 64u);
  for (const auto& p : points)
    for (const auto& q : points)
      if (p.pareto && q.pareto) { EXPECT_FALSE(q.area < p.area && q.latency < p.latency) << p.label() << " vs " << q.label(); }
}

TEST(ArraySweep, HandMadeFront) {
  std::vector<ArrayDesignPoint> p(3);
  p[0].area = units::squareMillimeters(1); p[0].latency = Seconds(3);
  p[1].area = units::squareMillimeters(2); p[1].latency = Seconds(1);
  p[2].area = units::squareMillimeters(2); p[2].latency = Seconds(2); // beaten by p[1]
  markAreaLatencyFront(p);
  EXPECT_TRUE(p[0].pareto);
  EXPECT_TRUE(p[1].pareto);
  EXPECT_FALSE(p[2].pareto);
}
