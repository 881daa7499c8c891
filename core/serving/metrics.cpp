// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving/metrics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace llmwb::serving {

namespace {
constexpr double kLowest = 1e-9; // seconds
constexpr double kPerDecade = 200;
constexpr std::size_t kBuckets = std::size_t(13 * kPerDecade); // 1 ns .. 10^4 s

double interpolatedRank(const std::vector<double>& sorted, double q) {
  const double rank = q * double(sorted.size() - 1);
  const auto i = std::size_t(rank);
  if (i + 1 >= sorted.size()) return sorted.back();
  return sorted[i] + (sorted[i + 1] - sorted[i]) * (rank - double(i));
}
} // namespace

Percentiles percentilesOf(std::vector<double> values) {
  if (values.empty()) return {};
  std::sort(values.begin(), values.end());
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
  return {Seconds(mean), Seconds(interpolatedRank(values, 0.5)), Seconds(interpolatedRank(values, 0.9)),
          Seconds(interpolatedRank(values, 0.99)), Seconds(values.front())};
}

GapHistogram::GapHistogram() : mBuckets(kBuckets, 0.0), mBucketSums(kBuckets, 0.0) {}

double GapHistogram::bucketLow(std::size_t i) const { return kLowest * std::pow(10.0, double(i) / kPerDecade); }

std::size_t GapHistogram::bucketOf(double gap) const {
  if (!(gap > kLowest)) return 0;
  return std::min(kBuckets - 1, std::size_t(std::log10(gap / kLowest) * kPerDecade));
}

void GapHistogram::add(double gap) {
  const std::size_t i = bucketOf(gap);
  mBuckets[i] += 1;
  mBucketSums[i] += gap;
  mMin = mCount > 0 ? std::min(mMin, gap) : gap;
  mCount += 1;
  mSum += gap;
}

void GapHistogram::addRange(double lo, double hi, double count, double sum) {
  if (count <= 0) return;
  if (hi < lo) std::swap(lo, hi);
  mMin = mCount > 0 ? std::min(mMin, lo) : lo;
  mCount += count;
  mSum += sum;
  const std::size_t first = bucketOf(lo), last = bucketOf(hi);
  if (first == last || hi <= lo) {
    mBuckets[first] += count;
    mBucketSums[first] += sum;
    return;
  }
  // Evenly spread in value: each bucket gets the share of [lo, hi] it covers.
  for (std::size_t i = first; i <= last; ++i) {
    const double a = std::max(lo, bucketLow(i)), b = std::min(hi, bucketLow(i + 1));
    if (b <= a) continue;
    const double share = count * (b - a) / (hi - lo);
    mBuckets[i] += share;
    mBucketSums[i] += share * (a + b) / 2;
  }
}

double GapHistogram::quantile(double q) const {
  if (mCount <= 0) return 0;
  const double target = q * mCount;
  double seen = 0;
  for (std::size_t i = 0; i < kBuckets; ++i) {
    if (mBuckets[i] <= 0) continue;
    // The bucket's mean value: exact when its gaps are all equal (a steady decode).
    if (seen + mBuckets[i] >= target) return mBucketSums[i] / mBuckets[i];
    seen += mBuckets[i];
  }
  return bucketLow(kBuckets);
}

Percentiles GapHistogram::percentiles() const {
  return {Seconds(mean()), Seconds(quantile(0.5)), Seconds(quantile(0.9)), Seconds(quantile(0.99)), Seconds(mMin)};
}

} // namespace llmwb::serving
