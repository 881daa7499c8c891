// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/space_io.h"

#include "core/dse/metrics.h"
#include "core/io/json_reader.h"
#include "core/io/readers.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace llmwb {

namespace {
using io::JsonReader;
using namespace dse;

/// Bounds, references and listed values of a space: any metric or spec value fits well inside.
constexpr double kLargest = 1e15;

ParameterValue readValue(const JsonReader& r) {
  if (r.json().is_number()) {
    const double v = r.json().get<double>();
    if (!std::isfinite(v) || std::abs(v) > kLargest) r.failHere("expected a number from -1e15 to 1e15");
    return v;
  }
  if (r.json().is_string()) return r.json().get<std::string>();
  r.failHere("expected a number or a string");
}

Parameter readParameter(const JsonReader& r) {
  r.allowOnly({"name", "field", "values", "range", "encoding", "inactive_when", "description", "source"});
  Parameter p;
  p.name = r.string("name");
  if (p.name.empty()) r.fail("name", "expected a name");
  p.field = r.string("field");
  p.description = r.string("description", "");
  if (r.has("values") == r.has("range")) r.failHere("expected either \"values\" (a list) or \"range\" ({\"min\", \"max\"})");
  if (r.has("values")) {
    for (const auto& v : r.array("values")) {
      auto value = readValue(v);
      if (std::find(p.domain.values.begin(), p.domain.values.end(), value) != p.domain.values.end())
        v.failHere("the value " + toString(value) + " is listed twice");
      p.domain.values.push_back(std::move(value));
    }
  } else {
    const auto range = r.child("range");
    range.allowOnly({"min", "max", "integer"});
    p.domain.low = range.numberIn("min", -kLargest, kLargest);
    p.domain.high = range.numberIn("max", -kLargest, kLargest);
    p.domain.integer = range.boolean("integer", false);
    if (!(p.domain.high > p.domain.low)) range.fail("max", "expected max above min");
  }
  const std::string encoding = r.string("encoding", p.domain.discrete() && !p.domain.numeric() ? "one_hot" : "ordinal");
  if (encoding == "one_hot") {
    if (!p.domain.discrete()) r.fail("encoding", "a continuous range cannot be one-hot");
    p.encoding = Encoding::OneHot;
  } else if (encoding == "ordinal") {
    p.encoding = Encoding::Ordinal;
  } else {
    r.fail("encoding", "expected \"ordinal\" or \"one_hot\", got \"" + encoding + "\"");
  }
  if (const auto w = r.optionalChild("inactive_when")) {
    w->allowOnly({"parameter", "values"});
    InactiveWhen when;
    when.parameter = w->string("parameter");
    for (const auto& v : w->array("values")) when.values.push_back(readValue(v));
    p.inactiveWhen = std::move(when);
  }
  return p;
}

std::string readMetric(const JsonReader& r) {
  const std::string metric = r.string("metric");
  if (!findMetric(metric)) r.fail("metric", "unknown metric \"" + metric + "\" (known: " + metricNames() + ")");
  return metric;
}

Constraint readConstraint(const JsonReader& r) {
  r.allowOnly({"metric", "min", "max", "description"});
  Constraint c;
  c.metric = readMetric(r);
  if (r.has("min")) c.min = r.numberIn("min", -kLargest, kLargest);
  if (r.has("max")) c.max = r.numberIn("max", -kLargest, kLargest);
  if (!c.min && !c.max) r.failHere("expected \"min\", \"max\" or both");
  // No design meets min > max: every point would be infeasible and the search would look broken.
  if (c.min && c.max && *c.min > *c.max) r.fail("max", "expected max at or above min (no design can meet both)");
  c.description = r.string("description", "");
  return c;
}

Objective readObjective(const JsonReader& r) {
  r.allowOnly({"metric", "direction", "reference", "description"});
  Objective o;
  o.metric = readMetric(r);
  const std::string direction = r.string("direction");
  if (direction == "maximise" || direction == "maximize") o.direction = Direction::Maximise;
  else if (direction == "minimise" || direction == "minimize") o.direction = Direction::Minimise;
  else r.fail("direction", "expected \"maximise\" or \"minimise\", got \"" + direction + "\"");
  o.reference = r.numberIn("reference", -kLargest, kLargest);
  return o;
}

DesignSpace readSpace(const nlohmann::json& json, const std::string& file, const std::string& id) {
  const JsonReader r(json, file);
  io::checkHeader(r, "design_space");
  r.allowOnly({"format_version", "kind", "name", "description", "system", "model", "workload", "phases", "decode_segments",
               "parameters", "constraints", "objectives", "note", "sources"});
  DesignSpace s;
  s.id = id;
  s.file = file;
  s.definition = json.dump();
  s.name = r.string("name", id);
  s.description = r.string("description", "");
  s.system = r.string("system");
  s.model = r.string("model");
  s.workload = r.string("workload");
  const std::string phases = r.string("phases", "both");
  if (phases == "prefill") s.phases = SpacePhases::PrefillOnly;
  else if (phases == "decode") s.phases = SpacePhases::DecodeOnly;
  else if (phases == "both") s.phases = SpacePhases::Both;
  else r.fail("phases", "expected \"prefill\", \"decode\" or \"both\", got \"" + phases + "\"");
  s.decodeSegments = int(r.wholeNumber("decode_segments", 1, kMaxDecodeSegments, 4));

  std::set<std::string> names;
  const auto parameters = r.array("parameters");
  for (const auto& p : parameters) {
    s.parameters.push_back(readParameter(p));
    if (!names.insert(s.parameters.back().name).second) p.fail("name", "a second parameter named \"" + s.parameters.back().name + "\"");
  }
  for (std::size_t i = 0; i < s.parameters.size(); ++i) {
    const auto& p = s.parameters[i];
    if (!p.inactiveWhen) continue;
    const auto* controller = s.parameter(p.inactiveWhen->parameter);
    if (!controller || controller == &p)
      parameters[i].child("inactive_when").fail("parameter", "no other parameter is named \"" + p.inactiveWhen->parameter + "\"");
    for (const auto& v : p.inactiveWhen->values)
      if (controller->domain.discrete() &&
          std::find(controller->domain.values.begin(), controller->domain.values.end(), v) == controller->domain.values.end())
        parameters[i].child("inactive_when").fail("values", "\"" + controller->name + "\" never takes the value " + toString(v));
  }
  if (r.has("constraints"))
    for (const auto& c : r.array("constraints", true)) s.constraints.push_back(readConstraint(c));
  for (const auto& o : r.array("objectives")) s.objectives.push_back(readObjective(o));
  s.sources = io::readSources(r);
  return s;
}

std::string spaceIdOf(const std::filesystem::path& path) { return path.stem().string(); }
} // namespace

DesignSpace readDesignSpace(const std::string& idOrFile, const PresetLibrary& library) {
  std::filesystem::path path = idOrFile;
  std::string id = spaceIdOf(path);
  const bool isFile = idOrFile.find(".json") != std::string::npos || std::filesystem::is_regular_file(path);
  if (!isFile) {
    bool found = false;
    for (const auto& root : library.roots()) {
      const auto candidate = root / "spaces" / (idOrFile + ".json");
      if (std::filesystem::is_regular_file(candidate)) {
        path = candidate;
        found = true;
        break;
      }
    }
    if (!found) {
      std::string known;
      for (const auto& k : designSpaceIds(library)) known += (known.empty() ? "" : ", ") + k;
      throw InputError(idOrFile, "", "no design space preset \"" + idOrFile + "\" (known: " + known + ")");
    }
    id = idOrFile;
  } else if (!std::filesystem::exists(path)) {
    throw InputError(idOrFile, "", "no such file");
  }
  return readSpace(io::parseJsonFile(path.string()), path.string(), id);
}

DesignSpace parseDesignSpace(const std::string& text, const std::string& origin) {
  return readSpace(io::parseJsonText(text, origin), origin, spaceIdOf(origin));
}

DesignProblem bindDesignSpace(DesignSpace space, const PresetLibrary& library) {
  const std::string file = space.file;
  ProblemInputs inputs{library.system(space.system), library.model(space.model), library.workload(space.workload),
                       [&library](const std::string& id) {
                         try {
                           return library.memoryTechnology(id);
                         } catch (const InputError& e) {
                           throw std::invalid_argument(e.message());
                         }
                       }};
  try {
    return DesignProblem(std::move(space), std::move(inputs));
  } catch (const ParameterError& e) {
    throw InputError(file, "/parameters/" + std::to_string(e.parameter) + "/field", e.what());
  } catch (const std::invalid_argument& e) {
    throw InputError(file, "/", e.what());
  }
}

DesignProblem loadDesignProblem(const std::string& idOrFile, const PresetLibrary& library) {
  auto space = readDesignSpace(idOrFile, library);
  return bindDesignSpace(std::move(space), library);
}

std::vector<std::string> designSpaceIds(const PresetLibrary& library) {
  std::set<std::string> ids;
  for (const auto& root : library.roots()) {
    std::error_code ec;
    const auto folder = root / "spaces";
    if (!std::filesystem::is_directory(folder, ec)) continue;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder, ec))
      if (entry.is_regular_file() && entry.path().extension() == ".json") {
        auto rel = std::filesystem::relative(entry.path(), folder).replace_extension().generic_string();
        ids.insert(rel);
      }
  }
  return {ids.begin(), ids.end()};
}

bool validateIfDesignSpace(const std::string& file, const PresetLibrary& library) {
  const auto j = io::parseJsonFile(file);
  if (!j.is_object() || !j.contains("kind") || j.at("kind") != "design_space") return false;
  loadDesignProblem(file, library);
  return true;
}

} // namespace llmwb
