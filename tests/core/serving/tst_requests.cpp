// SPDX-License-Identifier: GPL-3.0-or-later
// Request generation: arrival processes and length distributions, seeded.
#include "core/serving/requests.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace llmwb;
using namespace llmwb::serving;

namespace {
ServingConfig config(ArrivalProcess arrivals, int requests) {
  ServingConfig c;
  c.workload.inputTokens = 2000;
  c.workload.outputTokens = 500;
  c.arrivals = arrivals;
  c.requests = requests;
  return c;
}

double meanOf(const std::vector<RequestSpec>& r, long long RequestSpec::*field) {
  double sum = 0;
  for (const auto& q : r) sum += double(q.*field);
  return sum / double(r.size());
}
} // namespace

TEST(Requests, BurstArrivesAtOnceWithFixedLengths) {
  const auto r = generateRequests(config(ArrivalProcess::Burst, 10));
  ASSERT_EQ(r.size(), 10u);
  for (const auto& q : r) {
    EXPECT_EQ(q.arrival.value(), 0.0);
    EXPECT_EQ(q.inputTokens, 2000);
    EXPECT_EQ(q.outputTokens, 500);
  }
}

TEST(Requests, PoissonHasTheRateAndExponentialGaps) {
  auto c = config(ArrivalProcess::Poisson, 20000);
  c.rate = 4.0;
  const auto r = generateRequests(c);
  ASSERT_EQ(r.size(), 20000u);
  double sumSquares = 0, previous = 0;
  for (const auto& q : r) {
    const double gap = q.arrival.value() - previous;
    EXPECT_GE(gap, 0.0);
    sumSquares += gap * gap;
    previous = q.arrival.value();
  }
  const double meanGap = previous / double(r.size());
  EXPECT_NEAR(meanGap, 0.25, 0.25 * 0.03);
  // Exponential: the second moment is twice the squared mean.
  EXPECT_NEAR(sumSquares / double(r.size()), 2 * 0.25 * 0.25, 2 * 0.25 * 0.25 * 0.06);
}

TEST(Requests, DrawnLengthsKeepTheWorkloadsMeans) {
  for (const auto d : {LengthDistribution::Exponential, LengthDistribution::Lognormal}) {
    auto c = config(ArrivalProcess::Burst, 40000);
    c.inputLengths = c.outputLengths = d;
    const auto r = generateRequests(c);
    EXPECT_NEAR(meanOf(r, &RequestSpec::inputTokens), 2000, 2000 * 0.03) << toString(d);
    EXPECT_NEAR(meanOf(r, &RequestSpec::outputTokens), 500, 500 * 0.03) << toString(d);
    for (const auto& q : r) {
      EXPECT_GE(q.inputTokens, 1);
      EXPECT_GE(q.outputTokens, 1);
    }
  }
}

TEST(Requests, SameSeedSameRequests) {
  auto c = config(ArrivalProcess::Poisson, 100);
  c.inputLengths = LengthDistribution::Lognormal;
  c.seed = 9;
  const auto a = generateRequests(c), b = generateRequests(c);
  c.seed = 10;
  const auto other = generateRequests(c);
  bool differs = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].arrival, b[i].arrival);
    EXPECT_EQ(a[i].inputTokens, b[i].inputTokens);
    differs |= a[i].inputTokens != other[i].inputTokens;
  }
  EXPECT_TRUE(differs);
}

TEST(Requests, TraceIsSortedByArrival) {
  auto c = config(ArrivalProcess::Trace, 0);
  c.trace = {{Seconds(2.0), 10, 5}, {Seconds(0.5), 20, 6}, {Seconds(1.0), 30, 7}};
  const auto r = generateRequests(c);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].inputTokens, 20);
  EXPECT_EQ(r[1].inputTokens, 30);
  EXPECT_EQ(r[2].inputTokens, 10);
}
