// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/json_reader.h"

#include "core/io/read_log.h"
#include "core/params/param_table.h"

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_set>

namespace llmwb::io {

namespace {
std::string typeName(const nlohmann::json& j) {
  if (j.is_null()) return "null";
  if (j.is_boolean()) return "a boolean";
  if (j.is_number()) return "a number (" + j.dump() + ")";
  if (j.is_string()) return "a string (" + j.dump() + ")";
  if (j.is_array()) return "an array";
  return "an object";
}
} // namespace

JsonReader::JsonReader(const nlohmann::json& value, std::string file, std::string path)
    : mValue(&value), mFile(std::move(file)), mPath(std::move(path)) {}

void JsonReader::fail(const std::string& key, const std::string& message) const {
  throw InputError(mFile, pathOf(key), message);
}

void JsonReader::failHere(const std::string& message) const {
  throw InputError(mFile, mPath.empty() ? "/" : mPath, message);
}

bool JsonReader::has(const std::string& key) const {
  return mValue->is_object() && mValue->contains(key) && !(*mValue)[key].is_null();
}

JsonReader JsonReader::child(const std::string& key) const {
  if (!mValue->is_object()) failHere("expected an object, got " + typeName(*mValue));
  if (!has(key)) fail(key, "missing required field");
  return JsonReader((*mValue)[key], mFile, pathOf(key));
}

std::optional<JsonReader> JsonReader::optionalChild(const std::string& key) const {
  if (!has(key)) return std::nullopt;
  return child(key);
}

std::vector<JsonReader> JsonReader::array(const std::string& key, bool allowEmpty) const {
  const auto c = child(key);
  if (!c.json().is_array()) fail(key, "expected an array, got " + typeName(c.json()));
  if (!allowEmpty && c.json().empty()) fail(key, "expected at least one entry");
  return c.elements();
}

std::vector<JsonReader> JsonReader::elements() const {
  if (!mValue->is_array()) failHere("expected an array, got " + typeName(*mValue));
  std::vector<JsonReader> out;
  for (std::size_t i = 0; i < mValue->size(); ++i) out.emplace_back((*mValue)[i], mFile, mPath + "/" + std::to_string(i));
  return out;
}

std::vector<std::pair<std::string, JsonReader>> JsonReader::members() const {
  if (!mValue->is_object()) failHere("expected an object, got " + typeName(*mValue));
  std::vector<std::pair<std::string, JsonReader>> out;
  for (auto it = mValue->begin(); it != mValue->end(); ++it)
    out.emplace_back(it.key(), JsonReader(it.value(), mFile, pathOf(it.key())));
  return out;
}

std::string JsonReader::string(const std::string& key) const {
  const auto c = child(key);
  if (!c.json().is_string()) fail(key, "expected a string, got " + typeName(c.json()));
  return c.json().get<std::string>();
}

std::string JsonReader::string(const std::string& key, const std::string& fallback) const {
  return has(key) ? string(key) : fallback;
}

std::string JsonReader::asString() const {
  if (!mValue->is_string()) failHere("expected a string, got " + typeName(*mValue));
  return mValue->get<std::string>();
}

double JsonReader::number(const std::string& key) const {
  const auto c = child(key);
  if (!c.json().is_number()) fail(key, "expected a number, got " + typeName(c.json()));
  const double v = c.json().get<double>();
  if (!std::isfinite(v)) fail(key, "expected a finite number");
  return v;
}

double JsonReader::number(const std::string& key, double fallback) const { return has(key) ? number(key) : fallback; }

double JsonReader::numberIn(const std::string& key, double min, double max) const {
  const double v = number(key);
  if (v < min || v > max) fail(key, "expected a number from " + params::numberText(min) + " to " + params::numberText(max) + ", got " + child(key).json().dump());
  return v;
}

double JsonReader::positive(const std::string& key) const {
  const double v = number(key);
  if (!(v > 0)) fail(key, "expected a positive number, got " + (*mValue)[key].dump());
  return v;
}

double JsonReader::positive(const std::string& key, double fallback) const { return has(key) ? positive(key) : fallback; }

double JsonReader::nonNegative(const std::string& key) const {
  const double v = number(key);
  if (v < 0) fail(key, "expected zero or a positive number, got " + (*mValue)[key].dump());
  return v;
}

double JsonReader::nonNegative(const std::string& key, double fallback) const {
  return has(key) ? nonNegative(key) : fallback;
}

double JsonReader::fraction(const std::string& key, double fallback) const {
  if (!has(key)) return fallback;
  const double v = number(key);
  if (v < 0 || v > 1) fail(key, "expected a fraction between 0 and 1, got " + (*mValue)[key].dump());
  return v;
}

int JsonReader::positiveInteger(const std::string& key) const {
  const auto c = child(key);
  if (!c.json().is_number_integer() && !(c.json().is_number() && std::floor(c.json().get<double>()) == c.json().get<double>()))
    fail(key, "expected a whole number, got " + typeName(c.json()));
  const double v = c.json().get<double>();
  if (v < 1 || v > 1e9) fail(key, "expected a whole number of at least 1, got " + c.json().dump());
  return static_cast<int>(v);
}

int JsonReader::positiveInteger(const std::string& key, int fallback) const {
  return has(key) ? positiveInteger(key) : fallback;
}

std::int64_t JsonReader::wholeNumber(const std::string& key, std::int64_t min, std::int64_t max) const {
  const auto c = child(key);
  if (!c.json().is_number()) fail(key, "expected a whole number, got " + typeName(c.json()));
  const double v = c.json().get<double>();
  const std::string expected = "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max);
  if (std::floor(v) != v) fail(key, expected + ", got " + c.json().dump());
  if (v < double(min) || v > double(max)) fail(key, expected + ", got " + c.json().dump());
  return static_cast<std::int64_t>(v);
}

std::int64_t JsonReader::wholeNumber(const std::string& key, std::int64_t min, std::int64_t max, std::int64_t fallback) const {
  return has(key) ? wholeNumber(key, min, max) : fallback;
}

bool JsonReader::boolean(const std::string& key, bool fallback) const {
  if (!has(key)) return fallback;
  const auto c = child(key);
  if (!c.json().is_boolean()) fail(key, "expected true or false, got " + typeName(c.json()));
  return c.json().get<bool>();
}

void JsonReader::allowOnly(const std::vector<std::string>& known) const {
  // A block of fields that is not an object ("power": 300, "quantisation": "FP8", a list) would
  // otherwise read as a block with every field at its default: a different design than written.
  if (!mValue->is_object()) failHere("expected an object (a block of fields), got " + typeName(*mValue));
  for (auto it = mValue->begin(); it != mValue->end(); ++it)
    if (std::find(known.begin(), known.end(), it.key()) == known.end()) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      fail(it.key(), "unknown field (expected one of: " + list + ")");
    }
}

namespace {
/// Where the parser is, for messages: one frame per open object or array.
struct ParseFrame {
  bool object = false;
  std::unordered_set<std::string> keys;
  std::string key;
  long index = -1;
};

std::string pointerOf(const std::vector<ParseFrame>& frames) {
  std::string path;
  for (const auto& f : frames) {
    if (f.object && !f.key.empty()) path += "/" + f.key;
    else if (!f.object && f.index >= 0) path += "/" + std::to_string(f.index);
  }
  return path.empty() ? "/" : path;
}
} // namespace

nlohmann::json parseJsonText(const std::string& text, const std::string& origin) {
  // The parser is iterative, but copying, printing and reading a value recurse: nesting is
  // limited before anything else sees the document. A key given twice in one object is an error
  // (nlohmann would silently keep the last).
  std::vector<ParseFrame> frames;
  const auto callback = [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    switch (event) {
    case Event::object_start:
    case Event::array_start:
      if (!frames.empty() && !frames.back().object) ++frames.back().index;
      if (depth >= kMaxJsonDepth)
        throw InputError(origin, pointerOf(frames),
                         "nested more than " + std::to_string(kMaxJsonDepth) + " levels deep; no workbench file needs that");
      frames.push_back({event == Event::object_start, {}, {}, -1});
      break;
    case Event::key:
      if (!frames.empty()) {
        auto& f = frames.back();
        f.key = parsed.get<std::string>();
        if (!f.keys.insert(f.key).second) throw InputError(origin, pointerOf(frames), "the key is given twice in one object");
      }
      break;
    case Event::value:
      if (!frames.empty() && !frames.back().object) ++frames.back().index;
      break;
    case Event::object_end:
    case Event::array_end:
      if (!frames.empty()) frames.pop_back();
      break;
    }
    return true;
  };
  // Line and column of a byte offset (1-based), for people.
  const auto where = [&](std::size_t byte) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
      if (text[i] == '\n') { ++line; column = 1; }
      else ++column;
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
  };
  // The parser takes a NUL byte for the end of the input: what follows it would be ignored.
  if (const auto nul = text.find('\0'); nul != std::string::npos)
    throw InputError(origin, where(nul + 1), "a NUL byte: a JSON file holds text only (is this the right file?)");
  try {
    return nlohmann::json::parse(text, callback);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(origin, where(e.byte),
                     "not valid JSON (" + std::string(e.what()).substr(std::string(e.what()).find(':') + 2) + ")");
  } catch (const nlohmann::json::out_of_range&) {
    // A number too large for a double (1e400): name where the parser was.
    throw InputError(origin, pointerOf(frames), "a number out of range (larger than about 1.8e308)");
  }
}

std::string parserMessage(const nlohmann::json::parse_error& e) {
  const std::string what = e.what();
  const auto tag = what.find("] ");
  return what.starts_with("[json.exception") && tag != std::string::npos ? what.substr(tag + 2) : what;
}

nlohmann::json parseJsonFile(const std::string& path) {
  // What is at the path, said as it is: a folder or a broken link is not "not valid JSON".
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::is_symlink(std::filesystem::symlink_status(path, ec)) && !std::filesystem::exists(status))
    throw InputError(path, "", "a symbolic link to nothing (" + std::filesystem::read_symlink(path, ec).string() + " does not exist)");
  if (std::filesystem::is_directory(status)) throw InputError(path, "", "a folder, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "", std::string("cannot open the file (") + std::strerror(errno) + ")");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(path, "", std::string("cannot read the file (") + std::strerror(errno) + ")");
  ReadLog::record(path, text.str());
  return parseJsonText(text.str(), path);
}

void checkHeader(const JsonReader& r, const std::string& expectedKind, int newestVersion) {
  if (!r.json().is_object()) r.failHere("expected a JSON object at the top level");
  const double version = r.number("format_version", 1);
  if (version < 1 || version > newestVersion || version != static_cast<int>(version))
    r.fail("format_version", "this workbench reads format_version 1" +
                                 (newestVersion > 1 ? " to " + std::to_string(newestVersion) : std::string()) + ", the file has " +
                                 r.json().at("format_version").dump());
  const std::string kind = r.string("kind", expectedKind);
  if (kind != expectedKind) r.fail("kind", "expected \"" + expectedKind + "\", got \"" + kind + "\"");
}

} // namespace llmwb::io
