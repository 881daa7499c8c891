// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/snake/snake_engine.h"

#include "core/engine/snake/snake_schedule.h"

#include "core/engine/analytic/analytic_model.h"
#include "core/engine/snake/snake_coster.h"

namespace llmwb::engine {

namespace {

std::unique_ptr<PerformanceModel> makeSnakeModel(const EngineContext& context) {
  auto coster = std::make_shared<const snake::SnakeCoster>(std::max(1, context.group.count));
  // The per-operator schedule of this group's die: made when a view or command asks for it.
  auto details = [device = context.group.device, devices = std::max(1, context.group.count),
                  model = context.model](std::string_view type) -> std::shared_ptr<const DetailProduct> {
    if (type != snake::DieSchedule::kType) return nullptr;
    auto d = std::make_shared<snake::DieSchedule>();
    d->device = device;
    d->devices = devices;
    d->model = model;
    return d;
  };
  return std::make_unique<AnalyticModel>("snake", context, std::move(coster), std::move(details));
}

const char* kDescription =
    "Snake NMP logic dies (arXiv 2604.04253): per-operator search over IS-S/IS-ST/OS-S/OS-ST x logical "
    "array shape, NoC reductions, head-parallel attention in each PU's channel, logic-die energy; "
    "MAC-tree and fixed-array baselines";

} // namespace

EngineKind snakeEngine() {
  return {.name = "snake",
          .description = kDescription,
          .ignores = {
                 {"strategy.dataflow", "each operator's partition mode and array shape are searched (IS-S, IS-ST, OS-S, OS-ST)"},
                 {"strategy.bandwidth_priority", "every PU streams from its own DRAM channel"},
                 {"dma", "every PU streams from its own DRAM channel at the stack's bandwidth"}},
          .details = {snake::DieSchedule::kType},
          .factory = makeSnakeModel};
}

} // namespace llmwb::engine
