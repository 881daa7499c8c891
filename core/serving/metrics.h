// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Latency statistics of a serving run: exact percentiles over per-request values, and a
// log-bucketed histogram for the time between tokens (a long trace has tens of millions of gaps;
// runs of decode steps add theirs as one ramp of values).

#include "core/serving/serving.h"

#include <vector>

namespace llmwb::serving {

/// Mean, the 50th, 90th and 99th percentiles (linear interpolation between order statistics) and
/// the smallest value.
Percentiles percentilesOf(std::vector<double> seconds);

/// Gaps between tokens from 1 ns to 10^4 s, 200 buckets per decade (buckets 1.2 % wide); a
/// percentile is the mean gap of its bucket, so within 1.2 % of the exact one (exact when the
/// bucket's gaps are equal); the mean and the smallest gap are exact.
class GapHistogram {
public:
  GapHistogram();
  void add(double gap);
  /// `count` gaps spread evenly over [lo, hi] whose sum is `sum`.
  void addRange(double lo, double hi, double count, double sum);
  double count() const { return mCount; }
  double mean() const { return mCount > 0 ? mSum / mCount : 0; }
  double quantile(double q) const;
  Percentiles percentiles() const;

private:
  double bucketLow(std::size_t i) const;
  std::size_t bucketOf(double gap) const;
  std::vector<double> mBuckets, mBucketSums;
  double mCount = 0, mSum = 0, mMin = 0;
};

} // namespace llmwb::serving
