// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/npusim/npusim_engine.h"

#include "core/engine/npusim/npusim_model.h"
#include "core/engine/npusim/parallelism_fields.h"

namespace llmwb::engine {

namespace {

std::unique_ptr<PerformanceModel> makeNpusimModel(const EngineContext& context) {
  return std::make_unique<npusim::NpusimModel>(context);
}

const char* kDescription =
    "NpuSim multi-core NPU: TP groups with MN/K/MNK GEMM partitions, placements on the 2D mesh with XY routes "
    "and channel locking, pipeline stages, SRAM-first weights and KV (Zhu et al. 2025)";

} // namespace

EngineKind npusimEngine() {
  return {.name = "npusim",
          .description = kDescription,
          .defaultScheduler = "npusim",
          .ignores = {
                 {"strategy", "the chip's mapping comes from the system's parallelism block (TP partition, placement, "
                              "pipeline stages) and NpuSim's SRAM-first placement of weights, then KV"},
                 {"dma", "each core streams from its own HBM at the compute block's hbm_bandwidth_GBps x hbm_efficiency"},
                 {"quantisation.activations", "one element size for weights, activations and KV cache: the weights' format"},
                 {"quantisation.kv_cache", "one element size for weights, activations and KV cache: the weights' format"}},
          .unmodelled = {{ResultAspect::MemoryEnergy,
                          "NpuSim gives no power model (its 0.5 pJ per MAC is an assumption) and no per-bit memory energy"}},
          .settings = {settingsBlock<ParallelismSpec>(std::string(kParallelismBlock), "Parallelism on the chip (NpuSim 4.1, 4.3)",
                                                       parallelismFields)},
          .details = {npusim::ChipDetail::kType},
          .factory = makeNpusimModel};
}

} // namespace llmwb::engine
