// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to core/io: the only header besides core/io/*.cpp that sees nlohmann::json.

#include "core/io/input_error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llmwb::io {

/// A view of one JSON value that knows the file it came from and its path in it, so every
/// complaint names both. Numbers are checked for range where the caller asks.
class JsonReader {
public:
  JsonReader(const nlohmann::json& value, std::string file, std::string path = "");

  const nlohmann::json& json() const { return *mValue; }
  const std::string& file() const { return mFile; }
  const std::string& path() const { return mPath; }
  std::string pathOf(const std::string& key) const { return mPath + "/" + key; }

  bool has(const std::string& key) const;
  JsonReader child(const std::string& key) const; ///< required object or value
  std::optional<JsonReader> optionalChild(const std::string& key) const;
  std::vector<JsonReader> array(const std::string& key, bool allowEmpty = false) const;
  std::vector<JsonReader> elements() const; ///< this value as an array
  std::vector<std::pair<std::string, JsonReader>> members() const; ///< this value as an object

  std::string string(const std::string& key) const;
  std::string string(const std::string& key, const std::string& fallback) const;
  std::string asString() const;
  double number(const std::string& key) const;
  double number(const std::string& key, double fallback) const;
  /// A number in [min, max] (a metric's bound, a reference point: finite and of a size results can hold).
  double numberIn(const std::string& key, double min, double max) const;
  double positive(const std::string& key) const;                   ///< > 0
  double positive(const std::string& key, double fallback) const;
  double nonNegative(const std::string& key) const;                ///< >= 0
  double nonNegative(const std::string& key, double fallback) const;
  double fraction(const std::string& key, double fallback) const;  ///< in [0, 1]
  int positiveInteger(const std::string& key) const;
  int positiveInteger(const std::string& key, int fallback) const;
  /// A whole number in [min, max]: counts that size work (segments, budgets, devices) get a cap.
  std::int64_t wholeNumber(const std::string& key, std::int64_t min, std::int64_t max) const;
  std::int64_t wholeNumber(const std::string& key, std::int64_t min, std::int64_t max, std::int64_t fallback) const;
  bool boolean(const std::string& key, bool fallback) const;

  [[noreturn]] void fail(const std::string& key, const std::string& message) const;
  [[noreturn]] void failHere(const std::string& message) const;

  /// Rejects keys not in `known` (catches typos such as "bandwith_GBps"), and a value that is not
  /// an object at all (a block given as a number, a string or a list).
  void allowOnly(const std::vector<std::string>& known) const;

private:
  const nlohmann::json* mValue;
  std::string mFile;
  std::string mPath;
};

/// Deepest nesting of objects and arrays a file may have (shipped files need about 10).
inline constexpr int kMaxJsonDepth = 64;

/// Parses a file into JSON; syntax errors become InputErrors with line and column, a key given
/// twice in one object or nesting deeper than kMaxJsonDepth become InputErrors naming the field.
nlohmann::json parseJsonFile(const std::string& path);
nlohmann::json parseJsonText(const std::string& text, const std::string& origin);

/// The JSON parser's account of a syntax error without the library's "[json.exception...]" tag
/// ("parse error at line 1, column 1: syntax error while parsing value - unexpected end of
/// input; ..."), for messages that cannot name the line and column themselves.
std::string parserMessage(const nlohmann::json::parse_error& e);

/// Checks `format_version` (1 is the only version so far) and `kind`.
void checkHeader(const JsonReader& r, const std::string& expectedKind, int newestVersion = 1);

} // namespace llmwb::io
