// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/params/param_table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace llmwb::params {

namespace {
std::string number(double v) { return v >= 1e15 ? "∞" : numberText(v); }

std::string joined(const std::vector<std::string>& names, const std::string& separator) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : separator) + n;
  return out;
}

std::string typeName(const FieldInfo& f) {
  switch (f.type) {
  case FieldType::Integer: return f.special ? "whole number or \"" + f.special->name + "\"" : "whole number";
  case FieldType::Real: return "number";
  case FieldType::Choice: return "choice";
  case FieldType::Text: return "text";
  case FieldType::Boolean: return "true/false";
  }
  return "number";
}

std::string rangeText(const FieldInfo& f) {
  if (f.type == FieldType::Choice) return joined(f.choices, ", ");
  if (f.type == FieldType::Text || f.type == FieldType::Boolean) return "";
  // Appended piecewise: GCC 12 warns wrongly (-Wrestrict) on literal + std::string.
  std::string low(f.range.minExclusive ? "> " : "≥ ");
  low.append(number(f.range.min));
  if (f.range.max >= 1e15) return low;
  std::string interval(f.range.minExclusive ? "(" : "[");
  return interval.append(number(f.range.min)).append(", ").append(number(f.range.max)).append("]");
}

/// Keeps a table cell on one line.
std::string cell(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}
} // namespace

std::string numberText(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", v);
  return buffer;
}

std::string quotedList(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + ("\"" + names[i] + "\"");
  return out;
}

double numberOf(const FieldValue& v, const std::string& key) {
  if (const double* d = std::get_if<double>(&v)) return *d;
  throw FieldError(key, key + " takes numbers, not \"" + std::get<std::string>(v) + "\"");
}

const std::string& textOf(const FieldValue& v, const std::string& key) {
  if (const std::string* s = std::get_if<std::string>(&v)) return *s;
  throw FieldError(key, key + " takes names, not the number " + number(std::get<double>(v)));
}

std::string valueText(const FieldInfo& field, const FieldValue& value) {
  if (const std::string* s = std::get_if<std::string>(&value)) return *s;
  const double d = std::get<double>(value);
  if (field.special && field.type == FieldType::Integer && d == field.special->value) return field.special->name;
  if (field.type == FieldType::Boolean) return d != 0 ? "true" : "false";
  return number(d);
}

FieldValue checkValue(const FieldInfo& f, const FieldValue& value) {
  switch (f.type) {
  case FieldType::Choice: {
    const std::string& s = textOf(value, f.key);
    if (std::find(f.choices.begin(), f.choices.end(), s) == f.choices.end())
      throw FieldError(f.key, f.key + " takes " + joined(f.choices, ", ") + ", not \"" + s + "\"");
    return value;
  }
  case FieldType::Text: return FieldValue(textOf(value, f.key));
  case FieldType::Integer:
    if (f.special && std::holds_alternative<std::string>(value) && std::get<std::string>(value) == f.special->name)
      return FieldValue(double(f.special->value));
    break;
  case FieldType::Boolean:
    if (const std::string* s = std::get_if<std::string>(&value)) {
      if (*s == "true") return FieldValue(1.0);
      if (*s == "false") return FieldValue(0.0);
      throw FieldError(f.key, f.key + " takes true or false, not \"" + *s + "\"");
    }
    if (numberOf(value, f.key) != 0 && numberOf(value, f.key) != 1)
      throw FieldError(f.key, f.key + " takes true or false, not " + number(numberOf(value, f.key)));
    return value;
  case FieldType::Real: break;
  }
  const double d = numberOf(value, f.key);
  const bool whole = f.type == FieldType::Integer;
  const bool low = f.range.minExclusive ? d > f.range.min : d >= f.range.min;
  if (!std::isfinite(d) || !low || d > f.range.max || (whole && d != std::floor(d))) {
    const std::string what = whole ? "whole numbers" : "numbers";
    throw FieldError(f.key, f.key + " takes " + what + " " + rangeText(f) + (f.unit.empty() ? "" : " " + f.unit) + ", not " +
                                number(d));
  }
  return FieldValue(d);
}

std::string markdownTable(const std::vector<FieldInfo>& fields) {
  std::string out = "| key | type | unit | default | range | meaning | source |\n|---|---|---|---|---|---|---|\n";
  for (const auto& f : fields) {
    const std::string def = f.required ? "required" : f.optional ? "optional" : valueText(f, f.defaultValue);
    out += "| `" + f.key + "` | " + typeName(f) + " | " + cell(f.unit) + " | " + cell(def) + " | " + cell(rangeText(f)) +
           " | " + cell(f.doc) + (f.special ? cell("; \"" + f.special->name + "\": " + f.special->meaning) : "") + " | " +
           cell(f.source) + " |\n";
  }
  return out;
}

} // namespace llmwb::params
