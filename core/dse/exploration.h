// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs a search method over a design problem: evaluation on threads, results handed out in step
// order as they complete (for streaming to disk), progress, cancel, resume from earlier results,
// the Pareto set and the hypervolume after every step. Qt-free; the GUI drives it from a worker
// with a progress bar and a cancel button, the CLI from main().

#include "core/dse/design_problem.h"
#include "core/dse/search_method.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace llmwb::dse {

struct Progress {
  std::size_t done = 0;      ///< steps so far (evaluated or taken from earlier results)
  std::size_t total = 0;     ///< the budget, or fewer when the method proposes fewer (an exhaustive grid)
  std::size_t feasible = 0;
  std::size_t paretoSize = 0;
  double hypervolume = 0;
};

struct ExplorationOptions {
  std::string method = "mobo";
  MethodOptions methodOptions;
  int threads = 1; ///< 0: every hardware thread
  /// Called on the calling thread after every batch.
  std::function<void(const Progress&)> progress;
  /// Every result, in step order, as soon as its batch is done (a journal on disk, a live plot).
  std::function<void(const PointResult&)> onResult;
  /// Set from any thread to stop after the points under way; the result then holds what is done.
  const std::atomic<bool>* cancel = nullptr;
  /// Results of an earlier run that was stopped: a proposal found here is not evaluated again.
  std::vector<PointResult> previous;
  /// Hypervolume after every step (off for long sweeps, where only the end matters).
  bool trace = true;
};

struct ExplorationResult {
  std::vector<PointResult> points;     ///< step order
  std::vector<std::size_t> pareto;     ///< indices into points: the feasible non-dominated ones
  std::vector<double> hypervolumeTrace; ///< after step 1, 2, ... (empty without trace)
  double hypervolume = 0;              ///< of the feasible points, against the space's reference
  std::size_t evaluated = 0;           ///< points evaluated now (not taken from `previous`)
  bool cancelled = false;
};

/// Throws std::invalid_argument for an unknown method or one that cannot search the space.
ExplorationResult explore(const DesignProblem& problem, const ExplorationOptions& options,
                          const SearchMethodRegistry& methods = builtinMethods());

/// Objectives in minimisation form (maximised ones negated) and the reference point likewise.
std::vector<double> minimised(const DesignSpace& space, const std::vector<double>& objectives);
std::vector<double> referencePoint(const DesignSpace& space);

/// The feasible non-dominated points, as indices into `points`, ascending.
std::vector<std::size_t> paretoSet(const DesignSpace& space, const std::vector<PointResult>& points);
/// Hypervolume of the feasible points against the space's reference point.
double hypervolumeOf(const DesignSpace& space, const std::vector<PointResult>& points);

/// The non-dominated set kept up to date one point at a time, with its hypervolume.
class FrontTracker {
public:
  explicit FrontTracker(std::vector<double> reference) : mReference(std::move(reference)) {}
  /// `objectives` in minimisation form; true when the front changed.
  bool add(const std::vector<double>& objectives);
  double hypervolume() const { return mHypervolume; }
  const std::vector<std::vector<double>>& front() const { return mFront; }

private:
  std::vector<double> mReference;
  std::vector<std::vector<double>> mFront;
  double mHypervolume = 0;
};

} // namespace llmwb::dse
