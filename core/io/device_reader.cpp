// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/readers.h"

namespace llmwb::io {

namespace {
MemoryPart readPart(const JsonReader& r, const PresetLibrary& library, MemoryPlacement expected) {
  r.allowOnly({"technology", "count"});
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
                 "matmul_efficiency", "dataflow_tile", "note"});
    GpuComputeSpec g;
    g.tensorPeak16 = units::teraflopsPerSecond(r.positive("tensor_fp16_TFLOPS"));
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
  r.fail("type", "expected \"plena\" or \"gpu\", got \"" + type + "\"");
}
} // namespace

DeviceSpec readDevice(const JsonReader& r, const std::string& id, const PresetLibrary& library) {
  checkHeader(r, "device");
  r.allowOnly({"format_version", "kind", "id", "base", "name", "description", "compute", "memory", "strategy",
               "quantisation", "dma", "power", "note", "sources"});
  DeviceSpec d;
  d.id = id;
  d.name = r.string("name", id);
  d.description = r.string("description", "");
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

  d.quantisation = {numberFormat("BF16"), numberFormat("BF16"), numberFormat("BF16")};
  if (const auto q = r.optionalChild("quantisation")) {
    q->allowOnly({"weights", "activations", "kv_cache"});
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
