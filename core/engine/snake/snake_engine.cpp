// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/snake/snake_engine.h"

#include "core/engine/analytic/analytic_model.h"
#include "core/engine/snake/snake_coster.h"

namespace llmwb::engine {

std::unique_ptr<PerformanceModel> makeSnakeModel(const EngineContext& context) {
  auto coster = std::make_shared<const snake::SnakeCoster>(std::max(1, context.group.count));
  return std::make_unique<AnalyticModel>("snake", context, std::move(coster));
}

const char* snakeEngineDescription() {
  return "Snake NMP logic dies (arXiv 2604.04253): per-operator search over IS-S/IS-ST/OS-S/OS-ST x logical "
         "array shape, NoC reductions, head-parallel attention in each PU's channel, logic-die energy; "
         "MAC-tree and fixed-array baselines";
}

} // namespace llmwb::engine
