// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/arrays/array_fields.h"
#include "core/compute/compute_kind.h"
#include "core/device/device_fields.h"
#include "core/io/param_json.h"
#include "core/io/readers.h"
#include "core/memory/memory_technology_fields.h"
#include "core/memory/shoreline_fields.h"
#include "core/package/package_fields.h"
#include "core/quant/quantisation_fields.h"

namespace llmwb::io {

namespace {
MemoryPart readPart(const JsonReader& r, const PresetLibrary& library, MemoryPlacement expected,
                    const std::vector<std::string>& allowed = {"technology", "count"}) {
  r.allowOnly(allowed);
  MemoryPart part;
  const std::string tech = r.string("technology");
  try {
    part.technology = library.memoryTechnology(tech);
  } catch (const InputError& e) {
    if (e.field().empty() || e.message().find("no memory preset") != std::string::npos)
      r.fail("technology", "unknown memory technology \"" + tech + "\" (" + e.message() + ")");
    throw;
  }
  if (part.technology.placement != expected)
    r.fail("technology", "\"" + tech + "\" is " + (expected == MemoryPlacement::OnChip ? "off-chip" : "on-chip") +
                             " memory; it cannot sit at this level");
  params::readFields(memoryPartFields(), JsonParamReader(r), part);
  return part;
}

MemoryLevel readLevel(const JsonReader& r, const PresetLibrary& library, MemoryPlacement placement) {
  MemoryLevel level;
  if (r.has("parts")) {
    r.allowOnly({"parts"});
    for (const auto& p : r.array("parts")) level.parts.push_back(readPart(p, library, placement));
  } else {
    level.parts.push_back(readPart(r, library, placement));
  }
  return level;
}

PackageSpec readPackage(const JsonReader& r, const PresetLibrary& library) {
  r.allowOnly(params::keysWith(packageFields(), {"sram_technology", "compute_chiplet", "memory_phy_chiplets", "memory", "area_model", "floorplan", "note"}));
  PackageSpec p;
  p.name = "package";
  const auto c = r.child("compute_chiplet");
  const JsonParamReader chiplet(c);
  chiplet.allowOnly(params::keysWith(computeChipletFields(), {"systolic", "vector", "note"}));
  readArrayBlocks(chiplet, true, p.computeChiplet.systolic, p.computeChiplet.vector);
  if (!p.computeChiplet.systolic && !p.computeChiplet.vector) c.failHere("a compute chiplet needs systolic or vector arrays");
  params::readFields(computeChipletFields(), chiplet, p.computeChiplet);
  params::readFields(packageFields(), JsonParamReader(r), p);
  try {
    p.sram = library.memoryTechnology(r.string("sram_technology", "sram"));
  } catch (const InputError& e) {
    r.fail("sram_technology", e.message());
  }
  if (const auto m = r.optionalChild("memory_phy_chiplets")) readTable(memoryPhyFields(), *m, p.memoryPhys);
  for (const auto& m : r.array("memory")) {
    const auto keys = params::keysWith(packageMemoryFields(), {"technology", "note"});
    PackageMemory pm;
    pm.part = readPart(m, library, MemoryPlacement::OffChip, keys);
    params::readFields(packageMemoryFields(), JsonParamReader(m), pm);
    if (pm.inPackage && !m.has("footprint_mm2")) m.fail("footprint_mm2", "missing required field (an in-package part needs its footprint)");
    p.memory.push_back(pm);
  }
  if (const auto a = r.optionalChild("area_model")) readTable(areaModelFields(), *a, p.area);
  if (r.has("floorplan"))
    for (const auto& item : r.array("floorplan", true)) {
      FloorplanItem place;
      readTable(floorplanItemFields(), item, place, {});
      p.floorplan.push_back(place);
    }
  return p;
}

ComputeSpec readCompute(const JsonReader& r) {
  const std::string type = r.string("type");
  const ComputeKind* kind = computeKinds().find(type);
  if (!kind) r.fail("type", "expected " + computeKinds().names() + ", got \"" + type + "\"");
  return kind->read(JsonParamReader(r));
}
} // namespace

DeviceSpec readDevice(const JsonReader& r, const std::string& id, const PresetLibrary& library) {
  checkHeader(r, "device");
  r.allowOnly({"format_version", "kind", "id", "base", "name", "description", "engine", "compute", "memory", "strategy",
               "quantisation", "dma", "power", "package", "note", "sources"});
  DeviceSpec d;
  d.id = id;
  d.name = r.string("name", id);
  d.description = r.string("description", "");
  d.engine = readEngineName(r);
  if (r.has("package")) {
    // A chiplet package is the device's compute and memory; it is resolved when a model is built.
    if (r.has("compute") || r.has("memory")) r.fail("package", "a package device takes its compute and memory from the package; remove \"compute\" and \"memory\"");
    d.package = readPackage(r.child("package"), library);
  } else {
  d.compute = readCompute(r.child("compute"));

  const auto mem = r.child("memory");
  mem.allowOnly({"on_chip", "off_chip", "shoreline"});
  for (const auto& p : mem.array("on_chip", true)) d.memory.onChip.parts.push_back(readPart(p, library, MemoryPlacement::OnChip));
  if (mem.has("off_chip"))
    for (const auto& l : mem.array("off_chip", true)) d.memory.offChip.push_back(readLevel(l, library, MemoryPlacement::OffChip));
  if (const auto s = mem.optionalChild("shoreline")) {
    readTable(shorelineFields(), *s, d.memory.shoreline);
  }
  if (d.memory.onChip.empty() && d.memory.offChip.empty()) mem.failHere("a device needs at least one memory level");
  }

  if (const auto s = r.optionalChild("strategy")) readTable(strategyFields(), *s, d.strategy, {});

  d.quantisation = {numberFormat("BF16"), numberFormat("BF16"), numberFormat("BF16"), std::nullopt};
  if (const auto q = r.optionalChild("quantisation")) readTable(quantisationFields(), *q, d.quantisation);

  if (const auto m = r.optionalChild("dma")) readTable(dmaFields(), *m, d.dma);
  if (const auto p = r.optionalChild("power")) readTable(powerFields(), *p, d.power);
  if (!d.package && d.compute.kind().needsDatasheetTdp() && !d.power.datasheetTdp)
    r.fail("power", "a " + d.compute.kind().title() + " device needs its datasheet tdp_W");
  d.sources = readSources(r);
  return d;
}

} // namespace llmwb::io
