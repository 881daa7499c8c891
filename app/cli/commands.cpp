// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/commands.h"

#include "app/cli/cli_args.h"
#include "app/cli/presets_option.h"
#include "app/cli/table.h"
#include "core/io/input_error.h"
#include "core/io/overrides.h"
#include "core/io/preset_library.h"
#include "core/io/project.h"
#include "core/io/result_json.h"
#include "core/io/space_io.h"
#include "core/engine/engine_registry.h"
#include "core/engine/evaluate.h"

#include <iomanip>

#include <optional>

namespace llmwb::cli {

namespace {
/// A JSON string literal (the CLI's small listings are written by hand; results go through core/io).
std::string jsonQuote(const std::string& s) {
  std::string q = "\"";
  for (char c : s) q += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return q + "\"";
}
} // namespace

int evaluateCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  const Args args(words, {"system", "model", "workload", "project", "batch", "prefill-batch", "segments", "presets", "set"},
                  {"json", "operators"});
  if (!args.positional().empty()) throw UsageError("unexpected argument \"" + args.positional().front() + "\"");
  const PresetLibrary library = libraryFor(args);
  // A project supplies system, model and workload; explicit options override it.
  std::optional<Project> project;
  if (const auto file = args.value("project")) project = readProject(*file, library);
  auto pick = [&](const char* option, const std::string& fromProject) {
    if (const auto v = args.value(option)) return *v;
    if (!fromProject.empty()) return fromProject;
    throw UsageError(std::string("missing --") + option + " (or --project FILE)");
  };
  OverrideTarget specs;
  specs.system = args.value("system") || !project ? library.system(pick("system", "")) : project->system.system;
  specs.modelSource = pick("model", project ? project->model : "");
  specs.model = library.model(specs.modelSource);
  specs.workload = library.workload(pick("workload", project ? project->workload : ""));
  applyOverrides(specs, args.values("set"), library);
  const SystemSpec& system = specs.system;
  const ModelSpec& model = specs.model;
  const Workload& workload = specs.workload;
  EvaluationOptions options = project ? project->options : EvaluationOptions{};
  if (const auto b = args.integer("batch", 1, 1 << 20)) options.decodeBatch = int(*b);
  if (const auto b = args.integer("prefill-batch", 1, 1 << 20)) options.prefillBatch = int(*b);
  if (const auto s = args.integer("segments", 1, kMaxDecodeSegments)) options.decodeSegments = int(*s);
  const auto result = evaluate(system, model, workload, options);
  if (args.flag("json")) out << evaluationToJson(result) << "\n";
  else printEvaluation(out, result, args.flag("operators"));
  // An infeasible design is a result, not an error: it is reported and the exit status stays 0.
  if (!result.feasible && args.flag("json"))
    for (const auto& p : result.problems) err << "llmwb-cli: not feasible: " << p << "\n";
  return 0;
}

int presetsCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  if (words.empty() || words.front() != "list") throw UsageError("expected: presets list [--json] [--kind KIND]");
  const Args args(std::vector<std::string>(words.begin() + 1, words.end()), {"kind", "presets"}, {"json"});
  const PresetLibrary library = libraryFor(args);
  std::optional<PresetKind> only;
  if (const auto k = args.value("kind")) {
    for (auto kind : {PresetKind::MemoryTechnology, PresetKind::Model, PresetKind::Workload, PresetKind::Device,
                      PresetKind::System, PresetKind::Project})
      if (*k == toString(kind) || *k == folderOf(kind)) only = kind;
    if (!only) throw UsageError("--kind expects memory, model, workload, device, system or project; got \"" + *k + "\"");
  }
  const auto presets = library.list(only);
  if (args.flag("json")) {
    out << "[\n";
    for (std::size_t i = 0; i < presets.size(); ++i) {
      const auto& p = presets[i];
      const auto& quote = jsonQuote;
      out << "  {\"kind\": " << quote(std::string(toString(p.kind))) << ", \"id\": " << quote(p.id)
          << ", \"name\": " << quote(p.name) << ", \"path\": " << quote(p.path.string()) << "}"
          << (i + 1 < presets.size() ? "," : "") << "\n";
    }
    out << "]\n";
  } else {
    for (const auto& p : presets)
      out << std::left << std::setw(10) << toString(p.kind) << std::setw(34) << p.id << p.name << "\n";
  }
  return 0;
}

int enginesCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  if (words.empty() || words.front() != "list") throw UsageError("expected: engines list [--json]");
  const Args args(std::vector<std::string>(words.begin() + 1, words.end()), {}, {"json"});
  if (!args.positional().empty()) throw UsageError("unexpected argument \"" + args.positional().front() + "\"");
  const auto& entries = engine::engines().entries();
  if (args.flag("json")) {
    out << "[\n";
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const auto& e = entries[i];
      out << "  {\"name\": " << jsonQuote(e.name) << ", \"description\": " << jsonQuote(e.description)
          << ", \"models\": " << jsonQuote(e.computeKindsText()) << ", \"default_scheduler\": "
          << jsonQuote(e.defaultScheduler.empty() ? "continuous or disaggregated" : e.defaultScheduler) << ", \"ignores\": [";
      for (std::size_t j = 0; j < e.ignores.size(); ++j)
        out << (j ? ", " : "") << "{\"field\": " << jsonQuote(e.ignores[j].field) << ", \"reason\": " << jsonQuote(e.ignores[j].reason) << "}";
      out << "]}" << (i + 1 < entries.size() ? "," : "") << "\n";
    }
    out << "]\n";
  } else {
    for (const auto& e : entries) {
      out << std::left << std::setw(14) << e.name << e.description << "\n";
      out << std::setw(14) << "" << "models " << e.computeKindsText() << "; serves with "
          << (e.defaultScheduler.empty() ? "continuous or disaggregated" : e.defaultScheduler) << " by default";
      if (!e.ignores.empty()) {
        out << "; ignores";
        for (std::size_t j = 0; j < e.ignores.size(); ++j) out << (j ? ", " : " ") << e.ignores[j].field;
      }
      out << "\n";
    }
  }
  return 0;
}

int validateCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  const Args args(words, {"presets"}, {});
  if (args.positional().empty()) throw UsageError("expected: validate FILE [FILE...]");
  const PresetLibrary library = libraryFor(args);
  // Every file is reported, the valid on out and the invalid on err, so that one run lists all
  // that need fixing; the status says whether any did.
  std::size_t invalid = 0;
  for (const auto& file : args.positional()) {
    try {
      if (validateIfDesignSpace(file, library)) {
        out << file << ": valid design space\n";
        continue;
      }
      const auto info = library.validate(file);
      out << file << ": valid " << toString(info.kind) << " \"" << info.id << "\"\n";
    } catch (const std::exception& e) {
      ++invalid;
      err << "llmwb-cli: " << e.what() << "\n";
    }
  }
  if (invalid > 0 && args.positional().size() > 1)
    err << "llmwb-cli: " << invalid << " of " << args.positional().size() << " files are not valid\n";
  return invalid > 0 ? 1 : 0;
}

} // namespace llmwb::cli
