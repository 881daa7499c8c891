// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/gpu/gpu_engine.h"

#include "core/engine/analytic/analytic_model.h"
#include "core/engine/memexplorer/operator_cost.h"

namespace llmwb::engine {

namespace {

std::unique_ptr<PerformanceModel> makeGpuModel(const EngineContext& context) {
  static const auto coster = std::make_shared<const ChainCoster>();
  return std::make_unique<AnalyticModel>("gpu", context, coster);
}

const char* kDescription =
    "GPU baselines: datasheet tensor peaks at a matmul efficiency with tile and wave quantisation over the SMs, "
    "kernel launch overheads, L2 super-tiles, HBM streaming, datasheet TDP, NCCL-like ring all-reduce over NVLink";

} // namespace

EngineKind gpuEngine() {
  return {.name = "gpu",
          .description = kDescription,
          .factory = makeGpuModel};
}

} // namespace llmwb::engine
