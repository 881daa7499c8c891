// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/trace_reader.h"

#include "core/io/json_reader.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace llmwb::io {

namespace {

constexpr std::array<const char*, 3> kColumns{"arrival_s", "input_tokens", "output_tokens"};

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return {};
  return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

bool skipped(const std::string& line) {
  const auto t = trim(line);
  return t.empty() || t[0] == '#';
}

std::vector<std::string> splitCsv(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) out.push_back(trim(cell));
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

double csvNumber(const std::string& text, const std::string& origin, const std::string& field) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v))
    throw InputError(origin, field, "expected a number, got '" + text + "'");
  return v;
}

/// The most requests a trace may hold: a day of a large service at ~100 requests/s.
constexpr std::size_t kMaxTraceRequests = 10'000'000;

/// One request, checked and appended to `out`; arrivals must not go back in time (the simulator
/// admits requests in file order).
void append(std::vector<serving::RequestSpec>& out, double arrival, double input, double output, const std::string& origin,
            const std::string& line) {
  if (arrival < 0 || arrival > 1e9) throw InputError(origin, line + "/arrival_s", "expected an arrival time from 0 to 1e9 s");
  if (!out.empty() && arrival < out.back().arrival.value())
    throw InputError(origin, line + "/arrival_s",
                     "arrivals go back in time (" + std::to_string(arrival) + " s after " +
                         std::to_string(out.back().arrival.value()) + " s); sort the trace by arrival_s");
  if (out.size() >= kMaxTraceRequests)
    throw InputError(origin, line, "a trace may hold at most " + std::to_string(kMaxTraceRequests) + " requests");
  if (input < 1 || input != std::floor(input) || input > 1e9)
    throw InputError(origin, line + "/input_tokens", "expected a whole number of tokens >= 1");
  if (output < 1 || output != std::floor(output) || output > 1e9)
    throw InputError(origin, line + "/output_tokens", "expected a whole number of tokens >= 1");
  out.push_back({Seconds(arrival), static_cast<long long>(input), static_cast<long long>(output)});
}

std::vector<serving::RequestSpec> parseCsv(std::istream& in, const std::string& origin) {
  std::vector<serving::RequestSpec> out;
  std::array<int, 3> column{-1, -1, -1};
  bool header = false;
  int lineNumber = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNumber;
    if (skipped(line)) continue;
    const auto cells = splitCsv(line);
    const std::string where = "line " + std::to_string(lineNumber);
    if (!header) {
      for (std::size_t c = 0; c < cells.size(); ++c)
        for (std::size_t k = 0; k < kColumns.size(); ++k)
          if (cells[c] == kColumns[k]) column[k] = int(c);
      for (std::size_t k = 0; k < kColumns.size(); ++k)
        if (column[k] < 0)
          throw InputError(origin, where, std::string("expected a header naming the column ") + kColumns[k] +
                                              " (arrival_s,input_tokens,output_tokens)");
      header = true;
      continue;
    }
    std::array<double, 3> v{};
    for (std::size_t k = 0; k < kColumns.size(); ++k) {
      const auto c = std::size_t(column[k]);
      if (c >= cells.size()) throw InputError(origin, where + "/" + kColumns[k], "missing value");
      v[k] = csvNumber(cells[c], origin, where + "/" + kColumns[k]);
    }
    append(out, v[0], v[1], v[2], origin, where);
  }
  if (!header) throw InputError(origin, "", "empty trace: expected a header arrival_s,input_tokens,output_tokens");
  return out;
}

std::vector<serving::RequestSpec> parseJsonLines(std::istream& in, const std::string& origin) {
  std::vector<serving::RequestSpec> out;
  int lineNumber = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNumber;
    if (skipped(line)) continue;
    const std::string where = "line " + std::to_string(lineNumber);
    nlohmann::json value;
    try {
      value = nlohmann::json::parse(line);
    } catch (const nlohmann::json::parse_error& e) {
      const std::string what = e.what(); // "[json.exception.parse_error.101] parse error at ...: why"
      throw InputError(origin, where, "not a JSON object (" + what.substr(what.find(':') + 2) + ")");
    } catch (const nlohmann::json::out_of_range&) { // 1e400: the parser's other exception
      throw InputError(origin, where, "a number out of range (larger than about 1.8e308)");
    }
    if (!value.is_object()) throw InputError(origin, where, "expected a JSON object");
    const JsonReader r(value, origin, where);
    append(out, r.nonNegative("arrival_s"), r.positive("input_tokens"), r.positive("output_tokens"), origin, where);
  }
  return out;
}

} // namespace

std::vector<serving::RequestSpec> parseTrace(const std::string& text, const std::string& origin, bool jsonLines) {
  // A spreadsheet saves UTF-8 CSV with a byte-order mark before the header: not part of the text.
  const bool bom = text.rfind("\xEF\xBB\xBF", 0) == 0;
  std::istringstream in(bom ? text.substr(3) : text);
  return jsonLines ? parseJsonLines(in, origin) : parseCsv(in, origin);
}

std::vector<serving::RequestSpec> readTrace(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw InputError(path, "", "cannot open the trace file");
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string text = buffer.str();
  const auto first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  const bool jsonLines = (path.size() >= 6 && path.compare(path.size() - 6, 6, ".jsonl") == 0) ||
                         (first != std::string::npos && text[first] == '{');
  auto requests = parseTrace(text, path, jsonLines);
  if (requests.empty()) throw InputError(path, "", "the trace has no requests");
  return requests;
}

} // namespace llmwb::io
