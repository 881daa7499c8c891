// SPDX-License-Identifier: GPL-3.0-or-later
// Design-space exploration speed (docs/dse.md): design evaluations per second on one thread and on
// every thread, the exhaustive memexplorer-decode sweep, and a 100-evaluation GP+EHVI run with
// every GP fit included. Run: build/bench/bench_dse
#include "core/dse/exploration.h"
#include "core/io/space_io.h"

#include <benchmark/benchmark.h>

#include <thread>

namespace {
using namespace llmwb;

const dse::DesignProblem& decodeSpace() {
  static const dse::DesignProblem problem = loadDesignProblem("memexplorer-decode", PresetLibrary({LLMWB_BENCH_PRESETS}));
  return problem;
}

/// `points` random designs of the decode space evaluated on `threads` threads.
void evaluations(benchmark::State& state, int threads) {
  const auto& problem = decodeSpace();
  const std::size_t points = 2048;
  for (auto _ : state) {
    dse::ExplorationOptions o;
    o.method = "random";
    o.methodOptions.budget = points;
    o.methodOptions.initialPoints = 0;
    o.threads = threads;
    o.trace = false;
    benchmark::DoNotOptimize(dse::explore(problem, o).points.size());
  }
  state.SetItemsProcessed(state.iterations() * std::int64_t(points));
  state.counters["threads"] = threads;
}

void BM_DecodeEvaluations_OneThread(benchmark::State& state) { evaluations(state, 1); }
BENCHMARK(BM_DecodeEvaluations_OneThread)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_DecodeEvaluations_AllThreads(benchmark::State& state) { evaluations(state, int(std::thread::hardware_concurrency())); }
BENCHMARK(BM_DecodeEvaluations_AllThreads)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ExhaustiveDecodeSweep_AllThreads(benchmark::State& state) {
  const auto& problem = decodeSpace();
  for (auto _ : state) {
    dse::ExplorationOptions o;
    o.method = "exhaustive";
    o.methodOptions.budget = problem.gridSize();
    o.threads = 0;
    o.trace = false;
    const auto r = dse::explore(problem, o);
    state.counters["designs"] = double(r.points.size());
    state.counters["designs_per_s"] = benchmark::Counter(double(r.points.size()), benchmark::Counter::kIsRate);
    state.counters["pareto"] = double(r.pareto.size());
  }
}
BENCHMARK(BM_ExhaustiveDecodeSweep_AllThreads)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

void BM_Mobo100Evaluations(benchmark::State& state) {
  const auto& problem = decodeSpace();
  for (auto _ : state) {
    dse::ExplorationOptions o;
    o.method = "mobo";
    o.methodOptions.budget = 100;
    o.methodOptions.seed = 1;
    o.threads = int(state.range(0)); // mobo's fits and acquisition; the result is the same on any count
    benchmark::DoNotOptimize(dse::explore(problem, o).hypervolume);
  }
}
BENCHMARK(BM_Mobo100Evaluations)->Arg(1)->Arg(2)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(3);
} // namespace
