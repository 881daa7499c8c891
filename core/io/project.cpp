// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/project.h"

#include "core/io/atomic_file.h"
#include "core/io/input_error.h"
#include "core/io/json_reader.h"
#include "core/io/preset_library.h"
#include "core/io/readers.h"
#include "core/io/space_io.h"
#include "core/io/spec_json.h"

#include "core/dse/search_method.h"

#include <algorithm>

#include <fstream>
#include <random>
#include <stdexcept>

namespace llmwb {

namespace fs = std::filesystem;

namespace {
/// Runs `load`; an InputError that does not name a file of its own is reported at `r`'s field.
template <typename Load>
auto atField(const io::JsonReader& r, Load load) {
  try {
    return load();
  } catch (const InputError& e) {
    if (e.file().empty() || e.file() == "--workload") r.failHere(e.message());
    throw;
  }
}

/// A reference as the project names it: a preset id stays as it is; a relative path to a file
/// beside the project is taken from there, so a project moved with its files still opens wherever
/// it is opened from (the working folder is only the last resort, as before).
std::string besideProject(const std::string& ref, bool isPreset, const fs::path& projectFile) {
  if (ref.empty() || isPreset || fs::path(ref).is_absolute()) return ref;
  std::error_code ec;
  const fs::path beside = (projectFile.parent_path() / ref).lexically_normal();
  return fs::is_regular_file(beside, ec) ? beside.string() : ref;
}

std::string besideProject(const std::string& ref, PresetKind kind, const fs::path& projectFile, const PresetLibrary& library) {
  return besideProject(ref, library.find(kind, ref).has_value(), projectFile);
}

/// The inverse when the project is written: a file in the project's folder (or below it) is
/// named relative to it again.
std::string relativeToProject(const std::string& ref, const fs::path& projectFile) {
  const fs::path path(ref);
  if (!path.is_absolute()) return ref;
  const fs::path folder = fs::absolute(projectFile).parent_path().lexically_normal();
  const fs::path relative = path.lexically_normal().lexically_relative(folder);
  return !relative.empty() && *relative.begin() != ".." ? relative.generic_string() : ref;
}

ProjectSystem readProjectSystem(const io::JsonReader& r, const PresetLibrary& library, const fs::path& projectFile) {
  if (r.json().is_string()) {
    const std::string id = besideProject(r.asString(), PresetKind::System, projectFile, library);
    return {id, atField(r, [&] { return library.system(id); })};
  }
  if (!r.json().is_object()) r.failHere("expected a system preset id or an inline system object");
  return {"", io::readSystem(r, r.string("id", "project/system"), library)};
}

EvaluationOptions readOptions(const io::JsonReader& r) {
  r.allowOnly({"decode_batch", "prefill_batch", "decode_segments"});
  EvaluationOptions o;
  if (r.has("decode_batch")) o.decodeBatch = r.positiveInteger("decode_batch");
  o.prefillBatch = r.positiveInteger("prefill_batch", 1);
  o.decodeSegments = int(r.wholeNumber("decode_segments", 1, kMaxDecodeSegments, 4));
  return o;
}

ExplorationSetup readExploration(const io::JsonReader& r, const fs::path& projectFile, const PresetLibrary& library) {
  r.allowOnly({"space", "method", "budget", "seed"});
  ExplorationSetup e;
  const auto ids = designSpaceIds(library);
  e.space = r.string("space");
  e.space = besideProject(e.space, std::find(ids.begin(), ids.end(), e.space) != ids.end(), projectFile);
  const bool known = std::find(ids.begin(), ids.end(), e.space) != ids.end() || fs::is_regular_file(e.space) ||
                     fs::is_regular_file(projectFile.parent_path() / e.space);
  if (!known) {
    std::string list;
    for (const auto& id : ids) list += (list.empty() ? "" : ", ") + id;
    r.fail("space", "no design space \"" + e.space + "\" (known: " + list + ")");
  }
  e.method = r.string("method", "sobol");
  if (!dse::builtinMethods().find(e.method))
    r.fail("method", "unknown search method \"" + e.method + "\" (known: " + dse::builtinMethods().names() + ")");
  // Caps as `llmwb-cli explore` has them: a budget is evaluations, a seed a 53-bit integer.
  e.budget = std::size_t(r.wholeNumber("budget", 1, 10000000, 64));
  e.seed = std::uint64_t(r.wholeNumber("seed", 0, std::int64_t(1) << 53, 1));
  return e;
}

/// A published figure; its model and workload default to the project's.
PublishedClaim readClaim(const io::JsonReader& r, const Project& project, const fs::path& projectFile,
                         const PresetLibrary& library) {
  if (!r.json().is_object())
    r.failHere("expected an object with \"against\", \"metric\", \"ratio\" (or \"direction\") and \"source\"");
  r.allowOnly({"against", "metric", "ratio", "direction", "source", "model", "workload", "note"});
  PublishedClaim c;
  c.against = r.string("against");
  if (c.against.empty()) r.fail("against", "expected the compared system's preset id");
  const std::string metric = r.string("metric");
  const auto parsed = parseClaimMetric(metric);
  if (!parsed) {
    std::string list;
    for (const auto k : claimMetricKeys()) list += (list.empty() ? "" : ", ") + std::string(k);
    r.fail("metric", "unknown metric \"" + metric + "\" (known: " + list + ")");
  }
  c.metric = *parsed;
  // The design's advantage: a factor, not a percentage; 1e-6 .. 1e6 covers every paper's. Where the
  // paper gives no number, only which way it goes: "direction".
  if (r.has("ratio") == r.has("direction"))
    r.failHere("expected either \"ratio\" (the published factor) or \"direction\" (\"better\" or \"worse\", where the "
               "paper gives no number)");
  if (r.has("ratio")) {
    c.ratio = r.numberIn("ratio", 1e-6, 1e6);
  } else {
    const std::string direction = r.string("direction");
    if (direction != "better" && direction != "worse")
      r.fail("direction", "expected \"better\" or \"worse\", got \"" + direction + "\"");
    c.better = direction == "better";
  }
  c.source = r.string("source");
  if (c.source.empty()) r.fail("source", "expected where the paper publishes the figure");
  if (r.has("note")) c.note = r.string("note");
  c.model = r.has("model") ? besideProject(r.string("model"), PresetKind::Model, projectFile, library) : project.model;
  c.workload = r.has("workload") ? besideProject(r.string("workload"), PresetKind::Workload, projectFile, library) : project.workload;
  if (c.model.empty()) r.fail("model", "expected the model the figure is for (a preset id or file)");
  if (c.workload.empty()) r.fail("workload", "expected the workload the figure is for (a preset id, file or IN:OUT)");
  return c;
}

nlohmann::json systemEntry(const ProjectSystem& s) {
  return s.preset.empty() ? io::systemJson(s.system) : nlohmann::json(s.preset);
}
} // namespace

Project readProject(const fs::path& file, const PresetLibrary& library) {
  const auto j = io::parseJsonFile(file.string());
  const io::JsonReader r(j, file.string());
  if (!j.is_object()) r.failHere("expected a JSON object at the top level");
  io::checkHeader(r, "project", Project::kFormatVersion);
  r.allowOnly({"format_version", "kind", "name", "description", "system", "model", "workload", "comparisons", "options",
               "exploration", "published", "ui", "note"});
  Project p;
  p.name = r.string("name", file.stem().string());
  p.description = r.string("description", "");
  p.system = readProjectSystem(r.child("system"), library, file);
  p.model = besideProject(r.string("model"), PresetKind::Model, file, library);
  atField(r.child("model"), [&] { return library.model(p.model); });
  p.workload = besideProject(r.string("workload"), PresetKind::Workload, file, library);
  atField(r.child("workload"), [&] { return library.workload(p.workload); });
  if (r.has("comparisons"))
    for (const auto& c : r.array("comparisons", true)) p.comparisons.push_back(readProjectSystem(c, library, file));
  if (const auto o = r.optionalChild("options")) p.options = readOptions(*o);
  if (const auto e = r.optionalChild("exploration")) p.exploration = readExploration(*e, file, library);
  // A claim against a system that is no longer compared is kept (it shows when the system is back).
  if (r.has("published"))
    for (const auto& c : r.array("published", true)) p.published.push_back(readClaim(c, p, file, library));
  if (r.has("ui")) p.uiState = j.at("ui").dump();
  return p;
}

namespace {
nlohmann::json projectJson(const Project& p) {
  nlohmann::json j = {{"format_version", Project::kFormatVersion}, {"kind", "project"}, {"name", p.name}};
  if (!p.description.empty()) j["description"] = p.description;
  j["system"] = systemEntry(p.system);
  j["model"] = p.model;
  j["workload"] = p.workload;
  j["comparisons"] = nlohmann::json::array();
  for (const auto& c : p.comparisons) j["comparisons"].push_back(systemEntry(c));
  nlohmann::json options = {{"prefill_batch", p.options.prefillBatch}, {"decode_segments", p.options.decodeSegments}};
  if (p.options.decodeBatch) options["decode_batch"] = *p.options.decodeBatch;
  j["options"] = options;
  if (p.exploration)
    j["exploration"] = {{"space", p.exploration->space}, {"method", p.exploration->method},
                        {"budget", p.exploration->budget}, {"seed", p.exploration->seed}};
  if (!p.published.empty()) {
    j["published"] = nlohmann::json::array();
    for (const auto& c : p.published) {
      nlohmann::json claim = {{"against", c.against}, {"metric", std::string(toString(c.metric))},
                              {"model", c.model}, {"workload", c.workload}, {"source", c.source}};
      if (c.ratio) claim["ratio"] = *c.ratio;
      else claim["direction"] = std::string(c.direction());
      if (!c.note.empty()) claim["note"] = c.note;
      j["published"].push_back(std::move(claim));
    }
  }
  if (!p.uiState.empty()) j["ui"] = nlohmann::json::parse(p.uiState, nullptr, false);
  return j;
}
} // namespace

std::vector<PublishedClaim> publishedForRun(const Project& project) {
  std::vector<PublishedClaim> out;
  for (const auto& claim : project.published)
    if (claim.model == project.model && claim.workload == project.workload) out.push_back(claim);
  return out;
}

const ProjectComparison::Row* ProjectComparison::against(const PublishedClaim& claim) const {
  for (const auto& row : comparisons)
    if (row.id == claim.against) return &row;
  return nullptr;
}

EvaluationOptions comparedSystemOptions(EvaluationOptions options) {
  options.decodeBatch.reset();
  options.roofline = false;
  return options;
}

ProjectComparison compareProject(const Project& project, const PresetLibrary& library) {
  const ModelSpec model = library.model(project.model);
  const Workload workload = library.workload(project.workload);
  auto named = [](const SystemSpec& s) { return s.name.empty() ? s.id : s.name; };
  ProjectComparison c{project.name, project.model, project.workload, {}, {}, publishedForRun(project)};
  const auto& design = project.system.system;
  c.design = {project.system.preset.empty() ? design.id : project.system.preset, named(design),
              evaluate(design, model, workload, project.options)};
  for (const auto& s : project.comparisons)
    c.comparisons.push_back({s.system.id, named(s.system), evaluate(s.system, model, workload, comparedSystemOptions(project.options))});
  return c;
}

namespace {
nlohmann::json rowJson(const ProjectComparison::Row& row) {
  const auto& r = row.result;
  nlohmann::json j = {{"id", row.id}, {"name", row.name}, {"feasible", r.feasible}};
  if (!r.feasible) {
    j["problems"] = r.problems;
    return j;
  }
  j["prefill_batch"] = r.prefill.batch;
  j["decode_batch"] = r.decode.batch;
  j["ttft_s"] = r.prefill.ttft.value();
  j["prefill_tokens_per_s"] = r.prefill.tokensPerSecond;
  j["decode_tokens_per_s"] = r.decode.tokensPerSecond;
  j["tbt_s"] = r.decode.tbt.value();
  j["average_power_W"] = r.endToEnd.averagePower.value();
  j["prefill_tokens_per_J"] = r.prefill.tokensPerJoule;
  j["decode_tokens_per_J"] = r.decode.tokensPerJoule;
  j["tokens_per_J"] = r.endToEnd.tokensPerJoule;
  return j;
}
} // namespace

std::string projectComparisonToJson(const ProjectComparison& c) {
  nlohmann::json j = {{"project", c.project}, {"model", c.model}, {"workload", c.workload}, {"design", rowJson(c.design)}};
  j["comparisons"] = nlohmann::json::array();
  for (const auto& row : c.comparisons) j["comparisons"].push_back(rowJson(row));
  j["published"] = nlohmann::json::array();
  for (const auto& claim : c.published) {
    const auto* row = c.against(claim);
    const auto model = row ? modelAdvantage(claim.metric, c.design.result, row->result) : std::nullopt;
    j["published"].push_back({{"against", claim.against}, {"compared", row != nullptr}, {"metric", std::string(toString(claim.metric))},
                              {"paper_ratio", claim.ratio ? nlohmann::json(*claim.ratio) : nlohmann::json(nullptr)},
                              {"paper_direction", std::string(claim.direction())},
                              {"model_ratio", model ? nlohmann::json(*model) : nlohmann::json(nullptr)},
                              {"source", claim.source}, {"note", claim.note}});
  }
  return j.dump(2);
}

std::string projectJsonText(const Project& project) { return projectJson(project).dump(2); }

std::string withUiEntry(const std::string& uiState, const std::string& key, const std::string& value) {
  auto ui = uiState.empty() ? nlohmann::json::object() : nlohmann::json::parse(uiState, nullptr, false);
  if (!ui.is_object()) ui = nlohmann::json::object();
  ui[key] = value;
  return ui.dump();
}

void writeProject(const Project& project, const fs::path& file) {
  // Files in the project's folder are written relative to it (read back beside the project).
  Project out = project;
  const auto relative = [&](std::string& ref) { ref = relativeToProject(ref, file); };
  relative(out.system.preset);
  relative(out.model);
  relative(out.workload);
  for (auto& c : out.comparisons) relative(c.preset);
  for (auto& c : out.published) {
    relative(c.model);
    relative(c.workload);
  }
  if (out.exploration) relative(out.exploration->space);
  io::writeFileAtomically(file, projectJsonText(out) + "\n");
}

fs::path defaultProjectPath(const PresetLibrary& library) {
  if (const auto p = library.find(PresetKind::Project, "memexplorer-osworld")) return *p;
  return {};
}

} // namespace llmwb
