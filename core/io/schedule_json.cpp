// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/schedule_json.h"

#include <nlohmann/json.hpp>

namespace llmwb::io {

namespace {
nlohmann::json planJson(const snake::GemmPlan& p) {
  return {{"mode", std::string(snake::toString(p.mode))},
          {"shape", std::to_string(p.shape.rows) + "x" + std::to_string(p.shape.cols)},
          {"intra_pu_split", p.splitK ? "K" : "N"},
          {"time_s", p.time.value()},
          {"compute_s", p.computeTime.value()},
          {"memory_s", p.memoryTime.value()},
          {"noc_exposed_s", p.commTime.value()},
          {"vector_exposed_s", p.vectorExposed.value()},
          {"utilisation", p.utilisation},
          {"bound", std::string(snake::toString(p.bound))}};
}
} // namespace

std::string scheduleToJson(const snake::ScheduleGrid& g, const std::string& system, const std::string& model) {
  nlohmann::json ops = nlohmann::json::array();
  for (const auto& op : g.operators) {
    nlohmann::json fixed = nlohmann::json::object();
    for (std::size_t m = 0; m < snake::kPartitionModes.size(); ++m) {
      auto f = planJson(op.fixed[m]);
      f["slowdown"] = op.best.time.value() > 0 ? op.fixed[m].time.value() / op.best.time.value() : 1.0;
      fixed[std::string(snake::toString(snake::kPartitionModes[m]))] = f;
    }
    ops.push_back({{"operator", op.name},
                   {"batch", op.batch},
                   {"context", op.context},
                   {"layers", op.repeat},
                   {"gemm", {{"m", op.problem.m}, {"k", op.problem.k}, {"n", op.problem.n}, {"instances", op.problem.instances}}},
                   {"chosen", planJson(op.best)},
                   {"fixed", fixed}});
  }
  nlohmann::json modes = nlohmann::json::object();
  for (std::size_t m = 0; m < snake::kPartitionModes.size(); ++m)
    modes[std::string(snake::toString(snake::kPartitionModes[m]))] = {{"chosen", g.chosen[m]},
                                                                      {"share", g.share(m)},
                                                                      {"fixed_slowdown_min", g.slowdownMin[m]},
                                                                      {"fixed_slowdown_max", g.slowdownMax[m]}};
  nlohmann::json doc{{"system", system}, {"model", model}, {"points", g.points}, {"modes", modes}, {"operators", ops}};
  return doc.dump(2);
}

} // namespace llmwb::io
