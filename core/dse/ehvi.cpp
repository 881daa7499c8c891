// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dse/ehvi.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>

namespace llmwb::dse {

namespace {
/// E[(c - Y)^+] for Y ~ N(mean, sigma^2).
double expectedShortfall(double c, double mean, double sigma) {
  if (!(sigma > 0)) return std::max(c - mean, 0.0);
  const double z = (c - mean) / sigma;
  const double cdf = 0.5 * std::erfc(-z / std::numbers::sqrt2);
  const double pdf = std::exp(-0.5 * z * z) / std::sqrt(2.0 * std::numbers::pi);
  return (c - mean) * cdf + sigma * pdf;
}

/// The points strictly inside the reference box that no other point dominates.
std::vector<ObjectiveVector> usefulFront(const std::vector<ObjectiveVector>& front, const ObjectiveVector& reference) {
  std::vector<ObjectiveVector> inside;
  for (const auto& p : front) {
    bool better = true;
    for (std::size_t k = 0; k < p.size(); ++k) better = better && p[k] < reference[k];
    if (better) inside.push_back(p);
  }
  std::vector<ObjectiveVector> out;
  for (auto i : nonDominated(inside)) out.push_back(inside[i]);
  return out;
}
} // namespace

EhviFront::EhviFront(const std::vector<ObjectiveVector>& front, ObjectiveVector reference)
    : mReference(std::move(reference)), mPoints(usefulFront(front, mReference)) {
  if (mReference.size() == 2) {
    std::sort(mPoints.begin(), mPoints.end());
    // Duplicates on the first objective keep the smaller second one (the other is dominated).
    mPoints.erase(std::unique(mPoints.begin(), mPoints.end(), [](const auto& a, const auto& b) { return a[0] == b[0]; }), mPoints.end());
  }
}

double EhviFront::operator()(const std::vector<double>& mean, const std::vector<double>& sigma, std::size_t samples,
                             std::uint64_t seed) const {
  if (mReference.size() == 2) return exact2d(mean, sigma);
  return monteCarlo(mean, sigma, samples, seed);
}

double expectedHypervolumeImprovement2d(const std::vector<ObjectiveVector>& front, const ObjectiveVector& reference,
                                        const std::vector<double>& mean, const std::vector<double>& sigma) {
  if (reference.size() != 2 || mean.size() != 2 || sigma.size() != 2) throw std::invalid_argument("the exact EHVI is for two objectives");
  return EhviFront(front, reference).exact2d(mean, sigma);
}

double EhviFront::exact2d(const std::vector<double>& mean, const std::vector<double>& sigma) const {
  const auto& points = mPoints;
  const auto& reference = mReference;
  double ehvi = 0;
  double previousPsi1 = 0;    // psi_1(a_0 = -inf)
  double bound2 = reference[1]; // b_0
  for (std::size_t i = 0; i <= points.size(); ++i) {
    const double a = i < points.size() ? points[i][0] : reference[0];
    const double psi1 = expectedShortfall(a, mean[0], sigma[0]);
    ehvi += (psi1 - previousPsi1) * expectedShortfall(bound2, mean[1], sigma[1]);
    previousPsi1 = psi1;
    if (i < points.size()) bound2 = points[i][1];
  }
  return std::max(0.0, ehvi);
}

double expectedHypervolumeImprovementMonteCarlo(const std::vector<ObjectiveVector>& front, const ObjectiveVector& reference,
                                                const std::vector<double>& mean, const std::vector<double>& sigma,
                                                std::size_t samples, std::uint64_t seed) {
  return EhviFront(front, reference).monteCarlo(mean, sigma, samples, seed);
}

double EhviFront::monteCarlo(const std::vector<double>& mean, const std::vector<double>& sigma, std::size_t samples,
                             std::uint64_t seed) const {
  const auto& reference = mReference;
  if (mean.size() != reference.size() || sigma.size() != reference.size())
    throw std::invalid_argument("EHVI: mean, sigma and reference differ in dimension");
  const auto& points = mPoints;
  const double base = hypervolume(points, reference);
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  double sum = 0;
  std::vector<ObjectiveVector> with = points;
  with.emplace_back(reference.size());
  for (std::size_t s = 0; s < samples; ++s) {
    auto& y = with.back();
    bool inside = true;
    for (std::size_t k = 0; k < y.size(); ++k) {
      y[k] = mean[k] + sigma[k] * normal(rng);
      inside = inside && y[k] < reference[k];
    }
    if (!inside) continue;
    const bool dominated = std::any_of(points.begin(), points.end(), [&](const ObjectiveVector& p) {
      for (std::size_t k = 0; k < p.size(); ++k)
        if (p[k] > y[k]) return false;
      return true;
    });
    if (!dominated) sum += hypervolume(with, reference) - base;
  }
  return samples ? sum / double(samples) : 0.0;
}

double expectedHypervolumeImprovement(const std::vector<ObjectiveVector>& front, const ObjectiveVector& reference,
                                      const std::vector<double>& mean, const std::vector<double>& sigma, std::size_t samples,
                                      std::uint64_t seed) {
  return EhviFront(front, reference)(mean, sigma, samples, seed);
}

} // namespace llmwb::dse
