// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/param_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace llmwb::io {

namespace {
using params::quotedList;
std::string number(double v) { return params::numberText(v); }
} // namespace

double tidy(double v) {
  if (v == 0 || !std::isfinite(v)) return v;
  const double scale = std::pow(10.0, 12 - int(std::ceil(std::log10(std::abs(v)))));
  return std::round(v * scale) / scale;
}

params::FieldValue JsonParamReader::value(const params::FieldInfo& f) const {
  const JsonReader& r = mReader;
  const std::string& key = f.key;
  const JsonReader v = r.child(key); // "missing required field" when absent
  switch (f.type) {
  case params::FieldType::Text: return r.string(key);
  case params::FieldType::Boolean: return r.boolean(key, false) ? 1.0 : 0.0;
  case params::FieldType::Choice: {
    const std::string s = r.string(key);
    if (std::find(f.choices.begin(), f.choices.end(), s) == f.choices.end())
      r.fail(key, "expected " + quotedList(f.choices) + ", got \"" + s + "\"");
    return s;
  }
  case params::FieldType::Integer: {
    if (f.special && v.json().is_string()) {
      if (r.string(key) != f.special->name) r.fail(key, "expected a whole number or \"" + f.special->name + "\"");
      return double(f.special->value);
    }
    double d = 0;
    if (f.range.min >= 1) {
      d = r.positiveInteger(key);
    } else {
      d = r.nonNegative(key);
      if (d != std::floor(d)) r.fail(key, "expected a whole number, got " + v.json().dump());
    }
    if (d < f.range.min || d > f.range.max)
      r.fail(key, "expected a whole number from " + number(f.range.min) + " to " + number(f.range.max) + ", got " + v.json().dump());
    return d;
  }
  case params::FieldType::Real: break;
  }
  double d = 0;
  if (f.range.min == 0 && f.range.max == 1) {
    d = r.fraction(key, 0);
    if (f.range.minExclusive && d <= 0) r.fail(key, "must be above 0");
    return d;
  }
  if (f.range.min == 0) d = f.range.minExclusive ? r.positive(key) : r.nonNegative(key);
  else d = r.number(key);
  const bool low = f.range.minExclusive ? d > f.range.min : d >= f.range.min;
  if (!low || d > f.range.max)
    r.fail(key, "expected a number " + std::string(f.range.minExclusive ? "above " : "from ") + number(f.range.min) + " to " +
                    number(f.range.max) + (f.unit.empty() ? "" : " " + f.unit) + ", got " + v.json().dump());
  return d;
}

std::vector<int> JsonParamReader::integers(const std::string& key, const params::Range& range) const {
  std::vector<int> out;
  for (const auto& e : mReader.array(key)) {
    const auto& j = e.json();
    if (!j.is_number_integer() || j.get<double>() < range.min || j.get<double>() > range.max)
      e.failHere("expected a whole number of at least " + number(range.min));
    out.push_back(j.get<int>());
  }
  return out;
}

std::unique_ptr<params::ParamReader> JsonParamReader::child(const std::string& key) const {
  return std::make_unique<JsonParamReader>(mReader.child(key));
}

void JsonParamWriter::value(const params::FieldInfo& f, const params::FieldValue& value) {
  auto& slot = (*mOut)[f.key];
  if (const auto* s = std::get_if<std::string>(&value)) {
    slot = *s;
    return;
  }
  const double d = std::get<double>(value);
  if (f.type == params::FieldType::Boolean) {
    slot = d != 0;
  } else if (f.type == params::FieldType::Integer) {
    if (f.special && d == f.special->value) slot = f.special->name;
    else slot = static_cast<long long>(d);
  } else {
    slot = tidy(d);
  }
}

std::unique_ptr<params::ParamWriter> JsonParamWriter::child(const std::string& key) {
  auto& slot = (*mOut)[key];
  if (!slot.is_object()) slot = nlohmann::json::object();
  return std::make_unique<JsonParamWriter>(slot);
}

} // namespace llmwb::io
