// SPDX-License-Identifier: GPL-3.0-or-later
// MO-TPE, the multi-objective tree-structured Parzen estimator (Ozaki et al., GECCO 2020 / JAIR
// 2022), Fig. 6's fourth method in seed 000. After the shared Sobol start, each step splits the
// designs seen so far into a "good" share (the best non-dominated fronts, the last front cut by
// hypervolume contribution) and the rest, fits one Parzen estimator per parameter to each share
// (l for good, g for the rest), draws candidates from l and evaluates the one with the largest
// l(x) / g(x). Designs that break a constraint, or that the engine cannot run, count as not good
// (the constrained split of Optuna's MOTPE). Everything is seeded.
#include "core/dse/exploration.h"
#include "core/dse/methods.h"
#include "core/dse/pareto.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <optional>
#include <random>

namespace llmwb::dse::detail {

namespace {
/// Share of the designs taken as good: ceil(0.1 n), at most 25 (Optuna's MOTPE default gamma).
std::size_t goodCount(std::size_t n) { return std::clamp<std::size_t>(std::size_t(std::ceil(0.1 * double(n))), 1, 25); }
/// Candidates drawn from l per step (Optuna draws 24; a discrete grid affords more).
constexpr std::size_t kCandidates = 64;
/// Weight of the uniform prior in every estimator, against one per observation.
constexpr double kPriorWeight = 1.0;

/// A Parzen estimator of one parameter over a set of observed values: a uniform prior plus one
/// kernel per observation. Discrete parameters are positions 0..K-1: categorical ones (names) put
/// an observation's mass on its own value, ordinal ones (numbers) spread it with a discretised
/// Gaussian over the positions. Continuous parameters use Gaussians on [low, high].
class ParzenEstimator {
public:
  ParzenEstimator(const Domain& domain, std::vector<double> observed) : mDomain(domain), mObserved(std::move(observed)) {
    const double n = double(mObserved.size());
    const double range = domain.discrete() ? double(std::max<std::size_t>(1, domain.values.size() - 1)) : domain.high - domain.low;
    // Scott's rule on the range, clipped so the kernel neither vanishes nor covers everything.
    mBandwidth = range > 0 ? std::clamp(range * std::pow(std::max(1.0, n), -0.2) * 0.5, range / std::min(100.0, 1.0 + n), range)
                           : 1.0;
    if (domain.discrete()) {
      const std::size_t k = domain.values.size();
      mMass.assign(k, kPriorWeight / double(k));
      for (double x : mObserved) {
        if (!domain.numeric()) {
          mMass[std::size_t(x)] += 1.0;
          continue;
        }
        std::vector<double> kernel(k);
        for (std::size_t v = 0; v < k; ++v) kernel[v] = std::exp(-0.5 * std::pow((double(v) - x) / mBandwidth, 2));
        const double sum = std::accumulate(kernel.begin(), kernel.end(), 0.0);
        for (std::size_t v = 0; v < k; ++v) mMass[v] += kernel[v] / sum;
      }
      const double total = kPriorWeight + n;
      for (auto& m : mMass) m /= total;
    }
  }

  double logDensity(double x) const {
    if (mDomain.discrete()) return std::log(std::max(mMass[std::size_t(x)], 1e-300));
    const double range = mDomain.high - mDomain.low;
    double density = range > 0 ? kPriorWeight / range : 1.0;
    for (double o : mObserved)
      density += std::exp(-0.5 * std::pow((x - o) / mBandwidth, 2)) / (mBandwidth * std::sqrt(2 * std::numbers::pi));
    return std::log(std::max(density / (kPriorWeight + double(mObserved.size())), 1e-300));
  }

  double sample(std::mt19937_64& rng) const {
    if (mDomain.discrete()) {
      std::discrete_distribution<std::size_t> pick(mMass.begin(), mMass.end());
      return double(pick(rng));
    }
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const double total = kPriorWeight + double(mObserved.size());
    const double u = unit(rng) * total;
    double x;
    if (u < kPriorWeight || mObserved.empty()) {
      x = mDomain.low + unit(rng) * (mDomain.high - mDomain.low);
    } else {
      const double centre = mObserved[std::min(mObserved.size() - 1, std::size_t(u - kPriorWeight))];
      x = std::normal_distribution<double>(centre, mBandwidth)(rng);
    }
    x = std::clamp(x, mDomain.low, mDomain.high);
    return mDomain.integer ? std::round(x) : x;
  }

private:
  const Domain& mDomain;
  std::vector<double> mObserved;
  double mBandwidth = 1.0;
  std::vector<double> mMass; ///< discrete: probability of each position
};

class Motpe final : public SearchMethod {
public:
  Motpe(const DesignProblem& problem, const MethodOptions& options)
      : mProblem(problem), mCancel(options.cancel), mRng(options.seed),
        mStart(problem, options.seed, std::clamp<std::size_t>(options.initialPoints, 1, std::max<std::size_t>(1, options.budget))) {}

  std::vector<DesignPoint> next(std::size_t budgetLeft) override {
    if (!mStart.given()) return mStart.take(budgetLeft, mSeen);
    if (budgetLeft == 0) return {};
    const auto good = goodSet();
    std::vector<ParzenEstimator> l, g;
    for (std::size_t d = 0; d < mProblem.dimension(); ++d) {
      if (stopping()) return {}; // each estimator costs values x observations kernels: look between them
      std::vector<double> in, out;
      for (std::size_t i = 0; i < mResults.size(); ++i)
        (good[i] ? in : out).push_back(mResults[i].point.coordinates[d]);
      const auto& domain = mProblem.space().parameters[d].domain;
      l.emplace_back(domain, std::move(in));
      g.emplace_back(domain, std::move(out));
    }
    std::optional<DesignPoint> best;
    double bestScore = -std::numeric_limits<double>::infinity();
    for (std::size_t c = 0, tries = 0; c < kCandidates && tries < 20 * kCandidates; ++tries) {
      if (tries % 64 == 0 && stopping()) return {};
      DesignPoint p;
      p.coordinates.resize(mProblem.dimension());
      for (std::size_t d = 0; d < mProblem.dimension(); ++d) p.coordinates[d] = l[d].sample(mRng);
      p = mProblem.canonical(std::move(p));
      if (mSeen.contains(p)) continue;
      ++c;
      double score = 0;
      for (std::size_t d = 0; d < mProblem.dimension(); ++d)
        score += l[d].logDensity(p.coordinates[d]) - g[d].logDensity(p.coordinates[d]);
      if (score > bestScore) {
        bestScore = score;
        best = std::move(p);
      }
    }
    // Every draw was a design already seen (a small or exhausted space): any unseen design will do.
    for (int tries = 0; !best && tries < 100000; ++tries) {
      auto p = randomPoint(mProblem, mRng);
      if (!mSeen.contains(p)) best = std::move(p);
    }
    if (!best) return {};
    mSeen.insert(*best);
    return {*best};
  }

  void tell(const std::vector<PointResult>& results) override {
    mResults.insert(mResults.end(), results.begin(), results.end());
  }

private:
  /// A cancel asked for: a step gives up rather than make the user wait (as mobo's does).
  bool stopping() const { return mCancel && mCancel->load(std::memory_order_relaxed); }

  /// Which results are good: feasible designs front by front; the front that overflows the share
  /// gives its places to the points adding most hypervolume (greedily, as MOTPE does).
  std::vector<bool> goodSet() const {
    std::vector<bool> good(mResults.size(), false);
    std::vector<std::size_t> feasible;
    std::vector<ObjectiveVector> points;
    for (std::size_t i = 0; i < mResults.size(); ++i) {
      const auto& r = mResults[i];
      if (!r.feasible || !std::all_of(r.objectives.begin(), r.objectives.end(), [](double v) { return std::isfinite(v); }))
        continue;
      feasible.push_back(i);
      points.push_back(minimised(mProblem.space(), r.objectives));
    }
    if (points.empty()) return good;
    std::size_t left = std::min(goodCount(mResults.size()), points.size());
    const auto reference = referenceFor(points);
    for (const auto& front : nonDominatedFronts(points)) {
      if (left == 0) break;
      if (front.size() <= left) {
        for (auto i : front) good[feasible[i]] = true;
        left -= front.size();
        continue;
      }
      std::vector<std::size_t> rest = front;
      while (left > 0 && !rest.empty()) {
        std::vector<ObjectiveVector> set;
        for (auto i : rest) set.push_back(points[i]);
        const double whole = hypervolume(set, reference);
        std::size_t worst = 0;
        double smallest = std::numeric_limits<double>::infinity();
        for (std::size_t k = 0; k < rest.size(); ++k) {
          auto without = set;
          without.erase(without.begin() + std::ptrdiff_t(k));
          const double contribution = whole - hypervolume(without, reference);
          if (contribution < smallest) {
            smallest = contribution;
            worst = k;
          }
        }
        // Drop the least contributing point until the rest fits the share.
        if (rest.size() > left) {
          rest.erase(rest.begin() + std::ptrdiff_t(worst));
          continue;
        }
        for (auto i : rest) good[feasible[i]] = true;
        left = 0;
      }
    }
    return good;
  }

  /// A reference point just beyond the worst of the points seen, so every point contributes.
  static ObjectiveVector referenceFor(const std::vector<ObjectiveVector>& points) {
    ObjectiveVector r = points.front();
    for (const auto& p : points)
      for (std::size_t k = 0; k < r.size(); ++k) r[k] = std::max(r[k], p[k]);
    for (auto& v : r) v += std::max(1e-9, std::abs(v) * 0.1);
    return r;
  }

  const DesignProblem& mProblem;
  const std::atomic<bool>* mCancel;
  std::mt19937_64 mRng;
  SharedStart mStart;
  SeenPoints mSeen;
  std::vector<PointResult> mResults;
};
} // namespace

std::unique_ptr<SearchMethod> makeMotpe(const DesignProblem& p, const MethodOptions& o) { return std::make_unique<Motpe>(p, o); }

} // namespace llmwb::dse::detail
