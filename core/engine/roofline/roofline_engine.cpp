// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/roofline/roofline_engine.h"

#include "core/engine/analytic/analytic_model.h"
#include "core/engine/roofline/roofline_coster.h"

namespace llmwb::engine {

namespace {

std::unique_ptr<PerformanceModel> makeRooflineModel(const EngineContext& context) {
  static const auto coster = std::make_shared<const RooflineCoster>();
  return std::make_unique<AnalyticModel>("roofline", context, coster);
}

const char* kDescription =
    "First-order roofline of any device: each operator at max(matrix and vector work at the datasheet peaks, each off-chip "
    "level's bytes at its peak bandwidth), no efficiency factors or launch costs; Duplex's GPU model, the Snake "
    "paper's H100 baseline";

} // namespace

EngineKind rooflineEngine() {
  return {.name = "roofline",
          .description = kDescription,
          .everyComputeKind = true,
          .ignores = {
                 {"strategy.dataflow", "a roofline charges compulsory traffic only: no dataflow re-reads"},
                 {"strategy.bandwidth_priority", "a roofline gives every operand the level's whole peak bandwidth"},
                 {"dma", "a roofline gives every operand the level's whole peak bandwidth"}},
          .factory = makeRooflineModel};
}

} // namespace llmwb::engine
