// SPDX-License-Identifier: GPL-3.0-or-later
// llmwb-cli schedule: every detail product of the system's groups that reports over decode
// operating points (core/engine/detail_report.h), asked of the model that made each group's
// numbers; e.g. the snake engine's per-layer schedule (mode x shape per linear operator) and the
// slowdown of each single fixed mode (Snake §6.5, Fig. 13). The command knows no engine.
#include "app/cli/cli_args.h"
#include "app/cli/commands.h"
#include "app/cli/presets_option.h"
#include "app/cli/table.h"
#include "core/engine/engine_registry.h"
#include "core/io/detail_report_json.h"
#include "core/io/preset_library.h"
#include "core/workload/workload.h"

#include <algorithm>
#include <sstream>
#include <variant>

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

/// A report's tables as aligned text: numbers right-aligned with their column's decimals.
void printReport(std::ostream& out, const engine::DetailReport& report) {
  out << report.title << "\n";
  for (const auto& table : report.tables) {
    out << "\n" << table.title << ":\n";
    std::vector<std::vector<std::string>> cells;
    std::vector<std::size_t> width;
    for (const auto& c : table.columns) width.push_back(c.header.size());
    for (const auto& row : table.rows) {
      std::vector<std::string> texts;
      for (std::size_t c = 0; c < table.columns.size() && c < row.size(); ++c) {
        const auto* number = std::get_if<double>(&row[c]);
        const std::string pattern = "%." + std::to_string(table.columns[c].decimals) + "f";
        texts.push_back(number ? fmt(pattern.c_str(), *number) : std::get<std::string>(row[c]));
        width[c] = std::max(width[c], texts.back().size());
      }
      cells.push_back(std::move(texts));
    }
    auto line = [&](const std::vector<std::string>& texts, const std::vector<engine::ReportValue>* row) {
      for (std::size_t c = 0; c < texts.size(); ++c) {
        const bool right = row && std::holds_alternative<double>((*row)[c]);
        const std::string gap(width[c] - texts[c].size(), ' ');
        out << (c ? "  " : "") << (right ? gap + texts[c] : texts[c] + gap);
      }
      out << "\n";
    };
    std::vector<std::string> headers;
    for (const auto& c : table.columns) headers.push_back(c.header);
    line(headers, nullptr);
    for (std::size_t r = 0; r < cells.size(); ++r) line(cells[r], &table.rows[r]);
  }
}

} // namespace

int scheduleCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  const Args args(words, {"system", "model", "batches", "contexts", "presets"}, {"json"});
  const auto lib = libraryFor(args);
  const std::string systemId = args.required("system"), modelId = args.required("model");
  const auto system = lib.system(systemId);
  const auto model = lib.model(modelId);
  // Without the options, each product's own points (Snake: Fig. 13's grid).
  engine::ReportQuery query{.system = systemId, .model = modelId, .group = {}, .grid = {}};
  if (args.value("batches")) query.grid.batches = listOf("batches", *args.value("batches"), false);
  if (args.value("contexts")) query.grid.contexts = listOf("contexts", *args.value("contexts"), true);
  // Every detail product of every group's model that reports over operating points: asked of the
  // model that made the group's numbers, whatever its engine.
  std::vector<std::pair<std::string, engine::DetailReport>> reports;
  std::vector<std::string> engines;
  for (const auto& group : system.groups) {
    const engine::EngineKind& kind = engine::engines().get(engine::engineFor(system, group));
    if (std::find(engines.begin(), engines.end(), kind.name) == engines.end()) engines.push_back(kind.name);
    if (kind.details.empty()) continue;
    std::unique_ptr<engine::PerformanceModel> built;
    try {
      built = engine::buildModel(system, group, model, false, false);
    } catch (const std::invalid_argument& e) {
      throw UsageError("--system " + systemId + ": " + e.what());
    }
    query.group = std::to_string(group.count) + " x " + group.device.name;
    for (const auto& type : kind.details)
      if (const auto product = built->detail(type))
        if (auto report = product->report(query)) reports.emplace_back(query.group, std::move(*report));
  }
  if (reports.empty()) {
    std::string names;
    for (const auto& e : engines) names += (names.empty() ? "" : ", ") + e;
    throw UsageError("--system " + systemId + ": its groups are modelled by the " + names +
                     (engines.size() == 1 ? " engine, which makes" : " engines, which make") +
                     " no detail product reported over operating points (llmwb-cli engines list shows what each "
                     "engine makes); schedule needs e.g. snake/snake");
  }
  if (args.flag("json")) {
    out << io::detailReportsJson(systemId, modelId, reports) << "\n";
    return 0;
  }
  for (std::size_t i = 0; i < reports.size(); ++i) {
    if (i) out << "\n";
    printReport(out, reports[i].second);
  }
  return 0;
}

} // namespace llmwb::cli
