// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/roofline/roofline_engine.h"

#include "core/engine/analytic/analytic_model.h"
#include "core/engine/roofline/roofline_coster.h"

namespace llmwb::engine {

std::unique_ptr<PerformanceModel> makeRooflineModel(const EngineContext& context) {
  static const auto coster = std::make_shared<const RooflineCoster>();
  return std::make_unique<AnalyticModel>("roofline", context, coster);
}

const char* rooflineEngineDescription() {
  return "First-order roofline of any device: each operator at max(matrix and vector work at the datasheet peaks, each off-chip "
         "level's bytes at its peak bandwidth), no efficiency factors or launch costs; Duplex's GPU model, the Snake "
         "paper's H100 baseline";
}

} // namespace llmwb::engine
