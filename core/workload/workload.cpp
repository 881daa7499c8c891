// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/workload/workload.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>

namespace llmwb {

namespace {
std::optional<long long> parseCount(std::string_view text, std::string* error) {
  std::string s(text);
  double factor = 1.0;
  if (!s.empty()) {
    const char last = static_cast<char>(std::toupper(static_cast<unsigned char>(s.back())));
    if (last == 'K') factor = 1e3;
    if (last == 'M') factor = 1e6;
    if (factor != 1.0) s.pop_back();
  }
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v)) {
    if (error) *error = std::string(1, '\'').append(text).append("' is not a token count (expected e.g. 90000, 90K or 1.4K)");
    return std::nullopt;
  }
  const double tokens = std::round(v * factor);
  if (tokens < 1.0 || tokens > 1e9) {
    if (error) *error = "token count '" + std::string(text) + "' must be between 1 and 1e9";
    return std::nullopt;
  }
  return static_cast<long long>(tokens);
}
} // namespace

std::optional<Workload> parseWorkloadPair(std::string_view text, std::string* error) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos || text.find(':', colon + 1) != std::string_view::npos) {
    if (error) *error = "expected IN:OUT, for example 90000:8000 or 90K:8K";
    return std::nullopt;
  }
  const auto in = parseCount(text.substr(0, colon), error);
  if (!in) return std::nullopt;
  const auto out = parseCount(text.substr(colon + 1), error);
  if (!out) return std::nullopt;
  Workload w;
  w.id = std::string(text);
  w.name = std::to_string(*in) + " in / " + std::to_string(*out) + " out";
  w.inputTokens = *in;
  w.outputTokens = *out;
  w.source = "given on the command line";
  return w;
}

} // namespace llmwb
