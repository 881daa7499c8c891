// SPDX-License-Identifier: GPL-3.0-or-later
// llmwb-cli schedule: the Snake per-layer schedule (mode x shape per linear operator) over a grid
// of decode operating points, and the slowdown of each single fixed mode (Snake §6.5, Fig. 13): the
// snake engine's detail product (snake::DieSchedule), asked of the decode group's model.
#include "app/cli/cli_args.h"
#include "app/cli/commands.h"
#include "app/cli/presets_option.h"
#include "app/cli/table.h"
#include "core/engine/engine_registry.h"
#include "core/engine/snake/snake_schedule.h"
#include "core/io/preset_library.h"
#include "core/io/schedule_json.h"
#include "core/workload/workload.h"

#include <sstream>

namespace llmwb::cli {

namespace {
std::vector<double> listOf(const std::string& option, const std::string& text, bool tokens) {
  std::vector<double> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    std::string why;
    const auto pair = parseWorkloadPair(item + ":1", &why);
    const double v = pair ? double(pair->inputTokens) : 0.0;
    if (!pair || v < 1)
      throw UsageError("--" + option + " expects a comma-separated list of positive " +
                       (tokens ? "token counts, e.g. 2K,4K,8K" : "batch sizes, e.g. 1,4,8,16") + ", got \"" + item + "\"");
    out.push_back(v);
  }
  if (out.empty()) throw UsageError("--" + option + " expects a comma-separated list, got \"" + text + "\"");
  return out;
}

std::string pad(std::string_view text, std::size_t width) {
  std::string s(text);
  if (s.size() < width) s.resize(width, ' ');
  return s;
}

} // namespace

int scheduleCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  const Args args(words, {"system", "model", "batches", "contexts", "presets"}, {"json"});
  const auto lib = libraryFor(args);
  const std::string systemId = args.required("system"), modelId = args.required("model");
  const auto system = lib.system(systemId);
  const auto model = lib.model(modelId);
  // Without the options, Fig. 13's grid.
  const auto batches = args.value("batches") ? listOf("batches", *args.value("batches"), false) : snake::fig13Batches();
  const auto contexts = args.value("contexts") ? listOf("contexts", *args.value("contexts"), true) : snake::fig13Contexts();
  const DeviceGroup* group = nullptr;
  for (const auto& g : system.groups)
    if (g.role != DeviceRole::Prefill) group = &g;
  if (!group) throw UsageError("--system " + systemId + " has no decode group");
  // The schedule is the detail product of the engine that models the group (the snake engine's).
  const std::string engineName = engine::engineFor(system, *group);
  std::shared_ptr<const snake::DieSchedule> schedule;
  try {
    schedule = engine::detailOf<snake::DieSchedule>(*engine::buildModel(system, *group, model, false, false));
  } catch (const std::invalid_argument& e) {
    throw UsageError("--system " + systemId + ": " + e.what());
  }
  if (!schedule)
    throw UsageError("--system " + systemId + ": the decode group is modelled by the " + engineName +
                     " engine, which makes no per-operator die schedule (" + snake::DieSchedule::kType +
                     "); schedule needs a group the snake engine models, e.g. snake/snake");
  const auto grid = schedule->grid(batches, contexts);
  if (args.flag("json")) {
    out << io::scheduleToJson(grid, systemId, modelId) << "\n";
    return 0;
  }
  out << "Schedule of " << modelId << " on " << systemId << " (" << group->count << " x " << group->device.name
      << ", per device)\n";
  out << "batch context operator                     mode   shape   split  time us  bound    | slowdown IS-S IS-ST OS-S OS-ST\n";
  for (const auto& op : grid.operators) {
    out << fmt("%5.0f", op.batch) << fmt(" %7.0f ", op.context);
    std::string name = op.name;
    name.resize(28, ' ');
    out << name << " " << pad(snake::toString(op.best.mode), 6)
        << fmt(" %3.0f", op.best.shape.rows) << "x" << fmt("%-4.0f", op.best.shape.cols) << (op.best.splitK ? " K    " : " N    ")
        << fmt("%8.2f", op.best.time.value() * 1e6) << "  " << pad(snake::toString(op.best.bound), 8)
        << " |         ";
    for (const auto& f : op.fixed) out << fmt(" %5.2f", op.best.time.value() > 0 ? f.time.value() / op.best.time.value() : 1.0);
    out << "\n";
  }
  out << "\nMode shares over " << grid.operators.size() << " choices (" << grid.points << " operating points):\n";
  for (std::size_t m = 0; m < snake::kPartitionModes.size(); ++m)
    out << "  " << pad(snake::toString(snake::kPartitionModes[m]), 6)
        << fmt(" %5.1f%%", grid.share(m) * 100) << "   fixed for every layer: " << fmt("%.2f", grid.slowdownMin[m]) << "x - "
        << fmt("%.2f", grid.slowdownMax[m]) << "x slower than the per-layer choice\n";
  return 0;
}

} // namespace llmwb::cli
