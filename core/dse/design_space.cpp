// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dse/design_space.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace llmwb::dse {

std::string toString(const ParameterValue& v) {
  if (const auto* s = std::get_if<std::string>(&v)) return *s;
  const double d = std::get<double>(v);
  char text[32];
  if (d == std::floor(d) && std::abs(d) < 1e15) std::snprintf(text, sizeof text, "%.0f", d);
  else std::snprintf(text, sizeof text, "%.17g", d);
  return text;
}

bool Domain::numeric() const {
  return std::all_of(values.begin(), values.end(), [](const ParameterValue& v) { return std::holds_alternative<double>(v); });
}

std::string_view toString(Direction d) { return d == Direction::Maximise ? "maximise" : "minimise"; }

const Parameter* DesignSpace::parameter(const std::string& parameterName) const {
  const auto i = parameterIndex(parameterName);
  return i < parameters.size() ? &parameters[i] : nullptr;
}

std::size_t DesignSpace::parameterIndex(const std::string& parameterName) const {
  for (std::size_t i = 0; i < parameters.size(); ++i)
    if (parameters[i].name == parameterName) return i;
  return parameters.size();
}

} // namespace llmwb::dse
