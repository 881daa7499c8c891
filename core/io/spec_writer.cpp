// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/spec_writer.h"

#include "core/compute/arrays/array_fields.h"
#include "core/compute/compute_kind.h"
#include "core/device/device_fields.h"
#include "core/io/param_json.h"
#include "core/io/spec_json.h"
#include "core/memory/memory_technology_fields.h"
#include "core/memory/shoreline_fields.h"
#include "core/model/model_fields.h"
#include "core/package/package_fields.h"
#include "core/quant/quantisation_fields.h"
#include "core/system/link_fields.h"
#include "core/engine/engine_registry.h"

#include <cmath>

namespace llmwb::io {

namespace {
using nlohmann::json;

json partJson(const MemoryPart& p) {
  json j = {{"technology", p.technology.id}};
  j.update(tableJson(memoryPartFields(), p));
  return j;
}

json levelJson(const MemoryLevel& level) {
  if (level.parts.size() == 1) return partJson(level.parts.front());
  json parts = json::array();
  for (const auto& p : level.parts) parts.push_back(partJson(p));
  return {{"parts", parts}};
}

json memoryJson(const MemoryHierarchy& m) {
  json onChip = json::array();
  for (const auto& p : m.onChip.parts) onChip.push_back(partJson(p));
  json offChip = json::array();
  for (const auto& l : m.offChip) offChip.push_back(levelJson(l));
  return {{"on_chip", onChip},
          {"off_chip", offChip},
          {"shoreline", tableJson(shorelineFields(), m.shoreline)}};
}

json computeJson(const ComputeSpec& spec) {
  json j = {{"type", spec.kindName()}};
  JsonParamWriter writer(j);
  spec.kind().write(spec, writer);
  return j;
}

json packageJson(const PackageSpec& p) {
  json chiplet = tableJson(computeChipletFields(), p.computeChiplet);
  JsonParamWriter arrays(chiplet);
  writeArrayBlocks(arrays, true, p.computeChiplet.systolic, p.computeChiplet.vector);
  json memory = json::array();
  for (const auto& m : p.memory) {
    json part = {{"technology", m.part.technology.id}};
    part.update(tableJson(packageMemoryFields(), m));
    memory.push_back(part);
  }
  json floorplan = json::array();
  for (const auto& f : p.floorplan) floorplan.push_back(tableJson(floorplanItemFields(), f));
  json j = tableJson(packageFields(), p);
  j["sram_technology"] = p.sram.id;
  j["compute_chiplet"] = chiplet;
  j["memory"] = memory;
  j["area_model"] = tableJson(areaModelFields(), p.area);
  j["floorplan"] = floorplan;
  if (p.memoryPhys.count > 0) j["memory_phy_chiplets"] = tableJson(memoryPhyFields(), p.memoryPhys);
  return j;
}

std::string_view roleName(DeviceRole r) { return toString(r); }
} // namespace

json linkJson(const LinkSpec& l) { return tableJson(linkFields(), l); }

json deviceJson(const DeviceSpec& d) {
  json j = {{"format_version", 1}, {"kind", "device"}, {"name", d.name}};
  if (!d.description.empty()) j["description"] = d.description;
  if (!d.engine.empty()) j["engine"] = d.engine;
  if (d.package) {
    j["package"] = packageJson(*d.package);
  } else {
    j["compute"] = computeJson(d.compute);
    j["memory"] = memoryJson(d.memory);
  }
  j["strategy"] = tableJson(strategyFields(), d.strategy);
  j["quantisation"] = tableJson(quantisationFields(), d.quantisation);
  j["dma"] = tableJson(dmaFields(), d.dma);
  j["power"] = tableJson(powerFields(), d.power);
  if (!d.sources.empty()) j["sources"] = d.sources.map();
  return j;
}

json systemJson(const SystemSpec& s) {
  json groups = json::array();
  for (const auto& g : s.groups) {
    json device = deviceJson(g.device);
    json group = {{"device", device}, {"name", g.device.name}, {"role", roleName(g.role)}, {"count", g.count}};
    if (g.layers != LayerSelection::All) group["layers"] = std::string(toString(g.layers));
    if (g.role == DeviceRole::Decode && g.untilFraction != 1.0) group["until_fraction"] = g.untilFraction;
    groups.push_back(group);
  }
  json j = {{"format_version", 1}, {"kind", "system"}, {"name", s.name}, {"groups", groups},
            {"group_link", linkJson(s.groupLink)}, {"phase_link", linkJson(s.phaseLink)}};
  if (!s.description.empty()) j["description"] = s.description;
  if (!s.engine.empty()) j["engine"] = s.engine;
  for (const auto* settings : engine::engineSettings())
    if (settings->present(s)) j[settings->block] = tableJson(settings->fields(), s);
  if (!s.sources.empty()) j["sources"] = s.sources.map();
  return j;
}

std::string deviceJsonText(const DeviceSpec& device, int indent) { return deviceJson(device).dump(indent); }

std::string systemJsonText(const SystemSpec& system, int indent) { return systemJson(system).dump(indent); }

namespace {
json layerTypeJson(const LayerType& t) {
  static const char* kTypes[] = {"attention", "mlp", "moe", "linear_attention", "mamba2"};
  json j = {{"type", kTypes[int(t.kind)]}};
  j.update(tableJson(layerTypeFields(), t));
  if (const auto* a = std::get_if<AttentionSpec>(&t.spec)) {
    const bool mla = a->kind == AttentionSpec::Kind::Mla;
    j["variant"] = mla ? "mla" : "gqa";
    j.update(tableJson(attentionFields(), *a));
    j.update(tableJson(mla ? mlaFields() : gqaFields(), *a));
  } else if (const auto* m = std::get_if<MlpSpec>(&t.spec)) {
    j.update(tableJson(mlpFields(), *m));
  } else if (const auto* e = std::get_if<MoeSpec>(&t.spec)) {
    j.update(tableJson(moeFields(), *e));
  } else if (const auto* l = std::get_if<LinearAttentionSpec>(&t.spec)) {
    j.update(tableJson(linearAttentionFields(), *l));
  } else if (const auto* s = std::get_if<Mamba2Spec>(&t.spec)) {
    j.update(tableJson(mamba2Fields(), *s));
  }
  return j;
}
} // namespace

json workloadJson(const Workload& w) {
  json j = {{"format_version", 1}, {"kind", "workload"}, {"name", w.name.empty() ? w.id : w.name},
            {"input_tokens", w.inputTokens}, {"output_tokens", w.outputTokens}};
  if (!w.source.empty()) j["source"] = w.source;
  return j;
}

json memoryTechnologyJson(const MemoryTechnology& t) {
  json j = {{"format_version", 1}, {"kind", "memory_technology"}};
  j.update(tableJson(memoryTechnologyFields(), t));
  if (!t.sources.empty()) j["sources"] = t.sources.map();
  return j;
}

json modelJson(const ModelSpec& m) {
  json j = {{"format_version", 1}, {"kind", "model"}};
  j.update(tableJson(modelFields(), m));
  json types = json::object();
  for (const auto& t : m.layerTypes) types[std::string(1, t.symbol)] = layerTypeJson(t);
  j["layer_types"] = types;
  j["layer_pattern"] = m.layerPattern;
  if (m.diffusion.enabled) j["diffusion"] = tableJson(diffusionFields(), m.diffusion);
  if (!m.sources.empty()) j["sources"] = m.sources.map();
  return j;
}

std::string modelJsonText(const ModelSpec& m, int indent) { return modelJson(m).dump(indent); }

} // namespace llmwb::io
