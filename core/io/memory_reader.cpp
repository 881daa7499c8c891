// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/param_json.h"
#include "core/io/readers.h"
#include "core/system/link_fields.h"

#include "core/engine/engine_registry.h"

namespace llmwb::io {

std::map<std::string, std::string> readSources(const JsonReader& r) {
  std::map<std::string, std::string> sources;
  if (!r.has("sources")) return sources;
  for (const auto& [key, value] : r.child("sources").members()) sources[key] = value.asString();
  return sources;
}

std::string readEngineName(const JsonReader& r) {
  if (!r.has("engine")) return {};
  const std::string name = r.string("engine");
  if (!engine::engines().find(name)) r.fail("engine", "unknown engine \"" + name + "\" (known: " + engine::engines().names() + ")");
  return name;
}

MemoryTechnology readMemoryTechnology(const JsonReader& r, const std::string& id) {
  checkHeader(r, "memory_technology");
  r.allowOnly({"format_version", "kind", "id", "name", "unit", "placement", "latency_ns", "capacity_GiB",
               "bandwidth_GBps", "shoreline_mm", "p_bg_mW_per_GiB", "e_read_pJ_per_bit", "e_write_pJ_per_bit",
               "note", "sources"});
  MemoryTechnology t;
  t.id = id;
  t.name = r.string("name", id);
  t.unitName = r.string("unit", "unit");
  const std::string placement = r.string("placement");
  if (placement == "on_chip") t.placement = MemoryPlacement::OnChip;
  else if (placement == "off_chip") t.placement = MemoryPlacement::OffChip;
  else r.fail("placement", "expected \"on_chip\" or \"off_chip\", got \"" + placement + "\"");
  t.latency = units::nanoseconds(r.positive("latency_ns"));
  t.capacity = units::gibibytes(r.positive("capacity_GiB"));
  t.bandwidth = units::gigabytesPerSecond(r.positive("bandwidth_GBps"));
  if (t.placement == MemoryPlacement::OffChip) t.shoreline = units::millimeters(r.positive("shoreline_mm"));
  else if (r.has("shoreline_mm")) r.fail("shoreline_mm", "on-chip memory does not use die shoreline; remove the field");
  t.backgroundPower = units::milliwattsPerGibibyte(r.nonNegative("p_bg_mW_per_GiB"));
  t.readEnergy = units::picojoulesPerBit(r.nonNegative("e_read_pJ_per_bit"));
  t.writeEnergy = units::picojoulesPerBit(r.nonNegative("e_write_pJ_per_bit"));
  t.sources = readSources(r);
  return t;
}

Workload readWorkload(const JsonReader& r, const std::string& id) {
  checkHeader(r, "workload");
  r.allowOnly({"format_version", "kind", "id", "name", "input_tokens", "output_tokens", "source", "sources"});
  Workload w;
  w.id = id;
  w.name = r.string("name", id);
  w.inputTokens = r.positiveInteger("input_tokens");
  w.outputTokens = r.positiveInteger("output_tokens");
  w.source = r.string("source", "");
  return w;
}

LinkSpec readLink(const JsonReader& r) {
  LinkSpec l;
  readTable(linkFields(), r, l, {"source"});
  return l;
}

} // namespace llmwb::io
