// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reading and writing a table's fields through an abstract view of one preset object, so that a
// compute kind's folder reads its own block without seeing JSON: core/io implements the views
// over nlohmann::json (core/io/param_json.h).

#include "core/params/param_table.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace llmwb::params {

/// One object of an input file. Every failure is an InputError naming the file and the field.
class ParamReader {
public:
  virtual ~ParamReader() = default;
  virtual bool has(const std::string& key) const = 0;
  /// The value at `key` checked against the field (type, range, choices, special value); a missing
  /// key fails as "missing required field".
  virtual FieldValue value(const FieldInfo& field) const = 0;
  /// A whole-number array at `key` (each element checked against `range`).
  virtual std::vector<int> integers(const std::string& key, const Range& range) const = 0;
  virtual std::unique_ptr<ParamReader> child(const std::string& key) const = 0;
  virtual void allowOnly(const std::vector<std::string>& keys) const = 0;
  [[noreturn]] virtual void fail(const std::string& key, const std::string& message) const = 0;
  [[noreturn]] virtual void failHere(const std::string& message) const = 0;
};

/// One object of an output document.
class ParamWriter {
public:
  virtual ~ParamWriter() = default;
  virtual void value(const FieldInfo& field, const FieldValue& value) = 0;
  virtual void integers(const std::string& key, const std::vector<int>& values) = 0;
  virtual std::unique_ptr<ParamWriter> child(const std::string& key) = 0;
};

/// Reads every field of `table` that the object has (those in `only` when it is not empty);
/// required fields must be there, the others keep the spec's value. A FieldError from a setter
/// fails at its key.
template <class Spec>
void readFields(const ParamTable<Spec>& table, const ParamReader& r, Spec& spec, const std::vector<std::string>& only = {}) {
  for (const auto& f : table.fields()) {
    if (!only.empty() && std::find(only.begin(), only.end(), f.key) == only.end()) continue;
    if (!r.has(f.key) && !f.required) continue;
    const FieldValue v = r.value(f);
    try {
      f.set(spec, v);
    } catch (const FieldError& e) {
      r.fail(e.key(), e.what());
    }
  }
}

/// Writes every present field of `table` (those in `only` when it is not empty).
template <class Spec>
void writeFields(const ParamTable<Spec>& table, const Spec& spec, ParamWriter& w, const std::vector<std::string>& only = {}) {
  for (const auto& f : table.fields()) {
    if (!only.empty() && std::find(only.begin(), only.end(), f.key) == only.end()) continue;
    if (f.present(spec)) w.value(f, f.get(spec));
  }
}

/// The keys of `table` plus `extra`, for ParamReader::allowOnly.
template <class Spec> std::vector<std::string> keysWith(const ParamTable<Spec>& table, std::vector<std::string> extra) {
  auto keys = table.keys();
  keys.insert(keys.end(), extra.begin(), extra.end());
  return keys;
}

} // namespace llmwb::params
