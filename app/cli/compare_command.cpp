// SPDX-License-Identifier: GPL-3.0-or-later
// `llmwb-cli compare --project FILE`: the project's design beside the systems it is compared with,
// as the workbench's comparison table has them, and the figures its paper publishes against them
// beside the model's own (Project::published).
#include "app/cli/cli_args.h"
#include "app/cli/commands.h"
#include "app/cli/presets_option.h"
#include "app/cli/table.h"
#include "core/io/preset_library.h"
#include "core/io/project.h"

namespace llmwb::cli {

namespace {
constexpr std::size_t kNameWidth = 52;

std::string padded(std::string text, std::size_t width) {
  if (text.size() > width) text = text.substr(0, width - 1) + "~";
  return text + std::string(width - text.size() + 1, ' ');
}

void printRow(std::ostream& out, const ProjectComparison::Row& row, bool design) {
  const auto& r = row.result;
  out << padded(design ? row.name + " (design)" : row.name, kNameWidth);
  if (!r.feasible) {
    out << "does not fit: " << (r.problems.empty() ? std::string() : r.problems.front()) << "\n";
    return;
  }
  out << padded(std::to_string(r.prefill.batch) + " / " + std::to_string(r.decode.batch), 10) << padded(seconds(r.prefill.ttft), 10)
      << padded(fmt("%.1f", r.prefill.tokensPerSecond), 12) << padded(fmt("%.1f", r.decode.tokensPerSecond), 12)
      << padded(seconds(r.decode.tbt), 10) << padded(fmt("%.1f W", r.endToEnd.averagePower.value()), 10)
      << fmt("%.4g", r.endToEnd.tokensPerJoule) << "\n";
}

/// "3.23x better" / "2.43x worse": the design's advantage in one direction, as the workbench writes it.
std::string advantage(double ratio) { return ratio >= 1 ? fmt("%.3gx better", ratio) : fmt("%.3gx worse", 1 / ratio); }
} // namespace

int compareCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  const Args args(words, {"project", "presets"}, {"json"});
  if (!args.positional().empty()) throw UsageError("unexpected argument \"" + args.positional().front() + "\"");
  const PresetLibrary library = libraryFor(args);
  const auto c = compareProject(readProject(args.required("project"), library), library);
  if (args.flag("json")) {
    out << projectComparisonToJson(c) << "\n";
    return 0;
  }
  out << "Project " << c.project << ": " << c.design.id << ", " << c.model << ", " << c.workload << "\n"
      << padded("system", kNameWidth) << padded("batch", 10) << padded("TTFT", 10) << padded("prefill/s", 12)
      << padded("decode/s", 12) << padded("TBT", 10) << padded("power", 10) << "tok/J\n";
  printRow(out, c.design, true);
  for (const auto& row : c.comparisons) printRow(out, row, false);
  if (c.published.empty()) return 0;
  out << "Published figures (the design's advantage: paper, then the model at each system's batch)\n";
  for (const auto& claim : c.published) {
    const auto* row = c.against(claim);
    const auto model = row ? modelAdvantage(claim.metric, c.design.result, row->result) : std::nullopt;
    out << "  vs " << padded(claim.against, 24) << padded(std::string(shortName(claim.metric)), 14) << "paper "
        << padded(claim.ratio ? advantage(*claim.ratio) : std::string(claim.direction()), 22) << "model " << (!row ? std::string("(not compared)") : model ? advantage(*model) : std::string("-"))
        << "\n     " << claim.source << "\n";
    if (!claim.note.empty()) out << "     why the model differs: " << claim.note << "\n";
  }
  return 0;
}

} // namespace llmwb::cli
