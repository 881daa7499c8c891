// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dse/exploration.h"

#include "core/dse/pareto.h"

#include <algorithm>
#include <exception>
#include <map>
#include <mutex>
#include <thread>

namespace llmwb::dse {

namespace {
bool dominatesOrEquals(const std::vector<double>& a, const std::vector<double>& b) {
  for (std::size_t k = 0; k < a.size(); ++k)
    if (a[k] > b[k]) return false;
  return true;
}

bool cancelled(const std::atomic<bool>* flag) { return flag && flag->load(std::memory_order_relaxed); }

/// Evaluates a batch on `threads` threads; results keep the batch order. On cancel, the longest
/// finished prefix is returned. An exception on any thread stops the others and is rethrown here,
/// on the calling thread, once they are joined (never std::terminate).
std::vector<PointResult> evaluateBatch(const DesignProblem& problem, const std::vector<DesignPoint>& batch, int threads,
                                       const std::atomic<bool>* cancel,
                                       const std::map<std::vector<double>, const PointResult*>& earlier, std::size_t& evaluated) {
  std::vector<PointResult> results(batch.size());
  std::vector<char> done(batch.size(), 0);
  std::vector<char> fresh(batch.size(), 0);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr failure;
  std::mutex failureMutex;
  auto work = [&] {
    for (;;) {
      if (cancelled(cancel) || failed.load(std::memory_order_relaxed)) return;
      const std::size_t i = next.fetch_add(1);
      if (i >= batch.size()) return;
      try {
        if (const auto it = earlier.find(batch[i].coordinates); it != earlier.end()) {
          results[i] = *it->second;
        } else {
          results[i] = problem.evaluate(batch[i]);
          fresh[i] = 1;
        }
      } catch (...) {
        const std::lock_guard lock(failureMutex);
        if (!failure) failure = std::current_exception();
        failed = true;
        return;
      }
      done[i] = 1;
    }
  };
  const int n = int(std::min<std::size_t>(std::size_t(std::max(1, threads)), batch.size()));
  if (n <= 1) {
    work();
  } else {
    std::vector<std::jthread> pool;
    for (int t = 0; t < n; ++t) pool.emplace_back(work);
  }
  if (failure) std::rethrow_exception(failure);
  std::size_t finished = 0;
  while (finished < batch.size() && done[finished]) ++finished;
  results.resize(finished);
  for (std::size_t i = 0; i < finished; ++i) evaluated += std::size_t(fresh[i]);
  return results;
}
} // namespace

std::vector<double> minimised(const DesignSpace& space, const std::vector<double>& objectives) {
  std::vector<double> out(objectives.size());
  for (std::size_t k = 0; k < objectives.size(); ++k)
    out[k] = space.objectives[k].direction == Direction::Maximise ? -objectives[k] : objectives[k];
  return out;
}

std::vector<double> referencePoint(const DesignSpace& space) {
  std::vector<double> ref;
  for (const auto& o : space.objectives) ref.push_back(o.reference);
  return minimised(space, ref);
}

std::vector<std::size_t> paretoSet(const DesignSpace& space, const std::vector<PointResult>& points) {
  std::vector<std::size_t> feasible;
  std::vector<ObjectiveVector> values;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (points[i].feasible) {
      feasible.push_back(i);
      values.push_back(minimised(space, points[i].objectives));
    }
  std::vector<std::size_t> out;
  for (auto k : nonDominated(values)) out.push_back(feasible[k]);
  return out;
}

double hypervolumeOf(const DesignSpace& space, const std::vector<PointResult>& points) {
  std::vector<ObjectiveVector> values;
  for (auto i : paretoSet(space, points)) values.push_back(minimised(space, points[i].objectives));
  return hypervolume(values, referencePoint(space));
}

bool FrontTracker::add(const std::vector<double>& objectives) {
  for (const auto& f : mFront)
    if (dominatesOrEquals(f, objectives)) return false;
  std::erase_if(mFront, [&](const std::vector<double>& f) { return dominatesOrEquals(objectives, f); });
  mFront.push_back(objectives);
  mHypervolume = dse::hypervolume(mFront, mReference);
  return true;
}

ExplorationResult explore(const DesignProblem& problem, const ExplorationOptions& options, const SearchMethodRegistry& methods) {
  const int threads = options.threads > 0 ? options.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  MethodOptions methodOptions = options.methodOptions;
  methodOptions.cancel = options.cancel;
  methodOptions.threads = threads;
  auto method = methods.create(options.method, problem, methodOptions);
  const DesignSpace& space = problem.space();
  std::map<std::vector<double>, const PointResult*> earlier;
  for (const auto& r : options.previous) earlier.emplace(r.point.coordinates, &r);

  ExplorationResult result;
  FrontTracker tracker(referencePoint(space));
  Progress progress;
  progress.total = std::min(options.methodOptions.budget, method->designsAtMost().value_or(options.methodOptions.budget));
  const std::size_t budget = options.methodOptions.budget;
  while (result.points.size() < budget) {
    if (cancelled(options.cancel)) break;
    const auto batch = method->next(budget - result.points.size());
    if (batch.empty()) break;
    auto results = evaluateBatch(problem, batch, threads, options.cancel, earlier, result.evaluated);
    for (auto& r : results) {
      if (r.feasible) {
        ++progress.feasible;
        tracker.add(minimised(space, r.objectives));
      }
      if (options.trace) result.hypervolumeTrace.push_back(tracker.hypervolume());
      if (options.onResult) options.onResult(r);
    }
    const bool partial = results.size() < batch.size();
    if (!partial) method->tell(results);
    result.points.insert(result.points.end(), std::make_move_iterator(results.begin()), std::make_move_iterator(results.end()));
    progress.done = result.points.size();
    progress.paretoSize = tracker.front().size();
    progress.hypervolume = tracker.hypervolume();
    if (options.progress) options.progress(progress);
    if (partial) break;
  }
  result.cancelled = cancelled(options.cancel);
  result.pareto = paretoSet(space, result.points);
  result.hypervolume = hypervolumeOf(space, result.points);
  return result;
}

} // namespace llmwb::dse
