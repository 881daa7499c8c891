// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/npusim/npusim_engine.h"

#include "core/engine/npusim/npusim_model.h"

namespace llmwb::engine {

std::unique_ptr<PerformanceModel> makeNpusimModel(const EngineContext& context) {
  return std::make_unique<npusim::NpusimModel>(context);
}

std::string npusimEngineDescription() {
  return "NpuSim multi-core NPU: TP groups with MN/K/MNK GEMM partitions, placements on the 2D mesh with XY routes "
         "and channel locking, pipeline stages, SRAM-first weights and KV (Zhu et al. 2025)";
}

} // namespace llmwb::engine
