// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/spec_writer.h"

#include "core/io/spec_json.h"

#include <cmath>

namespace llmwb::io {

namespace {
using nlohmann::json;

constexpr double kMega = 1e6, kGiga = 1e9;

/// Drops the noise that unit conversions leave (700.0000000001 MHz -> 700).
double tidy(double v) {
  if (v == 0 || !std::isfinite(v)) return v;
  const double scale = std::pow(10.0, 12 - int(std::ceil(std::log10(std::abs(v)))));
  return std::round(v * scale) / scale;
}

json partJson(const MemoryPart& p) { return {{"technology", p.technology.id}, {"count", p.count}}; }

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
          {"shoreline",
           {{"memory_edges", m.shoreline.memoryEdges},
            {"margin_mm", tidy(m.shoreline.marginPerPart.value())},
            {"reticle_long_edge_mm", tidy(m.shoreline.reticleLongEdge.value())},
            {"reticle_short_edge_mm", tidy(m.shoreline.reticleShortEdge.value())}}}};
}

json arrayCount(int count) { return count == ComputeChipletSpec::kFillChiplet ? json("fill") : json(count); }

json systolicJson(const SystolicArraySpec& a) {
  return {{"rows", a.rows},
          {"cols", a.cols},
          {"count", arrayCount(a.arrays)},
          {"sram_MiB", tidy(a.sram.value() / units::kMebi)},
          {"sram_bandwidth_GBps", tidy(a.sramBandwidth.value() / kGiga)},
          {"ssm_cycles_per_update", tidy(a.ssmCyclesPerUpdate)}};
}

json vectorJson(const VectorArraySpec& a) {
  return {{"width", a.width},
          {"rows", a.rows},
          {"cols", a.cols},
          {"count", arrayCount(a.arrays)},
          {"sram_MiB", tidy(a.sram.value() / units::kMebi)},
          {"sram_bandwidth_GBps", tidy(a.sramBandwidth.value() / kGiga)},
          {"buffered_inputs", a.bufferedInputs}};
}

Hertz arrayFrequency(const std::optional<SystolicArraySpec>& s, const std::optional<VectorArraySpec>& v) {
  return s ? s->frequency : v ? v->frequency : units::megahertz(700);
}

json computeJson(const ComputeSpec& spec) {
  if (const auto* p = std::get_if<PlenaComputeSpec>(&spec))
    return {{"type", "plena"}, {"mlen", p->mlen}, {"blen", p->blen}, {"vlen", p->vlen},
            {"frequency_MHz", tidy(p->frequency.value() / kMega)}};
  if (const auto* g = std::get_if<GpuComputeSpec>(&spec)) {
    json j = {{"type", "gpu"}};
    if (g->tensorCores > 0) {
      j["tensor_cores"] = g->tensorCores;
      j["mma_shape"] = {g->mmaM, g->mmaN, g->mmaK};
      j["frequency_MHz"] = tidy(g->frequency.value() / kMega);
    } else {
      j["tensor_fp16_TFLOPS"] = tidy(g->tensorPeak16.value() / 1e12);
    }
    j["tensor_fp8_TFLOPS"] = tidy(g->tensorPeak8.value() / 1e12);
    j["tensor_fp4_TFLOPS"] = tidy(g->tensorPeak4.value() / 1e12);
    j["vector_fp32_TFLOPS"] = tidy(g->vectorPeak.value() / 1e12);
    j["matmul_efficiency"] = tidy(g->matmulEfficiency);
    j["dataflow_tile"] = {{"m", tidy(g->tile.m)}, {"n", tidy(g->tile.n)}, {"k", tidy(g->tile.k)}};
    return j;
  }
  const auto& a = std::get<ArrayComputeSpec>(spec);
  json j = {{"type", "arrays"}, {"frequency_MHz", tidy(arrayFrequency(a.systolic, a.vector).value() / kMega)}};
  if (a.systolic) j["systolic"] = systolicJson(*a.systolic);
  if (a.vector) j["vector"] = vectorJson(*a.vector);
  return j;
}

std::string_view kindName(FloorplanItem::Kind k) {
  switch (k) {
  case FloorplanItem::Kind::Compute: return "compute";
  case FloorplanItem::Kind::MemoryPhy: return "memory_phy";
  case FloorplanItem::Kind::Hbm: return "hbm";
  case FloorplanItem::Kind::Gddr: return "gddr";
  }
  return "compute";
}

json packageJson(const PackageSpec& p) {
  const auto& c = p.computeChiplet;
  json chiplet = {{"name", c.name},
                  {"frequency_MHz", tidy(arrayFrequency(c.systolic, c.vector).value() / kMega)},
                  {"d2d_bandwidth_GBps", tidy(c.d2dBandwidth.value() / kGiga)}};
  if (c.d2dPhys > 0) chiplet["d2d_phys"] = c.d2dPhys;
  if (c.systolic) chiplet["systolic"] = systolicJson(*c.systolic);
  if (c.vector) chiplet["vector"] = vectorJson(*c.vector);
  json memory = json::array();
  for (const auto& m : p.memory) {
    json part = partJson(m.part);
    part["placement"] = m.inPackage ? "in_package" : "off_package";
    if (m.inPackage) part["footprint_mm2"] = tidy(m.footprint.value());
    memory.push_back(part);
  }
  json floorplan = json::array();
  for (const auto& f : p.floorplan) floorplan.push_back({{"kind", kindName(f.kind)}, {"row", f.row}, {"column", f.column}});
  json j = {{"name", p.name},
            {"compute_chiplet", chiplet},
            {"compute_chiplets", p.computeChiplets},
            {"memory", memory},
            {"sram_technology", p.sramTechnology},
            {"chiplet_area_cap_mm2", tidy(p.chipletAreaCap.value())},
            {"interposer_limit_mm2", tidy(p.interposerLimit.value())},
            {"interposer_spacing", tidy(p.interposerSpacing)},
            {"area_model",
             {{"scale_28nm_to_7nm", tidy(p.area.scale28nm)},
              {"scale_32nm_to_7nm", tidy(p.area.scale32nm)},
              {"scale_16nm_to_7nm", tidy(p.area.scale16nm)},
              {"bumps_per_phy_mm2", tidy(p.area.bumpsPerPhy.value())},
              {"overhead", tidy(p.area.overhead)}}},
            {"floorplan", floorplan}};
  if (p.memoryPhys.count > 0)
    j["memory_phy_chiplets"] = {{"count", p.memoryPhys.count},
                                {"area_mm2", tidy(p.memoryPhys.area.value())},
                                {"devices_per_chiplet", p.memoryPhys.devicesPerChiplet}};
  return j;
}

std::string_view roleName(DeviceRole r) { return toString(r); }
} // namespace

json linkJson(const LinkSpec& l) {
  return {{"name", l.name},
          {"bandwidth_GBps", tidy(l.bandwidth.value() / kGiga)},
          {"latency_us", tidy(l.latency.value() * 1e6)},
          {"energy_pJ_per_bit", tidy(l.energy.value() / units::picojoulesPerBit(1).value())}};
}

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
  j["strategy"] = {{"storage_priority", toString(d.strategy.storage)},
                   {"dataflow", toString(d.strategy.dataflow)},
                   {"bandwidth_priority", toString(d.strategy.bandwidth)}};
  j["quantisation"] = {{"weights", d.quantisation.weights.name},
                       {"activations", d.quantisation.activations.name},
                       {"kv_cache", d.quantisation.kvCache.name}};
  if (d.quantisation.state) j["quantisation"]["state"] = d.quantisation.state->name;
  j["dma"] = {{"matrix_read_fraction", tidy(d.dma.matrixRead)},
              {"vector_read_fraction", tidy(d.dma.vectorRead)},
              {"write_fraction", tidy(d.dma.write)}};
  j["power"] = {{"static_fraction", tidy(d.power.staticFraction)}};
  if (d.power.datasheetTdp) j["power"]["tdp_W"] = tidy(d.power.datasheetTdp->value());
  if (!d.sources.empty()) j["sources"] = d.sources;
  return j;
}

json systemJson(const SystemSpec& s) {
  json groups = json::array();
  for (const auto& g : s.groups) {
    json device = deviceJson(g.device);
    groups.push_back({{"device", device}, {"name", g.device.name}, {"role", roleName(g.role)}, {"count", g.count}});
  }
  json j = {{"format_version", 1}, {"kind", "system"}, {"name", s.name}, {"groups", groups},
            {"group_link", linkJson(s.groupLink)}, {"phase_link", linkJson(s.phaseLink)}};
  if (!s.description.empty()) j["description"] = s.description;
  if (!s.engine.empty()) j["engine"] = s.engine;
  if (!s.sources.empty()) j["sources"] = s.sources;
  return j;
}

std::string deviceJsonText(const DeviceSpec& device, int indent) { return deviceJson(device).dump(indent); }

std::string systemJsonText(const SystemSpec& system, int indent) { return systemJson(system).dump(indent); }

} // namespace llmwb::io
