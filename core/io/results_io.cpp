// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/results_io.h"

#include "core/io/json_reader.h"
#include "core/io/space_io.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>

#include <fcntl.h>
#include <unistd.h>

namespace llmwb {

namespace {
using nlohmann::ordered_json;
using namespace dse;

ordered_json number(double v) { return std::isfinite(v) ? ordered_json(v) : ordered_json(nullptr); }

ordered_json numbers(const std::vector<double>& values) {
  ordered_json a = ordered_json::array();
  for (double v : values) a.push_back(number(v));
  return a;
}

ordered_json valueJson(const ParameterValue& v) {
  if (const auto* s = std::get_if<std::string>(&v)) return *s;
  const double d = std::get<double>(v);
  if (d == std::floor(d) && std::abs(d) < 1e15) return static_cast<long long>(d);
  return d;
}

ParameterValue valueOf(const DesignSpace& space, std::size_t parameter, double coordinate) {
  const auto& d = space.parameters[parameter].domain;
  if (d.discrete()) return d.values.at(std::size_t(coordinate));
  return coordinate;
}

/// Grid index of a discrete point from the space alone (no presets needed), as DesignProblem does.
std::optional<std::uint64_t> gridIndexOf(const DesignSpace& space, const DesignPoint& p) {
  std::uint64_t index = 0;
  for (std::size_t i = 0; i < space.parameters.size(); ++i) {
    const auto& d = space.parameters[i].domain;
    if (!d.discrete()) return std::nullopt;
    index = index * d.values.size() + std::uint64_t(p.coordinates[i]);
  }
  return index;
}

void appendNumber(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  char text[32];
  const bool whole = v == std::floor(v) && std::abs(v) < 1e15;
  const auto end = whole ? std::to_chars(text, text + sizeof text, static_cast<long long>(v)).ptr
                         : std::to_chars(text, text + sizeof text, v).ptr; // shortest form that reads back exactly
  out.append(text, end);
}

void appendString(std::string& out, const std::string& s) {
  out += '"';
  std::size_t plain = 0; // the start of the run of characters that need no escape
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool quote = c == '"' || c == '\\', control = static_cast<unsigned char>(c) < 0x20;
    if (!quote && !control) continue;
    out.append(s, plain, i - plain);
    plain = i + 1;
    if (quote) {
      out += '\\';
      out += c;
    } else {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", c);
      out += escape;
    }
  }
  out.append(s, plain, s.size() - plain);
  out += '"';
}

template <class T, class Append> void appendArray(std::string& out, const std::vector<T>& items, Append append) {
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    append(out, items[i]);
  }
  out += ']';
}

/// One point as one line of JSON. Written by hand: a sweep writes hundreds of thousands of them.
std::string pointLine(const DesignSpace& space, const PointResult& r, std::size_t step, bool pareto) {
  std::string out;
  out.reserve(512); // a decode design's line is about 400 characters
  out += "{\"step\":";
  appendNumber(out, double(step));
  if (r.index) {
    out += ",\"index\":";
    out += std::to_string(*r.index);
  }
  out += ",\"values\":[";
  for (std::size_t i = 0; i < r.point.coordinates.size(); ++i) {
    if (i) out += ',';
    const auto v = valueOf(space, i, r.point.coordinates[i]);
    if (const auto* text = std::get_if<std::string>(&v)) appendString(out, *text);
    else appendNumber(out, std::get<double>(v));
  }
  out += "],\"feasible\":";
  out += r.feasible ? "true" : "false";
  out += ",\"objectives\":";
  appendArray(out, r.objectives, appendNumber);
  out += ",\"constraints\":";
  appendArray(out, r.constraints, appendNumber);
  if (!r.problems.empty()) {
    out += ",\"problems\":";
    appendArray(out, r.problems, appendString);
  }
  if (pareto) out += ",\"pareto\":true";
  out += '}';
  return out;
}

PointResult pointFrom(const DesignSpace& space, const io::JsonReader& r) {
  PointResult p;
  const auto values = r.array("values", true);
  if (values.size() != space.parameters.size())
    r.fail("values", "expected " + std::to_string(space.parameters.size()) + " values, one per parameter");
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto& d = space.parameters[i].domain;
    const auto& v = values[i].json();
    if (!d.discrete()) {
      if (!v.is_number()) values[i].failHere("expected a number");
      p.point.coordinates.push_back(v.get<double>());
      continue;
    }
    const ParameterValue value = v.is_number() ? ParameterValue(v.get<double>()) : ParameterValue(v.is_string() ? v.get<std::string>() : "");
    const auto it = std::find(d.values.begin(), d.values.end(), value);
    if (it == d.values.end()) values[i].failHere("not a value of parameter \"" + space.parameters[i].name + "\"");
    p.point.coordinates.push_back(double(it - d.values.begin()));
  }
  p.index = gridIndexOf(space, p.point);
  p.feasible = r.boolean("feasible", false);
  auto readNumbers = [&](const char* key, std::size_t count) {
    std::vector<double> out;
    for (const auto& e : r.array(key, true)) out.push_back(e.json().is_number() ? e.json().get<double>() : std::nan(""));
    if (out.size() != count) r.fail(key, "expected " + std::to_string(count) + " entries");
    return out;
  };
  p.objectives = readNumbers("objectives", space.objectives.size());
  p.constraints = readNumbers("constraints", space.constraints.size());
  if (r.has("problems"))
    for (const auto& e : r.array("problems", true)) p.problems.push_back(e.asString());
  return p;
}

ordered_json runJson(const RunInfo& run) {
  ordered_json j;
  j["method"] = run.method;
  j["seed"] = run.seed;
  if (run.budget) j["budget"] = *run.budget;
  if (run.method != "exhaustive") j["initial_points"] = run.initialPoints;
  if (run.shard) j["shard"] = {{"index", run.shard->index}, {"count", run.shard->count}};
  return j;
}

/// A seed or a count: a whole number that fits 64 bits. Converting a larger double is undefined
/// behaviour, so it is refused here.
std::uint64_t wholeNumber(const io::JsonReader& r, const std::string& key) {
  const auto& v = r.child(key).json();
  if (v.is_number_unsigned()) return v.get<std::uint64_t>(); // exact, up to 2^64 - 1
  const double d = r.nonNegative(key);
  if (d != std::floor(d) || d >= 18446744073709551616.0) r.fail(key, "expected a whole number below 2^64, got " + v.dump());
  return std::uint64_t(d);
}

std::uint64_t wholeNumber(const io::JsonReader& r, const std::string& key, std::uint64_t fallback) {
  return r.has(key) ? wholeNumber(r, key) : fallback;
}

RunInfo runFrom(const io::JsonReader& r) {
  RunInfo run;
  run.method = r.string("method");
  run.seed = wholeNumber(r, "seed");
  if (r.has("budget")) run.budget = wholeNumber(r, "budget");
  run.initialPoints = wholeNumber(r, "initial_points", 0);
  if (const auto s = r.optionalChild("shard")) run.shard = Shard{s->positiveInteger("index"), s->positiveInteger("count")};
  return run;
}

ordered_json referenceJson(const DesignSpace& space) {
  ordered_json ref;
  for (const auto& o : space.objectives) ref[o.metric] = o.reference;
  ref["note"] = "fixed per space (its file's objectives[].reference) so runs and methods compare; "
                "a design adds hypervolume only where it beats this point in every objective";
  return ref;
}

void writeDocument(std::ostream& out, ordered_json head, const std::vector<std::string>& pointLines) {
  // The head pretty-printed, then the points one per line, so the file reads and diffs well.
  std::string text = head.dump(2);
  text.pop_back(); // the closing brace
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  out << text << ",\n  \"points\": [";
  for (std::size_t i = 0; i < pointLines.size(); ++i) out << (i ? ",\n    " : "\n    ") << pointLines[i];
  out << (pointLines.empty() ? "]\n}\n" : "\n  ]\n}\n");
}
} // namespace

namespace {
/// Why a journal's inputs are not this run's: files edited, no longer read, or newly read.
std::string inputDifferences(const nlohmann::json& before, const std::map<std::string, std::string>& now) {
  std::vector<std::string> changes;
  if (before.is_object())
    for (auto it = before.begin(); it != before.end(); ++it) {
      const auto found = now.find(it.key());
      if (found == now.end()) changes.push_back(it.key() + " is no longer read");
      else if (!it.value().is_string() || it.value().get<std::string>() != found->second) changes.push_back(it.key() + " changed");
    }
  for (const auto& [file, digest] : now)
    if (!before.is_object() || !before.contains(file)) changes.push_back(file + " is read now but was not then");
  std::string text;
  for (std::size_t i = 0; i < changes.size() && i < 5; ++i) text += (i ? "; " : "") + changes[i];
  if (changes.size() > 5) text += "; and " + std::to_string(changes.size() - 5) + " more";
  return text;
}

std::string systemReason() { return std::strerror(errno); }
} // namespace

ExplorationJournal::ExplorationJournal(const std::string& path, const DesignSpace& space, const RunInfo& run, bool restart)
    : mSpace(space), mPath(path) {
  ordered_json header;
  header["format_version"] = 1;
  header["kind"] = "exploration_journal";
  header["run"] = runJson(run);
  header["space"] = ordered_json::parse(space.definition);
  header["inputs"] = run.inputs;
  const std::string headerLine = header.dump();
  std::ifstream in(path);
  if (restart) in.close();
  std::string line;
  if (in && std::getline(in, line) && !line.empty()) {
    const auto before = nlohmann::json::parse(line, nullptr, false);
    if (before.is_discarded() || !before.is_object() || before.value("kind", nlohmann::json()) != "exploration_journal")
      throw InputError(path, "line 1", "not an exploration journal; remove it or choose another --out");
    if (before.value("run", nlohmann::json()) != nlohmann::json::parse(header["run"].dump()) ||
        before.value("space", nlohmann::json()) != nlohmann::json::parse(header["space"].dump()))
      throw InputError(path, "line 1", "the journal belongs to another run (space, method, seed or shard differ); remove it "
                                       "or choose another --out");
    const std::string differences = inputDifferences(before.value("inputs", nlohmann::json()), run.inputs);
    if (!differences.empty())
      throw InputError(path, "line 1/inputs",
                       "the journal's points were evaluated from other presets (" + differences +
                           "); resuming would mix two worlds: run again with --restart to start over, or restore the presets");
    std::size_t lineNumber = 1;
    while (std::getline(in, line)) {
      ++lineNumber;
      if (in.eof() && !line.empty() && line.back() != '}') break; // cut short by a kill: evaluate again
      nlohmann::json j;
      try {
        j = nlohmann::json::parse(line);
      } catch (const nlohmann::json::parse_error&) {
        if (in.peek() == EOF) break; // the last line, cut short
        throw InputError(path, "line " + std::to_string(lineNumber), "not valid JSON");
      } catch (const nlohmann::json::out_of_range&) { // 1e400: the parser's other exception
        throw InputError(path, "line " + std::to_string(lineNumber), "a number out of range");
      }
      mPrevious.push_back(pointFrom(space, io::JsonReader(j, path, "line " + std::to_string(lineNumber))));
      mPreviousPoints.insert(mPrevious.back().point.coordinates);
    }
  }
  in.close();
  // Rewrite what was read (dropping a cut-short last line), then append.
  mFd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (mFd < 0) throw InputError(path, "", "cannot write the journal (" + systemReason() + ")");
  mBuffer = headerLine + "\n";
  for (std::size_t i = 0; i < mPrevious.size(); ++i) mBuffer += pointLine(space, mPrevious[i], i + 1, false) + "\n";
  write(true);
}

ExplorationJournal::~ExplorationJournal() {
  if (mFd < 0) return;
  try {
    write(true);
  } catch (const InputError&) {
    // Already reported by flush() where it mattered; a destructor must not throw.
  }
  ::close(mFd);
}

void ExplorationJournal::append(const PointResult& point) {
  if (mPreviousPoints.count(point.point.coordinates)) return;
  mBuffer += pointLine(mSpace, point, mPrevious.size() + (++mAppended), false);
  mBuffer += '\n';
  if (mAppended % 256 == 0) write(false);
}

void ExplorationJournal::flush() { write(true); }

void ExplorationJournal::write(bool sync) {
  for (std::size_t done = 0; done < mBuffer.size();) {
    const ssize_t n = ::write(mFd, mBuffer.data() + done, mBuffer.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw InputError(mPath, "", "cannot write the journal (" + systemReason() + ")");
    }
    done += std::size_t(n);
  }
  mBuffer.clear();
  // Checkpoints reach the disk at most once a second (an fsync costs milliseconds; a sweep
  // evaluates tens of thousands of points a second) and always at the end.
  const auto now = std::chrono::steady_clock::now();
  if (!sync && now - mLastSync < std::chrono::seconds(1)) return;
  if (::fsync(mFd) != 0) throw InputError(mPath, "", "cannot flush the journal to disk (" + systemReason() + ")");
  mLastSync = now;
}

void writeResults(std::ostream& out, const DesignSpace& space, const RunInfo& run, const ExplorationResult& result) {
  ordered_json head;
  head["format_version"] = 1;
  head["kind"] = "exploration_result";
  head["space"] = ordered_json::parse(space.definition);
  head["run"] = runJson(run);
  std::size_t feasible = 0;
  for (const auto& p : result.points) feasible += p.feasible ? 1 : 0;
  ordered_json summary;
  summary["points"] = result.points.size();
  summary["feasible"] = feasible;
  summary["pareto"] = result.pareto.size();
  if (run.designCount) summary["designs_in_space"] = run.designCount;
  summary["hypervolume"] = result.hypervolume;
  summary["cancelled"] = result.cancelled;
  head["summary"] = summary;
  head["hypervolume_reference"] = referenceJson(space);

  ordered_json pareto = ordered_json::array();
  for (auto i : result.pareto) {
    const auto& r = result.points[i];
    ordered_json p;
    p["step"] = i + 1;
    if (r.index) p["index"] = *r.index;
    ordered_json parameters;
    for (std::size_t k = 0; k < space.parameters.size(); ++k)
      parameters[space.parameters[k].name] = valueJson(valueOf(space, k, r.point.coordinates[k]));
    p["parameters"] = parameters;
    ordered_json objectives;
    for (std::size_t k = 0; k < space.objectives.size(); ++k) objectives[space.objectives[k].metric] = number(r.objectives[k]);
    p["objectives"] = objectives;
    ordered_json constraints;
    for (std::size_t k = 0; k < space.constraints.size(); ++k) constraints[space.constraints[k].metric] = number(r.constraints[k]);
    p["constraints"] = constraints;
    pareto.push_back(p);
  }
  head["pareto"] = pareto;
  if (!result.hypervolumeTrace.empty()) head["hypervolume_trace"] = numbers(result.hypervolumeTrace);

  std::vector<bool> onFront(result.points.size(), false);
  for (auto i : result.pareto) onFront[i] = true;
  std::vector<std::string> lines;
  lines.reserve(result.points.size());
  for (std::size_t i = 0; i < result.points.size(); ++i) lines.push_back(pointLine(space, result.points[i], i + 1, onFront[i]));
  writeDocument(out, std::move(head), lines);
}

ResultsFile readResults(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "", "cannot open the file");
  ResultsFile file;
  bool haveSpace = false;
  std::string topKey;
  std::size_t pointNumber = 0;
  // Points are converted as they are parsed and dropped from the JSON tree.
  auto callback = [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    // As io::parseJsonText does: printing the space below recurses once per level.
    if ((event == nlohmann::json::parse_event_t::object_start || event == nlohmann::json::parse_event_t::array_start) &&
        depth >= io::kMaxJsonDepth)
      throw InputError(path, "", "nested more than " + std::to_string(io::kMaxJsonDepth) + " levels deep");
    if (depth == 1 && event == nlohmann::json::parse_event_t::key) topKey = parsed.get<std::string>();
    if (depth == 1 && event == nlohmann::json::parse_event_t::object_end && topKey == "space" && !haveSpace) {
      file.space = parseDesignSpace(parsed.dump(), path + " (its space)");
      haveSpace = true;
    }
    if (depth == 2 && event == nlohmann::json::parse_event_t::object_end && topKey == "points") {
      if (!haveSpace) throw InputError(path, "/points", "the points come before the space");
      file.points.push_back(pointFrom(file.space, io::JsonReader(parsed, path, "/points/" + std::to_string(pointNumber++))));
      return false;
    }
    return true;
  };
  nlohmann::json head;
  try {
    head = nlohmann::json::parse(in, callback);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(path, "", "not valid JSON (" + io::parserMessage(e) + ")");
  } catch (const nlohmann::json::out_of_range&) {
    throw InputError(path, "", "a number out of range (larger than about 1.8e308)");
  }
  const io::JsonReader r(head, path);
  io::checkHeader(r, "exploration_result");
  if (!haveSpace) r.fail("space", "missing required field");
  file.run = runFrom(r.child("run"));
  const auto summary = r.child("summary");
  file.run.designCount = wholeNumber(summary, "designs_in_space", 0);
  file.cancelled = summary.boolean("cancelled", false);
  return file;
}

ResultsFile mergeResults(const std::vector<std::string>& paths) {
  if (paths.empty()) throw InputError("merge", "", "no results files given");
  ResultsFile merged;
  std::map<int, std::string> shards;
  for (const auto& path : paths) {
    auto part = readResults(path);
    if (part.run.method != "exhaustive") throw InputError(path, "/run/method", "only exhaustive sweeps are merged");
    if (part.cancelled) throw InputError(path, "/summary/cancelled", "this shard was stopped before it finished; resume it first");
    const int count = part.run.shard ? part.run.shard->count : 1;
    const int index = part.run.shard ? part.run.shard->index : 1;
    if (shards.empty()) {
      merged.space = part.space;
      merged.run = part.run;
      merged.run.shard.reset();
    } else if (part.space.definition != merged.space.definition || part.run.seed != merged.run.seed) {
      throw InputError(path, "/space", "another design space or seed than " + paths.front());
    }
    if (!shards.emplace(index, path).second) throw InputError(path, "/run/shard", "shard " + std::to_string(index) + " given twice");
    if (count != int(paths.size()))
      throw InputError(path, "/run/shard", "a shard of " + std::to_string(count) + ", but " + std::to_string(paths.size()) + " files were given");
    for (auto& p : part.points) merged.points.push_back(std::move(p));
  }
  std::stable_sort(merged.points.begin(), merged.points.end(),
                   [](const PointResult& a, const PointResult& b) { return a.index.value_or(0) < b.index.value_or(0); });
  return merged;
}

ExactFront readExactFront(const std::string& path, const DesignSpace& space) {
  const auto file = readResults(path);
  if (file.space.definition != space.definition) throw InputError(path, "/space", "the exact front comes from another design space");
  if (file.run.method != "exhaustive" || file.run.shard || file.run.budget)
    throw InputError(path, "/run", "the exact front needs a complete exhaustive sweep (merge shards first)");
  return {hypervolumeOf(file.space, file.points),
          "exhaustive sweep of " + std::to_string(file.points.size()) + " designs (" + path + ")"};
}

void writeConvergence(std::ostream& out, const DesignSpace& space, const ConvergenceResult& study) {
  ordered_json doc;
  doc["format_version"] = 1;
  doc["kind"] = "convergence_study";
  doc["space"] = ordered_json::parse(space.definition);
  doc["budget"] = study.methodOptions.budget;
  doc["initial_points"] = study.methodOptions.initialPoints;
  doc["hypervolume_reference"] = referenceJson(space);
  doc["exact"] = {{"hypervolume", study.exactHypervolume}, {"source", study.exactSource}};
  doc["statistics"] = "mean and sample standard deviation over seeds of the hypervolume after each step (step 1 first)";
  ordered_json methods = ordered_json::array();
  for (const auto& m : study.methods) {
    ordered_json j;
    j["method"] = m.method;
    j["seeds"] = m.seeds;
    j["final_ratio_mean"] = m.meanFinalRatio;
    j["final_ratio_std"] = m.stddevFinalRatio;
    j["final_ratio"] = m.finalRatio;
    j["mean"] = numbers(m.mean);
    j["std"] = numbers(m.stddev);
    ordered_json traces = ordered_json::array();
    for (const auto& t : m.traces) traces.push_back(numbers(t));
    j["traces"] = traces;
    methods.push_back(j);
  }
  doc["methods"] = methods;
  out << doc.dump(2) << "\n";
}

} // namespace llmwb
