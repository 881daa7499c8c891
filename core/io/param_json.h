// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to core/io: parameter tables (core/params) read from and written to JSON.

#include "core/io/json_reader.h"
#include "core/params/param_io.h"

#include <nlohmann/json.hpp>

namespace llmwb::io {

/// Drops the noise that unit conversions leave (700.0000000001 MHz -> 700).
double tidy(double v);

class JsonParamReader final : public params::ParamReader {
public:
  explicit JsonParamReader(JsonReader r) : mReader(std::move(r)) {}
  bool has(const std::string& key) const override { return mReader.has(key); }
  params::FieldValue value(const params::FieldInfo& field) const override;
  std::vector<int> integers(const std::string& key, const params::Range& range) const override;
  std::unique_ptr<params::ParamReader> child(const std::string& key) const override;
  void allowOnly(const std::vector<std::string>& keys) const override { mReader.allowOnly(keys); }
  [[noreturn]] void fail(const std::string& key, const std::string& message) const override { mReader.fail(key, message); }
  [[noreturn]] void failHere(const std::string& message) const override { mReader.failHere(message); }

private:
  JsonReader mReader;
};

class JsonParamWriter final : public params::ParamWriter {
public:
  explicit JsonParamWriter(nlohmann::json& out) : mOut(&out) {}
  void value(const params::FieldInfo& field, const params::FieldValue& value) override;
  void integers(const std::string& key, const std::vector<int>& values) override { (*mOut)[key] = values; }
  std::unique_ptr<params::ParamWriter> child(const std::string& key) override;

private:
  nlohmann::json* mOut;
};

/// Reads a table's fields from `r` (unknown keys rejected unless listed in `extra`).
template <class Spec>
void readTable(const params::ParamTable<Spec>& table, const JsonReader& r, Spec& spec, std::vector<std::string> extra = {"note"}) {
  const JsonParamReader reader(r);
  reader.allowOnly(params::keysWith(table, std::move(extra)));
  params::readFields(table, reader, spec);
}

/// A table's present fields as a JSON object.
template <class Spec> nlohmann::json tableJson(const params::ParamTable<Spec>& table, const Spec& spec) {
  nlohmann::json j = nlohmann::json::object();
  JsonParamWriter writer(j);
  params::writeFields(table, spec, writer);
  return j;
}

} // namespace llmwb::io
