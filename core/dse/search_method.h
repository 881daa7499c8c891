// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Search methods behind one ask/tell interface (pagmo's algorithms, turned inside out so the
// exploration loop owns evaluation, threads, progress and cancel): next() proposes a batch,
// tell() returns its results in order. Methods are registered by name; every one is seeded and
// gives the same proposals for the same seed.

#include "core/dse/design_problem.h"
#include "core/registry/named_registry.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llmwb::dse {

/// Caps on the counts a user gives (CLI, Python, projects): more initial points than this or more
/// candidates scored per mobo step buys nothing and would run for hours (docs/dse.md).
inline constexpr std::size_t kMaxInitialPoints = 10'000;
inline constexpr std::size_t kMaxCandidates = 200'000;

struct MethodOptions {
  std::uint64_t seed = 1;
  std::size_t budget = 100;        ///< evaluations in all
  std::size_t initialPoints = 20;  ///< Sobol points random, nsga2 and mobo start from (seed 000 4.4, Fig. 6)
  std::size_t candidates = 6000;   ///< mobo: random unevaluated candidates scored per step
  std::size_t monteCarloSamples = 512; ///< mobo: EHVI samples beyond two objectives
  std::size_t populationSize = 20; ///< nsga2 (a multiple of 4)
  std::uint64_t gridBegin = 0, gridEnd = 0; ///< exhaustive: the part of the grid to sweep ([0, 0): all)
  /// Set by the exploration from ExplorationOptions::cancel: a method whose step takes long (mobo's
  /// fits and acquisition) checks it and returns no points, so a cancel never waits for a step.
  const std::atomic<bool>* cancel = nullptr;
  /// Threads a method may use for its own work between evaluations (mobo: the fits and the
  /// acquisition); set by the exploration from ExplorationOptions::threads. Results do not
  /// depend on it.
  int threads = 1;
};

class SearchMethod {
public:
  virtual ~SearchMethod() = default;
  /// The next points to evaluate (at most `budgetLeft`); empty when the method has nothing more.
  virtual std::vector<DesignPoint> next(std::size_t budgetLeft) = 0;
  /// Results of the last batch, in the order next() gave the points.
  virtual void tell(const std::vector<PointResult>& results) = 0;
  /// At most how many designs the method proposes whatever the budget (an exhaustive sweep: its
  /// grid); none when only the budget bounds it. Progress counts against the smaller.
  virtual std::optional<std::size_t> designsAtMost() const { return std::nullopt; }
};

using MethodFactory = std::function<std::unique_ptr<SearchMethod>(const DesignProblem&, const MethodOptions&)>;

class SearchMethodRegistry : public NamedRegistry<MethodFactory> {
public:
  SearchMethodRegistry() : NamedRegistry("search method") {}
  /// Throws std::invalid_argument naming the known methods when there is none of that name.
  std::unique_ptr<SearchMethod> create(const std::string& name, const DesignProblem& problem, const MethodOptions& options) const {
    return get(name).factory(problem, options);
  }
};

/// exhaustive, random, sobol, nsga2, mobo, motpe.
void registerBuiltinMethods(SearchMethodRegistry& registry);
const SearchMethodRegistry& builtinMethods();

/// The first `count` distinct points of a Sobol sequence (Boost) over the space, randomised for
/// `seed` by a skip and a digital shift: the shared start of random, nsga2 and mobo.
std::vector<DesignPoint> sobolDesign(const DesignProblem& problem, std::uint64_t seed, std::size_t count);

} // namespace llmwb::dse
