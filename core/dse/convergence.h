// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The convergence study of seed 000 Fig. 6: hypervolume against evaluation step for several
// methods, mean and standard deviation over seeds, with the exact front's hypervolume (from the
// exhaustive sweep of the same space) as the ceiling.

#include "core/dse/exploration.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llmwb::dse {

struct ConvergenceOptions {
  std::vector<std::string> methods = {"mobo", "nsga2", "random"};
  std::vector<std::uint64_t> seeds = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  MethodOptions methodOptions; ///< budget, initial points, ...; the seed is set per run
  int threads = 1;             ///< runs in parallel (each run is sequential); 0: every hardware thread
  /// The exact front's hypervolume; when absent, an exhaustive sweep of the space computes it.
  std::optional<double> exactHypervolume;
  std::string exactSource;
  std::function<void(std::size_t runsDone, std::size_t runs)> progress;
  const std::atomic<bool>* cancel = nullptr;
};

struct MethodConvergence {
  std::string method;
  std::vector<std::uint64_t> seeds;
  std::vector<std::vector<double>> traces; ///< per seed: hypervolume after each step
  std::vector<double> mean, stddev;        ///< per step over seeds (sample standard deviation)
  std::vector<double> finalRatio;          ///< per seed: final hypervolume / exact
  double meanFinalRatio = 0, stddevFinalRatio = 0;
};

struct ConvergenceResult {
  MethodOptions methodOptions;
  double exactHypervolume = 0;
  std::string exactSource;
  std::vector<MethodConvergence> methods;
  bool cancelled = false;
};

ConvergenceResult convergenceStudy(const DesignProblem& problem, const ConvergenceOptions& options,
                                   const SearchMethodRegistry& methods = builtinMethods());

/// Mean and sample standard deviation of each column (rows may be shorter: they hold their last value).
void columnStatistics(const std::vector<std::vector<double>>& rows, std::size_t columns, std::vector<double>& mean,
                      std::vector<double>& stddev);

} // namespace llmwb::dse
