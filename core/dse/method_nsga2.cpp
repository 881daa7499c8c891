// SPDX-License-Identifier: GPL-3.0-or-later
// NSGA-II (Deb et al. 2002) in ask/tell form, built from pagmo2's pieces: SBX crossover and
// polynomial mutation (pagmo/utils/genetic_operators.hpp, integer-aware), non-dominated sorting
// and crowding distance (pagmo/utils/multi_objective.hpp); best-N selection as pagmo's, found
// front by front so a cancel is seen. pagmo::nsga2 itself evaluates inside evolve(); here the
// exploration loop evaluates, so the GUI can show progress and cancel between generations.
// Settings are pagmo::nsga2's defaults.
#include "core/dse/exploration.h"
#include "core/dse/methods.h"
#include "core/dse/pareto.h"

#include <pagmo/utils/genetic_operators.hpp>
#include <pagmo/utils/multi_objective.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <stdexcept>

namespace llmwb::dse::detail {

namespace {
constexpr double kCrossoverProbability = 0.95; // pagmo::nsga2 cr
constexpr double kCrossoverIndex = 10.0;       // eta_c
constexpr double kMutationIndex = 50.0;        // eta_m

class Nsga2 final : public SearchMethod {
public:
  Nsga2(const DesignProblem& problem, const MethodOptions& options)
      : mProblem(problem), mCancel(options.cancel), mSize(options.populationSize), mRng(std::uint32_t(options.seed)), mRandom(options.seed),
        mReference(referencePoint(problem.space())),
        mStart(problem, options.seed, std::min(options.initialPoints > 0 ? options.initialPoints : options.populationSize, options.budget)) {
    if (mSize < 4 || mSize % 4) throw std::invalid_argument("NSGA-II needs a population that is a multiple of 4");
    // pagmo wants the integer (here: discrete) variables last.
    for (std::size_t i = 0; i < problem.dimension(); ++i)
      if (!problem.space().parameters[i].domain.discrete()) mOrder.push_back(i);
    mIntegers = problem.dimension() - mOrder.size();
    for (std::size_t i = 0; i < problem.dimension(); ++i)
      if (problem.space().parameters[i].domain.discrete()) mOrder.push_back(i);
    for (std::size_t i : mOrder) {
      const auto& d = problem.space().parameters[i].domain;
      mBounds.first.push_back(d.discrete() ? 0.0 : d.low);
      mBounds.second.push_back(d.discrete() ? double(d.values.size() - 1) : d.high);
    }
    mMutationProbability = 1.0 / double(std::max<std::size_t>(1, problem.dimension()));
  }

  std::vector<DesignPoint> next(std::size_t budgetLeft) override {
    if (!mStart.given()) return mStart.take(budgetLeft, mSeen);
    if (mPopulation.size() < 2) return {};
    const auto [rank, crowding] = rankAndCrowding(mFitness);
    std::vector<DesignPoint> offspring;
    const std::size_t count = std::min(mSize, budgetLeft);
    while (offspring.size() < count) {
      const auto a = tournament(rank, crowding), b = tournament(rank, crowding);
      auto children = pagmo::sbx_crossover(toPagmo(mPopulation[a]), toPagmo(mPopulation[b]), mBounds, mIntegers,
                                           kCrossoverProbability, kCrossoverIndex, mRng);
      for (auto* child : {&children.first, &children.second}) {
        if (offspring.size() >= count) break;
        offspring.push_back(fresh(*child));
      }
    }
    return offspring;
  }

  void tell(const std::vector<PointResult>& results) override {
    for (const auto& r : results) {
      mPopulation.push_back(r.point);
      mFitness.push_back(fitness(r));
    }
    if (mPopulation.size() <= mSize) return;
    // Environmental selection over parents and offspring.
    const auto best = selectBest(mFitness, mSize);
    if (!best) return; // cancelled: the exploration asks for nothing more
    std::vector<DesignPoint> survivors;
    std::vector<std::vector<double>> survivorFitness;
    for (auto i : *best) {
      survivors.push_back(mPopulation[i]);
      survivorFitness.push_back(mFitness[i]);
    }
    mPopulation = std::move(survivors);
    mFitness = std::move(survivorFitness);
  }

private:
  /// A cancel asked for (the exploration's flag).
  bool stopping() const { return mCancel && mCancel->load(std::memory_order_relaxed); }

  /// pagmo::select_best_N_mo's choice: whole non-dominated fronts best first, then the most
  /// crowding-distant members of the front that does not fit. Found front by front, looking at
  /// the cancel flag between fronts, since the first generation can hold 10,000 start points;
  /// ties in crowding distance go to the earlier design. None when cancelled.
  std::optional<std::vector<std::size_t>> selectBest(const std::vector<std::vector<double>>& f, std::size_t n) const {
    std::vector<std::size_t> chosen, left(f.size());
    std::iota(left.begin(), left.end(), std::size_t(0));
    while (chosen.size() < n && !left.empty()) {
      if (stopping()) return std::nullopt;
      std::vector<std::vector<double>> rest;
      rest.reserve(left.size());
      for (auto i : left) rest.push_back(f[i]);
      const auto front = nonDominated(rest); // positions in `left`, ascending
      if (chosen.size() + front.size() > n) {
        std::vector<std::vector<double>> members;
        for (auto k : front) members.push_back(rest[k]);
        const auto distance = pagmo::crowding_distance(members);
        const auto key = [&](std::size_t k) { return std::isnan(distance[k]) ? -std::numeric_limits<double>::infinity() : distance[k]; };
        std::vector<std::size_t> byDistance(front.size());
        std::iota(byDistance.begin(), byDistance.end(), std::size_t(0));
        std::stable_sort(byDistance.begin(), byDistance.end(), [&](std::size_t a, std::size_t b) { return key(a) > key(b); });
        for (std::size_t j = 0; chosen.size() < n; ++j) chosen.push_back(left[front[byDistance[j]]]);
        break;
      }
      std::vector<std::size_t> remaining;
      std::size_t next = 0;
      for (std::size_t k = 0; k < left.size(); ++k) {
        if (next < front.size() && front[next] == k) {
          chosen.push_back(left[k]);
          ++next;
        } else {
          remaining.push_back(left[k]);
        }
      }
      left = std::move(remaining);
    }
    return chosen;
  }

  /// Feasible: the objectives (minimisation). Infeasible: beyond the reference point by the number
  /// of problems, so feasible designs always rank first and fewer problems rank better.
  std::vector<double> fitness(const PointResult& r) const {
    if (r.feasible) return minimised(mProblem.space(), r.objectives);
    std::vector<double> f = mReference;
    for (auto& v : f) v += std::max(1.0, std::abs(v)) * (1.0 + double(r.problems.size()));
    return f;
  }

  static std::pair<std::vector<std::size_t>, std::vector<double>> rankAndCrowding(const std::vector<std::vector<double>>& f) {
    std::vector<std::size_t> rank(f.size(), 0);
    std::vector<double> crowding(f.size(), std::numeric_limits<double>::infinity());
    const auto fronts = nonDominatedFronts(f);
    for (std::size_t r = 0; r < fronts.size(); ++r) {
      for (auto i : fronts[r]) rank[i] = r;
      if (fronts[r].size() < 3) continue;
      std::vector<std::vector<double>> members;
      for (auto i : fronts[r]) members.push_back(f[i]);
      const auto d = pagmo::crowding_distance(members);
      for (std::size_t k = 0; k < fronts[r].size(); ++k) crowding[fronts[r][k]] = d[k];
    }
    return {rank, crowding};
  }

  std::size_t tournament(const std::vector<std::size_t>& rank, const std::vector<double>& crowding) {
    std::uniform_int_distribution<std::size_t> pick(0, mPopulation.size() - 1);
    const std::size_t a = pick(mRandom), b = pick(mRandom);
    if (rank[a] != rank[b]) return rank[a] < rank[b] ? a : b;
    return crowding[a] >= crowding[b] ? a : b;
  }

  pagmo::vector_double toPagmo(const DesignPoint& p) const {
    pagmo::vector_double x;
    for (std::size_t i : mOrder) x.push_back(p.coordinates[i]);
    return x;
  }

  DesignPoint fromPagmo(const pagmo::vector_double& x) const {
    DesignPoint p;
    p.coordinates.resize(x.size());
    for (std::size_t k = 0; k < x.size(); ++k) p.coordinates[mOrder[k]] = x[k];
    return mProblem.canonical(std::move(p));
  }

  /// A child not seen before: mutated, and mutated again while it repeats a design.
  DesignPoint fresh(pagmo::vector_double child) {
    for (int attempt = 0; attempt < 20; ++attempt) {
      pagmo::polynomial_mutation(child, mBounds, mIntegers, attempt == 0 ? mMutationProbability : 0.5, kMutationIndex, mRng);
      auto p = fromPagmo(child);
      if (mSeen.insert(p)) return p;
    }
    for (;;) { // a crowded small space: any design not yet seen
      auto p = randomPoint(mProblem, mRandom);
      if (mSeen.insert(p) || mSeen.size() > 100000) return p;
    }
  }

  const DesignProblem& mProblem;
  const std::atomic<bool>* mCancel;
  std::size_t mSize;
  pagmo::detail::random_engine_type mRng;
  std::mt19937_64 mRandom;
  std::vector<double> mReference;
  std::vector<std::size_t> mOrder; ///< pagmo position -> parameter
  std::size_t mIntegers = 0;
  std::pair<pagmo::vector_double, pagmo::vector_double> mBounds;
  double mMutationProbability = 0.1;
  SharedStart mStart;
  std::vector<DesignPoint> mPopulation;
  std::vector<std::vector<double>> mFitness;
  SeenPoints mSeen;
};
} // namespace

std::unique_ptr<SearchMethod> makeNsga2(const DesignProblem& p, const MethodOptions& o) { return std::make_unique<Nsga2>(p, o); }

} // namespace llmwb::dse::detail
