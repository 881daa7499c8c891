// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/param_json.h"
#include "core/io/readers.h"
#include "core/memory/memory_technology_fields.h"
#include "core/system/link_fields.h"
#include "core/workload/workload_fields.h"

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
  r.allowOnly(params::keysWith(memoryTechnologyFields(), {"format_version", "kind", "id", "note", "sources"}));
  MemoryTechnology t;
  t.id = id;
  t.name = id;
  const auto& fields = memoryTechnologyFields();
  const JsonParamReader reader(r);
  params::readFields(fields, reader, t);
  if (t.placement == MemoryPlacement::OffChip && !t.shoreline) reader.value(*fields.find("shoreline_mm")); // missing: fails
  if (t.placement == MemoryPlacement::OnChip && t.shoreline)
    r.fail("shoreline_mm", "on-chip memory does not use die shoreline; remove the field");
  t.sources = readSources(r);
  return t;
}

Workload readWorkload(const JsonReader& r, const std::string& id) {
  checkHeader(r, "workload");
  r.allowOnly(params::keysWith(workloadFields(), {"format_version", "kind", "id", "sources"}));
  Workload w;
  w.id = id;
  w.name = id;
  params::readFields(workloadFields(), JsonParamReader(r), w);
  return w;
}

LinkSpec readLink(const JsonReader& r) {
  LinkSpec l;
  readTable(linkFields(), r, l, {"source"});
  return l;
}

} // namespace llmwb::io
