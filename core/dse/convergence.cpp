// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dse/convergence.h"

#include <cmath>
#include <mutex>
#include <thread>

namespace llmwb::dse {

void columnStatistics(const std::vector<std::vector<double>>& rows, std::size_t columns, std::vector<double>& mean,
                      std::vector<double>& stddev) {
  mean.assign(columns, 0.0);
  stddev.assign(columns, 0.0);
  if (rows.empty()) return;
  auto at = [](const std::vector<double>& row, std::size_t c) { return row.empty() ? 0.0 : row[std::min(c, row.size() - 1)]; };
  const double n = double(rows.size());
  for (std::size_t c = 0; c < columns; ++c) {
    double sum = 0;
    for (const auto& r : rows) sum += at(r, c);
    mean[c] = sum / n;
    double squares = 0;
    for (const auto& r : rows) squares += (at(r, c) - mean[c]) * (at(r, c) - mean[c]);
    stddev[c] = rows.size() > 1 ? std::sqrt(squares / (n - 1)) : 0.0;
  }
}

ConvergenceResult convergenceStudy(const DesignProblem& problem, const ConvergenceOptions& options,
                                   const SearchMethodRegistry& methods) {
  ConvergenceResult out;
  out.methodOptions = options.methodOptions;
  const int threads = options.threads > 0 ? options.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  if (options.exactHypervolume) {
    out.exactHypervolume = *options.exactHypervolume;
    out.exactSource = options.exactSource;
  } else {
    ExplorationOptions sweep;
    sweep.method = "exhaustive";
    sweep.methodOptions.budget = std::size_t(problem.gridSize());
    sweep.threads = threads;
    sweep.trace = false;
    sweep.cancel = options.cancel;
    const auto exact = explore(problem, sweep, methods);
    out.exactHypervolume = exact.hypervolume;
    out.exactSource = "exhaustive sweep of " + std::to_string(exact.points.size()) + " designs";
  }

  // Every (method, seed) run is sequential and independent; runs share the threads.
  struct Run {
    std::size_t method;
    std::size_t seed;
  };
  std::vector<Run> runs;
  for (std::size_t m = 0; m < options.methods.size(); ++m)
    for (std::size_t s = 0; s < options.seeds.size(); ++s) runs.push_back({m, s});
  out.methods.resize(options.methods.size());
  for (std::size_t m = 0; m < options.methods.size(); ++m) {
    out.methods[m].method = options.methods[m];
    out.methods[m].seeds = options.seeds;
    out.methods[m].traces.resize(options.seeds.size());
    methods.create(options.methods[m], problem, options.methodOptions); // an unknown name fails before any work
  }
  std::atomic<std::size_t> next{0}, done{0};
  std::mutex progressMutex;
  std::exception_ptr failure;
  auto work = [&] {
    for (;;) {
      const std::size_t i = next.fetch_add(1);
      if (i >= runs.size() || (options.cancel && options.cancel->load())) return;
      ExplorationOptions run;
      run.method = options.methods[runs[i].method];
      run.methodOptions = options.methodOptions;
      run.methodOptions.seed = options.seeds[runs[i].seed];
      run.threads = 1;
      run.cancel = options.cancel;
      try {
        auto r = explore(problem, run, methods);
        out.methods[runs[i].method].traces[runs[i].seed] = std::move(r.hypervolumeTrace);
      } catch (...) {
        std::lock_guard lock(progressMutex);
        failure = std::current_exception();
        return;
      }
      const std::size_t finished = ++done;
      std::lock_guard lock(progressMutex);
      if (options.progress) options.progress(finished, runs.size());
    }
  };
  {
    std::vector<std::jthread> pool;
    for (int t = 0; t < std::max(1, std::min<int>(threads, int(runs.size()))); ++t) pool.emplace_back(work);
  }
  if (failure) std::rethrow_exception(failure);
  out.cancelled = options.cancel && options.cancel->load();

  for (auto& m : out.methods) {
    columnStatistics(m.traces, options.methodOptions.budget, m.mean, m.stddev);
    std::vector<std::vector<double>> ratios;
    for (const auto& t : m.traces) {
      const double last = t.empty() ? 0.0 : t.back();
      m.finalRatio.push_back(out.exactHypervolume > 0 ? last / out.exactHypervolume : 0.0);
      ratios.push_back({m.finalRatio.back()});
    }
    std::vector<double> mean, stddev;
    columnStatistics(ratios, 1, mean, stddev);
    m.meanFinalRatio = mean.front();
    m.stddevFinalRatio = stddev.front();
  }
  return out;
}

} // namespace llmwb::dse
