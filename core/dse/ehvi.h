// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Expected hypervolume improvement (seed 000 Eq. 8; Emmerich et al. 2006) of a candidate whose
// objectives are independent normals, as the GP surrogates predict them. Minimisation.

#include "core/dse/pareto.h"

#include <cstdint>
#include <vector>

namespace llmwb::dse {

/// Two objectives, exact: with the front sorted by the first objective (a_1 < ... < a_n,
/// b_1 > ... > b_n), a_0 = -inf, a_{n+1} = r_1, b_0 = r_2 and psi_k(c) = E[(c - Y_k)^+],
///   EHVI = sum_{i=0..n} (psi_1(a_{i+1}) - psi_1(a_i)) psi_2(b_i).
/// `front` may hold dominated points or points beyond the reference; they are ignored.
double expectedHypervolumeImprovement2d(const std::vector<ObjectiveVector>& front, const ObjectiveVector& reference,
                                        const std::vector<double>& mean, const std::vector<double>& sigma);

/// Any number of objectives, by Monte Carlo: the mean over `samples` draws of
/// HV(front + y) - HV(front), hypervolumes from pagmo. The same seed gives the same draws, so
/// candidates are compared on common random numbers.
double expectedHypervolumeImprovementMonteCarlo(const std::vector<ObjectiveVector>& front, const ObjectiveVector& reference,
                                                const std::vector<double>& mean, const std::vector<double>& sigma,
                                                std::size_t samples, std::uint64_t seed);

/// A front prepared once (points beyond the reference and dominated ones dropped, sorted) for
/// the EHVI of many candidates against it: a GP+EHVI step scores thousands.
class EhviFront {
public:
  EhviFront(const std::vector<ObjectiveVector>& front, ObjectiveVector reference);
  /// Exact for two objectives, Monte Carlo beyond (as expectedHypervolumeImprovement).
  double operator()(const std::vector<double>& mean, const std::vector<double>& sigma, std::size_t samples = 512,
                    std::uint64_t seed = 1) const;
  double exact2d(const std::vector<double>& mean, const std::vector<double>& sigma) const;
  double monteCarlo(const std::vector<double>& mean, const std::vector<double>& sigma, std::size_t samples,
                    std::uint64_t seed) const;

private:
  ObjectiveVector mReference;
  std::vector<ObjectiveVector> mPoints;
};

/// Exact for two objectives, Monte Carlo beyond.
double expectedHypervolumeImprovement(const std::vector<ObjectiveVector>& front, const ObjectiveVector& reference,
                                      const std::vector<double>& mean, const std::vector<double>& sigma,
                                      std::size_t samples = 512, std::uint64_t seed = 1);

} // namespace llmwb::dse
