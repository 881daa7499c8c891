// SPDX-License-Identifier: GPL-3.0-or-later
// The GP surrogate (core/dse/gaussian_process.h): the posterior by hand on two points, and a fit of
// a known function.
#include "core/dse/gaussian_process.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace llmwb::dse;

namespace {
double matern52(double r) { return (1 + std::sqrt(5.0) * r + 5.0 * r * r / 3.0) * std::exp(-std::sqrt(5.0) * r); }
} // namespace

TEST(GaussianProcess, PosteriorOfTwoPointsByHand) {
  // Data y = (1, -1) at x = 0 and 1; outputs standardise to (1, -1) with mean 0, scale 1.
  GpHyperparameters h;
  h.lengthScales = {0.5};
  h.signalVariance = 1.0;
  h.noiseVariance = 1e-8;
  GaussianProcess gp;
  gp.condition({{0.0}, {1.0}}, {1.0, -1.0}, h);
  // Posterior at x = 0.25: mean k^T K^-1 y, variance s - k^T K^-1 k with k = (m(0.5), m(1.5)),
  // K = [[1, m(2)], [m(2), 1]] (r = distance / length scale).
  const double c = matern52(2.0), k0 = matern52(0.5), k1 = matern52(1.5);
  const double det = 1 - c * c;
  const double a0 = (1 - c * -1) / det, a1 = (-1 - c * 1) / det; // K^-1 y
  const double mean = k0 * a0 + k1 * a1;
  const double variance = 1 - (k0 * (k0 - c * k1) + k1 * (k1 - c * k0)) / det;
  const auto p = gp.predict({0.25});
  EXPECT_NEAR(p.mean, mean, 1e-6);
  EXPECT_NEAR(p.variance, variance, 1e-6);
  // At a data point the posterior interpolates with (almost) no variance.
  EXPECT_NEAR(gp.predict({0.0}).mean, 1.0, 1e-4);
  EXPECT_LT(gp.predict({0.0}).variance, 1e-4);
}

TEST(GaussianProcess, FitsAKnownFunctionByMaximumLikelihood) {
  auto f = [](double x) { return std::sin(6.0 * x) + 2.0 * x; };
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  for (int i = 0; i <= 12; ++i) {
    x.push_back({i / 12.0});
    y.push_back(f(i / 12.0));
  }
  GaussianProcess gp;
  gp.fit(x, y, GpOptions{});
  for (double q : {0.04, 0.37, 0.52, 0.96}) {
    const auto p = gp.predict({q});
    EXPECT_NEAR(p.mean, f(q), 0.05) << "x = " << q;
    EXPECT_LT(std::sqrt(p.variance), 0.1);
  }
  // Far from the data the model is unsure.
  EXPECT_GT(gp.predict({3.0}).variance, 100 * gp.predict({0.5}).variance);
  EXPECT_GT(gp.logMarginalLikelihood(), 0.0);
}

TEST(GaussianProcess, SameSeedSameFit) {
  std::vector<std::vector<double>> x = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0.5, 0.3}};
  std::vector<double> y = {1, 2, 0.5, 3, 1.4};
  GaussianProcess a, b;
  a.fit(x, y, GpOptions{});
  b.fit(x, y, GpOptions{});
  EXPECT_EQ(a.hyperparameters().lengthScales, b.hyperparameters().lengthScales);
  EXPECT_EQ(a.predict({0.3, 0.7}).mean, b.predict({0.3, 0.7}).mean);
  EXPECT_THROW(a.fit({}, {}, GpOptions{}), std::invalid_argument);
}

// Maximum a posteriori: with five points in eight dimensions, of which only the first matters,
// likelihood alone may shrink any length scale to the data; the dimension-scaled prior
// (log l ~ N(sqrt(2) + log(8) / 2, 3)) keeps the irrelevant ones long.
TEST(GaussianProcess, PriorsKeepIrrelevantLengthScalesLong) {
  const auto priors = GpOptions::withDimensionScaledPriors(8);
  EXPECT_NEAR(priors.lengthScaleLogMean, std::sqrt(2.0) + 0.5 * std::log(8.0), 1e-12);
  EXPECT_NEAR(priors.lengthScaleLogSd, std::sqrt(3.0), 1e-12);
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  const double rows[5][8] = {{0.1, 0.9, 0.2, 0.7, 0.3, 0.5, 0.8, 0.4}, {0.4, 0.1, 0.6, 0.2, 0.9, 0.3, 0.1, 0.7},
                             {0.7, 0.5, 0.9, 0.4, 0.1, 0.8, 0.6, 0.2}, {0.9, 0.3, 0.1, 0.9, 0.6, 0.1, 0.4, 0.9},
                             {0.5, 0.7, 0.4, 0.1, 0.5, 0.6, 0.3, 0.1}};
  for (const auto& r : rows) {
    x.emplace_back(r, r + 8);
    y.push_back(3.0 * r[0]);
  }
  GaussianProcess map;
  map.fit(x, y, priors);
  double shortest = 1e9;
  for (std::size_t j = 1; j < 8; ++j) shortest = std::min(shortest, map.hyperparameters().lengthScales[j]);
  EXPECT_GT(shortest, 1.0); // irrelevant inputs: longer than the unit cube they live in
  // The prediction still follows the one input that matters.
  EXPECT_LT(map.predict({0.2, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}).mean, map.predict({0.8, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}).mean);
  // The prior's density enters the objective: the fit differs from maximum likelihood's.
  GaussianProcess ml;
  ml.fit(x, y, GpOptions{});
  EXPECT_NE(ml.hyperparameters().lengthScales, map.hyperparameters().lengthScales);
}

// Many inputs at once (distances by one matrix product, one triangular solve) predict what one
// input at a time does, the data points themselves included.
TEST(GaussianProcess, ManyAtOnceAsOneByOne) {
  std::vector<std::vector<double>> x = {{0, 0, 0.2}, {1, 0, 0.4}, {0, 1, 0.9}, {1, 1, 0.1}, {0.5, 0.3, 0.5}, {0.2, 0.8, 0.3}};
  std::vector<double> y = {1, 2, 0.5, 3, 1.4, 0.9};
  GaussianProcess gp;
  gp.fit(x, y, GpOptions::withDimensionScaledPriors(3));
  std::vector<std::vector<double>> queries = x;
  queries.push_back({0.3, 0.7, 0.6});
  queries.push_back({2.0, -1.0, 0.5});
  const auto many = gp.predictMany(queries);
  ASSERT_EQ(many.size(), queries.size());
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const auto one = gp.predict(queries[i]);
    EXPECT_NEAR(many[i].mean, one.mean, 1e-9 * (1 + std::abs(one.mean))) << i;
    EXPECT_NEAR(many[i].variance, one.variance, 1e-9 + 1e-6 * one.variance) << i;
  }
  EXPECT_TRUE(gp.predictMany({}).empty());
}

// A linear mean over the trailing inputs carries a trend past the data, where a constant mean
// reverts to the average; on the data both interpolate.
TEST(GaussianProcess, ALinearMeanCarriesATrendBeyondTheData) {
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  for (int i = 0; i <= 8; ++i) {
    const double u = i / 16.0; // data on [0, 0.5]
    x.push_back({0.3, u});     // a constant first input, the trend in the last
    y.push_back(3.0 * u + 0.05 * std::sin(20 * u));
  }
  GpOptions constant = GpOptions::withDimensionScaledPriors(2);
  GpOptions linear = constant;
  linear.linearMeanInputs = 1;
  GaussianProcess a, b;
  a.fit(x, y, constant);
  b.fit(x, y, linear);
  EXPECT_NEAR(b.predict({0.3, 0.25}).mean, 0.75, 0.06); // the wiggle may be taken for noise
  EXPECT_NEAR(a.predict({0.3, 0.25}).mean, 0.75, 0.06);
  // At u = 3 the line is at 9, six times the largest value seen (1.5); the ridge shrinks the
  // slope a little. The constant mean's model falls back towards the data's mean (0.75).
  EXPECT_GT(b.predict({0.3, 3.0}).mean, 6.0);
  EXPECT_LT(a.predict({0.3, 3.0}).mean, 4.0);
  // Batched predictions add the same trend.
  EXPECT_NEAR(b.predictMany({{0.3, 3.0}})[0].mean, b.predict({0.3, 3.0}).mean, 1e-9);
}
