// SPDX-License-Identifier: GPL-3.0-or-later
// Full-model evaluations per second: Llama-3.3-70B, OSWorld, prefill + decode (4 segments).
#include "bench/bench_inputs.h"
#include "core/engine/evaluate.h"
#include "core/compute/snake/snake_spec.h"
#include "core/engine/npusim/parallelism.h"

#include <benchmark/benchmark.h>

namespace {
using namespace llmwb;
using bench::Inputs;
using bench::load;

void run(benchmark::State& state, const Inputs& in, const EvaluationOptions& options = {}) {
  for (auto _ : state) {
    auto r = evaluate(in.system, in.model, in.workload, options);
    benchmark::DoNotOptimize(r.decode.tokensPerSecond);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Evaluate_Base_Llama70B_OSWorld(benchmark::State& state) {
  static const Inputs in = load("memexplorer/base", "llama-3.3-70b", "osworld");
  run(state, in);
}
BENCHMARK(BM_Evaluate_Base_Llama70B_OSWorld)->Unit(benchmark::kMicrosecond);

/// The same without descriptive text, as design-space explorations evaluate.
void BM_Evaluate_Base_Llama70B_OSWorld_NumbersOnly(benchmark::State& state) {
  static const Inputs in = load("memexplorer/base", "llama-3.3-70b", "osworld");
  EvaluationOptions options;
  options.descriptions = false;
  run(state, in, options);
}
BENCHMARK(BM_Evaluate_Base_Llama70B_OSWorld_NumbersOnly)->Unit(benchmark::kMicrosecond);

void BM_Evaluate_P1D1_Llama70B_OSWorld(benchmark::State& state) {
  static const Inputs in = load("memexplorer/p1d1", "llama-3.3-70b", "osworld");
  run(state, in);
}
BENCHMARK(BM_Evaluate_P1D1_Llama70B_OSWorld)->Unit(benchmark::kMicrosecond);

/// §5.5's extreme heterogeneity: attention and FFN prefilled on different devices, decode in two
/// phases (one prefill pass per prefill group, one decode per phase).
void BM_Evaluate_Extreme_Llama70B_OSWorld(benchmark::State& state) {
  static const Inputs in = load("memexplorer/extreme", "llama-3.3-70b", "osworld");
  run(state, in);
}
BENCHMARK(BM_Evaluate_Extreme_Llama70B_OSWorld)->Unit(benchmark::kMicrosecond);

/// A Snake decode system: the per-operator search over mode x shape x split on every linear operator.
void BM_Evaluate_Snake_Llama70B_8K1K(benchmark::State& state) {
  static const Inputs in = load("snake/snake", "llama-3.3-70b", "8K:1K");
  run(state, in);
}
BENCHMARK(BM_Evaluate_Snake_Llama70B_8K1K)->Unit(benchmark::kMicrosecond);

/// The same with a die the plan search has never seen in every evaluation (its clock moves by one
/// hertz each time): what a sweep over the die pays, where the plans of one die (a serving run,
/// a what-if on anything but the die) come from the engine's plan cache.
void BM_Evaluate_Snake_Llama70B_8K1K_NewDieEachTime(benchmark::State& state) {
  static const Inputs base = load("snake/snake", "llama-3.3-70b", "8K:1K");
  Inputs in = base;
  auto* die = in.system.groups.at(1).device.compute.getIf<SnakeComputeSpec>();
  if (!die) {
    state.SkipWithError("snake/snake's decode group is not a Snake die");
    return;
  }
  for (auto _ : state) {
    die->frequencyMHz += 1e-6;
    auto r = evaluate(in.system, in.model, in.workload);
    benchmark::DoNotOptimize(r.decode.tokensPerSecond);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Evaluate_Snake_Llama70B_8K1K_NewDieEachTime)->Unit(benchmark::kMicrosecond);

/// NpuSim: a 64-core chip split P42/D21 (TP 1 x PP 7 pipelines) and a 256-core chip of TP 16 mesh
/// groups with the 2-D partition, whose collectives are laid out and lock-round counted on the mesh.
void BM_Evaluate_NpusimPd_Qwen4B_Chat(benchmark::State& state) {
  static const Inputs in = load("npusim/large-64-pd", "qwen3-4b", "chat");
  run(state, in);
}
BENCHMARK(BM_Evaluate_NpusimPd_Qwen4B_Chat)->Unit(benchmark::kMicrosecond);

void BM_Evaluate_Npusim256Mnk_Qwen4B_Chat(benchmark::State& state) {
  static const Inputs in = [] {
    auto i = load("npusim/small-256", "qwen3-4b", "chat");
    auto& par = *parallelismOf(i.system);
    par.tp = 16;
    par.partition = TensorPartition::MNK;
    par.placement = CorePlacement::Mesh;
    return i;
  }();
  run(state, in);
}
BENCHMARK(BM_Evaluate_Npusim256Mnk_Qwen4B_Chat)->Unit(benchmark::kMicrosecond);

void BM_Evaluate_H100x4_Qwen35_BFCL(benchmark::State& state) {
  static const Inputs in = load("gpu/h100x4", "qwen3.5-397b-a17b", "bfcl-websearch");
  run(state, in);
}
BENCHMARK(BM_Evaluate_H100x4_Qwen35_BFCL)->Unit(benchmark::kMicrosecond);

/// The roofline engine: the Snake paper's GPU baseline (Duplex's model) on the Snake project's run.
void BM_Evaluate_RooflineH100x8_Llama70B_8K1K(benchmark::State& state) {
  static const Inputs in = load("gpu/h100x8-duplex", "llama-3.3-70b", "8K:1K");
  run(state, in);
}
BENCHMARK(BM_Evaluate_RooflineH100x8_Llama70B_8K1K)->Unit(benchmark::kMicrosecond);

void BM_LoadPresets_SystemModelWorkload(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(load("memexplorer/p1d1", "llama-3.3-70b", "osworld"));
}
BENCHMARK(BM_LoadPresets_SystemModelWorkload)->Unit(benchmark::kMicrosecond);
} // namespace
