// SPDX-License-Identifier: GPL-3.0-or-later
// Expected hypervolume improvement (core/dse/ehvi.h): the exact 2-D formula against a brute-force
// Monte Carlo estimate, and limits known in closed form.
#include "core/dse/ehvi.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace llmwb::dse;

namespace {
/// HV(front + y) - HV(front) averaged over draws: independent of the code under test except for
/// pagmo's hypervolume.
double bruteForce(const std::vector<ObjectiveVector>& front, const ObjectiveVector& ref, const std::vector<double>& mean,
                  const std::vector<double>& sigma, int samples, double& standardError) {
  std::mt19937_64 rng(12345);
  std::normal_distribution<double> normal;
  const double base = hypervolume(front, ref);
  double sum = 0, squares = 0;
  for (int s = 0; s < samples; ++s) {
    auto with = front;
    ObjectiveVector y(mean.size());
    for (std::size_t k = 0; k < y.size(); ++k) y[k] = mean[k] + sigma[k] * normal(rng);
    with.push_back(y);
    const double gain = hypervolume(with, ref) - base;
    sum += gain;
    squares += gain * gain;
  }
  const double m = sum / samples;
  standardError = std::sqrt((squares / samples - m * m) / samples);
  return m;
}
} // namespace

TEST(Ehvi, ExactTwoObjectivesMatchesBruteForce) {
  const std::vector<ObjectiveVector> front = {{1, 5}, {2, 3}, {4, 2}, {5, 1}, {3, 4.5}}; // the last is dominated
  const ObjectiveVector ref = {6, 6};
  struct Candidate {
    std::vector<double> mean, sigma;
  };
  for (const auto& c : std::vector<Candidate>{{{3, 3}, {1, 1}}, {{1.5, 1.5}, {0.3, 2}}, {{5.5, 5.5}, {2, 0.5}}, {{0, 0}, {0.1, 0.1}}}) {
    double se = 0;
    const double expected = bruteForce(front, ref, c.mean, c.sigma, 100000, se);
    EXPECT_NEAR(expectedHypervolumeImprovement2d(front, ref, c.mean, c.sigma), expected, 4 * se + 1e-9)
        << "mean (" << c.mean[0] << ", " << c.mean[1] << ")";
  }
}

TEST(Ehvi, MonteCarloMatchesExactInTwoDimensions) {
  const std::vector<ObjectiveVector> front = {{1, 4}, {3, 2}};
  const ObjectiveVector ref = {5, 5};
  const double exact = expectedHypervolumeImprovement2d(front, ref, {2, 2}, {1, 1});
  const double mc = expectedHypervolumeImprovementMonteCarlo(front, ref, {2, 2}, {1, 1}, 200000, 7);
  EXPECT_NEAR(mc, exact, 0.02 * exact);
}

TEST(Ehvi, ClosedFormLimits) {
  const std::vector<ObjectiveVector> front = {{1, 4}, {3, 2}};
  const ObjectiveVector ref = {5, 5};
  // No uncertainty: the improvement of the point itself. (2, 2) dominates [2,5]x[2,5] = 9, of which
  // the front already holds 6 ((3,2): [3,5]x[2,5]) + 3 ((1,4): [2,5]x[4,5]) - 2 (overlap) = 7: gain 2.
  EXPECT_NEAR(expectedHypervolumeImprovement2d(front, ref, {2, 2}, {0, 0}), 2.0, 1e-12);
  // An empty front: EHVI = E[(r1 - Y1)^+] E[(r2 - Y2)^+], which is (r - mean) for certain points.
  EXPECT_NEAR(expectedHypervolumeImprovement2d({}, ref, {1, 2}, {0, 0}), 4.0 * 3.0, 1e-12);
  // A candidate certainly dominated adds nothing.
  EXPECT_NEAR(expectedHypervolumeImprovement2d(front, ref, {4, 4}, {0, 0}), 0.0, 1e-12);
}

TEST(Ehvi, ThreeObjectivesByMonteCarlo) {
  const std::vector<ObjectiveVector> front = {{1, 2, 3}, {2, 1, 2}};
  const ObjectiveVector ref = {4, 4, 4};
  double se = 0;
  const double expected = bruteForce(front, ref, {1.5, 1.5, 1.5}, {0.5, 0.5, 0.5}, 50000, se);
  EXPECT_NEAR(expectedHypervolumeImprovement(front, ref, {1.5, 1.5, 1.5}, {0.5, 0.5, 0.5}, 50000, 3), expected,
              4 * se + 0.02 * expected);
}
