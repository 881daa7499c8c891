// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/readers.h"
#include "core/package/package.h"

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
  part.count = r.positiveInteger("count", 1);
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

/// An array count; per chiplet it may be "fill": as many as the chiplet holds.
int readArrayCount(const JsonReader& r, bool perChiplet) {
  if (perChiplet && r.has("count") && r.child("count").json().is_string()) {
    if (r.string("count") != "fill") r.fail("count", "expected a whole number or \"fill\"");
    return ComputeChipletSpec::kFillChiplet;
  }
  return r.positiveInteger("count");
}

/// A systolic-array block; `perChiplet` allows "count": "fill" (as many as the chiplet holds).
SystolicArraySpec readSystolic(const JsonReader& r, Hertz frequency, bool perChiplet) {
  r.allowOnly({"rows", "cols", "count", "sram_MiB", "sram_bandwidth_GBps", "ssm_cycles_per_update", "note"});
  SystolicArraySpec a;
  a.rows = r.positiveInteger("rows");
  a.cols = r.positiveInteger("cols");
  a.frequency = frequency;
  a.arrays = readArrayCount(r, perChiplet);
  a.sram = units::mebibytes(r.positive("sram_MiB", 1));
  a.sramBandwidth = units::gigabytesPerSecond(r.positive("sram_bandwidth_GBps", 256));
  a.ssmCyclesPerUpdate = r.positive("ssm_cycles_per_update", 3);
  return a;
}

VectorArraySpec readVector(const JsonReader& r, Hertz frequency, bool perChiplet) {
  r.allowOnly({"width", "rows", "cols", "count", "sram_MiB", "sram_bandwidth_GBps", "buffered_inputs", "note"});
  VectorArraySpec a;
  a.width = r.positiveInteger("width");
  a.rows = r.positiveInteger("rows");
  a.cols = r.positiveInteger("cols");
  a.frequency = frequency;
  a.arrays = readArrayCount(r, perChiplet);
  a.sram = units::mebibytes(r.positive("sram_MiB", 1));
  a.sramBandwidth = units::gigabytesPerSecond(r.positive("sram_bandwidth_GBps", 1024));
  a.bufferedInputs = r.positiveInteger("buffered_inputs", 2);
  return a;
}

PackageSpec readPackage(const JsonReader& r, const PresetLibrary& library) {
  r.allowOnly({"name", "compute_chiplet", "compute_chiplets", "memory_phy_chiplets", "memory", "sram_technology",
               "chiplet_area_cap_mm2", "interposer_limit_mm2", "interposer_spacing", "area_model", "floorplan", "note"});
  PackageSpec p;
  p.name = r.string("name", "package");
  const auto c = r.child("compute_chiplet");
  c.allowOnly({"name", "systolic", "vector", "frequency_MHz", "d2d_bandwidth_GBps", "d2d_phys", "note"});
  const Hertz f = units::megahertz(c.positive("frequency_MHz", 700));
  p.computeChiplet.name = c.string("name", "compute chiplet");
  if (const auto s = c.optionalChild("systolic")) p.computeChiplet.systolic = readSystolic(*s, f, true);
  if (const auto v = c.optionalChild("vector")) p.computeChiplet.vector = readVector(*v, f, true);
  if (!p.computeChiplet.systolic && !p.computeChiplet.vector) c.failHere("a compute chiplet needs systolic or vector arrays");
  p.computeChiplet.d2dBandwidth = units::gigabytesPerSecond(c.positive("d2d_bandwidth_GBps", 256));
  p.computeChiplet.d2dPhys = c.has("d2d_phys") ? c.positiveInteger("d2d_phys") : 0;
  p.computeChiplets = r.positiveInteger("compute_chiplets");
  if (const auto m = r.optionalChild("memory_phy_chiplets")) {
    m->allowOnly({"count", "area_mm2", "devices_per_chiplet", "note"});
    p.memoryPhys.count = int(m->nonNegative("count", 0));
    p.memoryPhys.area = units::squareMillimeters(m->positive("area_mm2"));
    p.memoryPhys.devicesPerChiplet = m->positiveInteger("devices_per_chiplet", 2);
  }
  for (const auto& m : r.array("memory")) {
    m.allowOnly({"technology", "count", "placement", "footprint_mm2", "note"});
    PackageMemory pm;
    pm.part = readPart(m, library, MemoryPlacement::OffChip, {"technology", "count", "placement", "footprint_mm2", "note"});
    const std::string placement = m.string("placement", "in_package");
    if (placement == "in_package") pm.inPackage = true;
    else if (placement == "off_package") pm.inPackage = false;
    else m.fail("placement", "expected \"in_package\" or \"off_package\"");
    if (pm.inPackage) pm.footprint = units::squareMillimeters(m.positive("footprint_mm2"));
    p.memory.push_back(pm);
  }
  p.sramTechnology = r.string("sram_technology", "sram");
  p.chipletAreaCap = units::squareMillimeters(r.positive("chiplet_area_cap_mm2", 121));
  p.interposerLimit = units::squareMillimeters(r.positive("interposer_limit_mm2", 3000));
  p.interposerSpacing = r.nonNegative("interposer_spacing", 0.1);
  if (const auto a = r.optionalChild("area_model")) {
    a->allowOnly({"scale_28nm_to_7nm", "scale_32nm_to_7nm", "scale_16nm_to_7nm", "bumps_per_phy_mm2", "overhead", "note"});
    p.area.scale28nm = a->positive("scale_28nm_to_7nm");
    p.area.scale32nm = a->positive("scale_32nm_to_7nm");
    p.area.scale16nm = a->positive("scale_16nm_to_7nm");
    p.area.bumpsPerPhy = units::squareMillimeters(a->nonNegative("bumps_per_phy_mm2", 0));
    p.area.overhead = a->nonNegative("overhead", 0.4);
  }
  if (r.has("floorplan"))
    for (const auto& item : r.array("floorplan", true)) {
      item.allowOnly({"kind", "row", "column"});
      FloorplanItem place;
      const std::string kind = item.string("kind");
      if (kind == "compute") place.kind = FloorplanItem::Kind::Compute;
      else if (kind == "memory_phy") place.kind = FloorplanItem::Kind::MemoryPhy;
      else if (kind == "hbm") place.kind = FloorplanItem::Kind::Hbm;
      else if (kind == "gddr") place.kind = FloorplanItem::Kind::Gddr;
      else item.fail("kind", "expected compute, memory_phy, hbm or gddr");
      place.row = int(item.nonNegative("row"));
      place.column = int(item.nonNegative("column"));
      p.floorplan.push_back(place);
    }
  return p;
}

ComputeSpec readCompute(const JsonReader& r) {
  const std::string type = r.string("type");
  if (type == "plena") {
    r.allowOnly({"type", "mlen", "blen", "vlen", "frequency_MHz", "note"});
    PlenaComputeSpec p;
    p.mlen = r.positiveInteger("mlen");
    p.blen = r.positiveInteger("blen");
    p.vlen = r.positiveInteger("vlen");
    p.frequency = units::megahertz(r.positive("frequency_MHz", 1000.0));
    if (p.mlen % p.blen) r.fail("blen", "PLENA needs MLEN % BLEN == 0 (mlen " + std::to_string(p.mlen) + ")");
    return p;
  }
  if (type == "gpu") {
    r.allowOnly({"type", "tensor_fp16_TFLOPS", "tensor_fp8_TFLOPS", "tensor_fp4_TFLOPS", "vector_fp32_TFLOPS",
                 "matmul_efficiency", "dataflow_tile", "tensor_cores", "mma_shape", "frequency_MHz", "note"});
    GpuComputeSpec g;
    if (r.has("tensor_cores")) {
      g.tensorCores = r.positiveInteger("tensor_cores");
      const auto shape = r.array("mma_shape");
      if (shape.size() != 3) r.fail("mma_shape", "expected [m, n, k], e.g. [8, 8, 16]");
      auto dim = [](const io::JsonReader& v) {
        if (!v.json().is_number_integer() || v.json().get<int>() < 1) v.failHere("expected a whole number of at least 1");
        return v.json().get<int>();
      };
      g.mmaM = dim(shape[0]);
      g.mmaN = dim(shape[1]);
      g.mmaK = dim(shape[2]);
      g.frequency = units::megahertz(r.positive("frequency_MHz"));
      g.tensorPeak16 = units::macsPerSecond(double(g.tensorCores) * g.mmaM * g.mmaN * g.mmaK * g.frequency.value());
    } else {
      g.tensorPeak16 = units::teraflopsPerSecond(r.positive("tensor_fp16_TFLOPS"));
    }
    g.tensorPeak8 = units::teraflopsPerSecond(r.nonNegative("tensor_fp8_TFLOPS", 0.0));
    g.tensorPeak4 = units::teraflopsPerSecond(r.nonNegative("tensor_fp4_TFLOPS", 0.0));
    g.vectorPeak = units::teraflopsPerSecond(r.positive("vector_fp32_TFLOPS"));
    g.matmulEfficiency = r.fraction("matmul_efficiency", 0.7);
    if (g.matmulEfficiency <= 0) r.fail("matmul_efficiency", "must be above 0");
    if (const auto t = r.optionalChild("dataflow_tile")) {
      t->allowOnly({"m", "n", "k"});
      g.tile = {t->positive("m"), t->positive("n"), t->positive("k"), t->positive("m")};
    }
    return g;
  }
  if (type == "arrays") {
    r.allowOnly({"type", "systolic", "vector", "frequency_MHz", "note"});
    ArrayComputeSpec a;
    const Hertz f = units::megahertz(r.positive("frequency_MHz", 700));
    if (const auto s = r.optionalChild("systolic")) a.systolic = readSystolic(*s, f, false);
    if (const auto v = r.optionalChild("vector")) a.vector = readVector(*v, f, false);
    if (!a.systolic && !a.vector) r.failHere("an \"arrays\" compute block needs \"systolic\", \"vector\" or both");
    return a;
  }
  r.fail("type", "expected \"plena\", \"gpu\" or \"arrays\", got \"" + type + "\"");
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
    // A chiplet package resolves into the device's compute and memory.
    if (r.has("compute") || r.has("memory")) r.fail("package", "a package device takes its compute and memory from the package; remove \"compute\" and \"memory\"");
    const auto pj = r.child("package");
    d.package = readPackage(pj, library);
    MemoryTechnology sram;
    try {
      sram = library.memoryTechnology(d.package->sramTechnology);
    } catch (const InputError& e) {
      pj.fail("sram_technology", e.message());
    }
    const auto report = resolvePackage(*d.package, sram, d.memory);
    d.compute = report.compute;
  } else {
  d.compute = readCompute(r.child("compute"));

  const auto mem = r.child("memory");
  mem.allowOnly({"on_chip", "off_chip", "shoreline"});
  for (const auto& p : mem.array("on_chip", true)) d.memory.onChip.parts.push_back(readPart(p, library, MemoryPlacement::OnChip));
  if (mem.has("off_chip"))
    for (const auto& l : mem.array("off_chip", true)) d.memory.offChip.push_back(readLevel(l, library, MemoryPlacement::OffChip));
  if (const auto s = mem.optionalChild("shoreline")) {
    s->allowOnly({"memory_edges", "margin_mm", "reticle_long_edge_mm", "reticle_short_edge_mm"});
    d.memory.shoreline.memoryEdges = s->positiveInteger("memory_edges", 2);
    if (d.memory.shoreline.memoryEdges > 4) s->fail("memory_edges", "a die has 4 edges");
    d.memory.shoreline.marginPerPart = units::millimeters(s->nonNegative("margin_mm", 0.5));
    d.memory.shoreline.reticleLongEdge = units::millimeters(s->positive("reticle_long_edge_mm", 33.0));
    d.memory.shoreline.reticleShortEdge = units::millimeters(s->positive("reticle_short_edge_mm", 26.0));
  }
  if (d.memory.onChip.empty() && d.memory.offChip.empty()) mem.failHere("a device needs at least one memory level");
  }

  if (const auto s = r.optionalChild("strategy")) {
    s->allowOnly({"storage_priority", "dataflow", "bandwidth_priority"});
    if (s->has("storage_priority")) {
      const auto v = parseStoragePriority(s->string("storage_priority"));
      if (!v) s->fail("storage_priority", "expected activations, kv_cache, weights or equal");
      d.strategy.storage = *v;
    }
    if (s->has("dataflow")) {
      const auto v = parseDataflow(s->string("dataflow"));
      if (!v) s->fail("dataflow", "expected WS, IS or OS");
      d.strategy.dataflow = *v;
    }
    if (s->has("bandwidth_priority")) {
      const auto v = parseBandwidthPriority(s->string("bandwidth_priority"));
      if (!v) s->fail("bandwidth_priority", "expected matrix, vector, equal or shared");
      d.strategy.bandwidth = *v;
    }
  }

  d.quantisation = {numberFormat("BF16"), numberFormat("BF16"), numberFormat("BF16"), std::nullopt};
  if (const auto q = r.optionalChild("quantisation")) {
    q->allowOnly({"weights", "activations", "kv_cache", "state"});
    auto format = [&](const char* key, NumberFormat& out) {
      if (!q->has(key)) return;
      try {
        out = numberFormat(q->string(key));
      } catch (const std::invalid_argument& e) {
        q->fail(key, e.what());
      }
    };
    format("weights", d.quantisation.weights);
    format("activations", d.quantisation.activations);
    format("kv_cache", d.quantisation.kvCache);
    if (q->has("state")) {
      NumberFormat state;
      format("state", state);
      d.quantisation.state = state;
    }
  }

  if (const auto m = r.optionalChild("dma")) {
    m->allowOnly({"matrix_read_fraction", "vector_read_fraction", "write_fraction", "note"});
    d.dma.matrixRead = m->fraction("matrix_read_fraction", 1.0);
    d.dma.vectorRead = m->fraction("vector_read_fraction", 1.0);
    d.dma.write = m->fraction("write_fraction", 1.0);
    for (const char* k : {"matrix_read_fraction", "vector_read_fraction", "write_fraction"})
      if (m->has(k) && m->number(k) <= 0) m->fail(k, "must be above 0");
  }
  if (const auto p = r.optionalChild("power")) {
    p->allowOnly({"static_fraction", "tdp_W", "note"});
    d.power.staticFraction = p->fraction("static_fraction", 0.5);
    if (p->has("tdp_W")) d.power.datasheetTdp = units::watts(p->positive("tdp_W"));
  }
  if (std::holds_alternative<GpuComputeSpec>(d.compute) && !d.power.datasheetTdp)
    r.fail("power", "a GPU device needs its datasheet tdp_W");
  d.sources = readSources(r);
  return d;
}

} // namespace llmwb::io
