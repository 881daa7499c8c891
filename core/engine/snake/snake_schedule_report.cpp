// SPDX-License-Identifier: GPL-3.0-or-later
// The Snake per-layer schedule as a detail report (`llmwb-cli schedule`, Snake §6.5, Fig. 13).
#include "core/engine/snake/snake_schedule.h"

namespace llmwb::snake {

namespace {
std::string modeKey(Mode m) { return std::string(toString(m)); }
} // namespace

std::optional<engine::DetailReport> DieSchedule::report(const engine::ReportQuery& query) const {
  const auto& batches = query.grid.batches.empty() ? fig13Batches() : query.grid.batches;
  const auto& contexts = query.grid.contexts.empty() ? fig13Contexts() : query.grid.contexts;
  const ScheduleGrid g = grid(batches, contexts);
  engine::DetailReport r;
  r.title = "Schedule of " + query.model + " on " + query.system + " (" + query.group + ", per device)";
  r.facts = {{"points", double(g.points)}, {"choices", double(g.operators.size())}};

  engine::ReportTable ops{.key = "operators",
                          .title = "Per linear operator: the chosen partition mode, array shape and intra-PU split, and each fixed mode's slowdown",
                          .columns = {{"batch", "batch"},
                                      {"context_tokens", "context"},
                                      {"operator", "operator"},
                                      {"layers", "layers"},
                                      {"gemm_m", "M"},
                                      {"gemm_k", "K"},
                                      {"gemm_n", "N"},
                                      {"mode", "mode"},
                                      {"shape", "shape"},
                                      {"intra_pu_split", "split"},
                                      {"time_us", "time us", 2},
                                      {"compute_us", "compute us", 2},
                                      {"memory_us", "memory us", 2},
                                      {"noc_exposed_us", "NoC us", 2},
                                      {"utilisation_percent", "util %", 1},
                                      {"bound", "bound"}}};
  for (Mode m : kPartitionModes) ops.columns.push_back({"slowdown_" + modeKey(m), "x " + modeKey(m), 2});
  for (const auto& op : g.operators) {
    const auto& p = op.best;
    std::vector<engine::ReportValue> row{op.batch,
                                         op.context,
                                         op.name,
                                         op.repeat,
                                         op.problem.m,
                                         op.problem.k,
                                         op.problem.n,
                                         modeKey(p.mode),
                                         std::to_string(int(p.shape.rows)) + "x" + std::to_string(int(p.shape.cols)),
                                         std::string(p.splitK ? "K" : "N"),
                                         p.time.value() * 1e6,
                                         p.computeTime.value() * 1e6,
                                         p.memoryTime.value() * 1e6,
                                         p.commTime.value() * 1e6,
                                         p.utilisation * 100,
                                         std::string(toString(p.bound))};
    for (const auto& f : op.fixed) row.emplace_back(p.time.value() > 0 ? f.time.value() / p.time.value() : 1.0);
    ops.rows.push_back(std::move(row));
  }

  engine::ReportTable modes{.key = "modes",
                            .title = "Mode shares over " + std::to_string(g.operators.size()) + " choices (" +
                                     std::to_string(g.points) + " operating points), and each mode fixed for every layer",
                            .columns = {{"mode", "mode"},
                                        {"chosen", "chosen"},
                                        {"share_percent", "share %", 1},
                                        {"fixed_slowdown_min", "fixed: x min", 2},
                                        {"fixed_slowdown_max", "fixed: x max", 2}}};
  for (std::size_t m = 0; m < kPartitionModes.size(); ++m)
    modes.rows.push_back({modeKey(kPartitionModes[m]), double(g.chosen[m]), g.share(m) * 100, g.slowdownMin[m], g.slowdownMax[m]});
  r.tables = {std::move(ops), std::move(modes)};
  return r;
}

} // namespace llmwb::snake
