// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dse/search_method.h"

#include "core/dse/methods.h"

#include <stdexcept>

namespace llmwb::dse {

void registerBuiltinMethods(SearchMethodRegistry& r) {
  r.add("exhaustive", "every design of the grid (or of a shard of it), in index order", detail::makeExhaustive);
  r.add("random", "the shared Sobol start, then designs drawn uniformly without repetition", detail::makeRandom);
  r.add("sobol", "a randomised Sobol sequence (Boost) over the space", detail::makeSobol);
  r.add("nsga2", "NSGA-II: pagmo's SBX crossover, polynomial mutation and non-dominated selection", detail::makeNsga2);
  r.add("mobo", "GP+EHVI Bayesian optimisation (seed 000 4.4): independent GPs, EHVI over random candidates",
        detail::makeMobo);
  r.add("motpe", "MO-TPE (Ozaki et al.): Parzen estimators of the good and the other designs, best l(x)/g(x) of 64 draws",
        detail::makeMotpe);
}

const SearchMethodRegistry& builtinMethods() {
  static const SearchMethodRegistry registry = filledRegistry(registerBuiltinMethods);
  return registry;
}

namespace detail {

SobolSampler::SobolSampler(const DesignProblem& problem, std::uint64_t seed)
    : mProblem(problem), mEngine(unsigned(std::max<std::size_t>(1, problem.dimension()))) {
  std::mt19937_64 rng(seed);
  for (std::size_t i = 0; i < problem.dimension(); ++i) mShift.push_back(rng());
  mEngine.seed(1 + seed % 1021);
}

DesignPoint SobolSampler::next() {
  std::vector<double> u(mProblem.dimension());
  for (auto& x : u) x = double((mEngine() ^ mShift[std::size_t(&x - u.data())]) >> 11) * 0x1.0p-53;
  return mProblem.fromUnitCube(u);
}

SharedStart::SharedStart(const DesignProblem& problem, std::uint64_t seed, std::size_t count)
    : mPoints(sobolDesign(problem, seed, count)) {}

std::vector<DesignPoint> SharedStart::take(std::size_t budgetLeft, SeenPoints& seen) {
  std::vector<DesignPoint> batch;
  for (; mNext < mPoints.size() && batch.size() < budgetLeft; ++mNext)
    if (seen.insert(mPoints[mNext])) batch.push_back(mPoints[mNext]);
  return batch;
}

DesignPoint randomPoint(const DesignProblem& problem, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::vector<double> u(problem.dimension());
  for (auto& x : u) x = uniform(rng);
  return problem.fromUnitCube(u);
}

} // namespace detail

std::vector<DesignPoint> sobolDesign(const DesignProblem& problem, std::uint64_t seed, std::size_t count) {
  detail::SobolSampler sampler(problem, seed);
  detail::SeenPoints seen;
  std::vector<DesignPoint> out;
  // A small discrete space may have fewer designs than asked for; give up after many repeats.
  for (std::size_t tries = 0; out.size() < count && tries < 1000 * (count + 1); ++tries) {
    auto p = sampler.next();
    if (seen.insert(p)) out.push_back(std::move(p));
  }
  return out;
}

} // namespace llmwb::dse
