// SPDX-License-Identifier: GPL-3.0-or-later
// Snake §6.4, Fig. 11 (spec S-S1, S-S2): 8K-input / 1K-output requests, Poisson arrivals, H100
// prefill and NMP decode (disaggregated, TP = 8), latency against rate for Snake and the three
// NMP baselines; normalised to Snake = 1 as the paper plots it.
#include "core/serving/serving.h"
#include "tests/core/engine/snake/snake_support.h"

#include <gtest/gtest.h>

#include <map>

using namespace llmwb;

namespace {
struct Curve {
  std::vector<double> e2e, tbt;
};

const std::vector<double>& rates() {
  static const std::vector<double> r{0.5, 1.0, 2.0, 4.0};
  return r;
}

Curve curve(const std::string& system) {
  const auto& lib = test::presets();
  serving::ServingConfig c;
  c.workload = lib.workload("chat");
  c.workload.inputTokens = 8192;
  c.workload.outputTokens = 1024;
  c.scheduler = "disaggregated";
  c.requests = 64;
  c.maxBatch = 64;
  const auto results = serving::sweepRates(lib.system(system), lib.model("llama-3.3-70b"), c, rates());
  Curve out;
  for (const auto& r : results) {
    EXPECT_TRUE(r.feasible) << system << ": " << r.reason;
    out.e2e.push_back(r.e2e.mean.value());
    out.tbt.push_back(r.tbt.mean.value());
  }
  return out;
}
} // namespace

TEST(SnakeServing, BaselinesAreSlowerThanSnakeAtEveryRate) {
  const auto snake = curve("snake/snake");
  ASSERT_EQ(snake.e2e.size(), rates().size());
  std::map<std::string, Curve> others;
  for (const auto* b : {"snake/mac-tree", "snake/sa-48x48", "snake/sa-8x288"}) {
    others[b] = curve(b);
    ASSERT_EQ(others[b].e2e.size(), rates().size()) << b;
  }
  for (const auto& [name, c] : others) {
    std::printf("%-16s E2E / Snake:", name.c_str());
    for (std::size_t i = 0; i < rates().size(); ++i) std::printf(" %.2f", c.e2e[i] / snake.e2e[i]);
    std::printf("   TBT / Snake:");
    for (std::size_t i = 0; i < rates().size(); ++i) std::printf(" %.2f", c.tbt[i] / snake.tbt[i]);
    std::printf("   (rates");
    for (double r : rates()) std::printf(" %.1f", r);
    std::printf(" req/s)\n");
  }
  std::printf("paper (Fig. 11, 5 models): E2E MAC tree 1.1-2.3x, 48x48 1.1-2.4x; TBT MAC tree 1.3-2.2x, 48x48 1.1-2.2x, 8x288 1.5-4.5x\n");
  // What holds in this model (docs/snake.md explains the gaps): the fixed 48x48 array is slower
  // than Snake in E2E and TBT at every rate. The H100 prefill limits the rate, so the decode batch
  // stays small and the decode is memory-bound: the MAC tree (at 1 GHz) ties with Snake, and
  // 8x288 is not worse than 48x48; printed above, not asserted.
  const auto& a = others["snake/sa-48x48"];
  for (std::size_t i = 0; i < rates().size(); ++i) {
    EXPECT_GT(a.e2e[i], snake.e2e[i]) << "48x48 E2E at rate " << rates()[i];
    EXPECT_GT(a.tbt[i], snake.tbt[i]) << "48x48 TBT at rate " << rates()[i];
  }
}
