// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/roofline_at.h"

#include <algorithm>

namespace llmwb::engine {

namespace {
void addCeilings(Roofline& r, const RooflineGroup& g) {
  for (auto c : g.model->computeCeilings()) {
    c.group = g.group;
    r.compute.push_back(std::move(c));
  }
  for (auto m : g.model->memoryCeilings()) {
    m.group = g.group;
    r.memory.push_back(std::move(m));
  }
}

void addPass(Roofline& r, const RooflineGroup& g, Phase phase, int batch, const OperatingPoint& point, RooflineDetail detail) {
  const auto& model = *g.model;
  const auto step = model.step(point);
  const double devices = model.devices();
  FlopsPerSecond peak;
  for (const auto& c : model.computeCeilings()) peak = std::max(peak, c.peak);
  BytesPerSecond bandwidth; // main memory: the first off-chip level, else on-chip
  const auto memory = model.memoryCeilings();
  for (const auto& m : memory)
    if (m.depth == 0) bandwidth = m.bandwidth;
  for (const auto& m : memory)
    if (m.depth == 1) bandwidth = m.bandwidth;
  peak = peak * devices;
  bandwidth = bandwidth * devices;

  struct Sum {
    Flops flops;
    Bytes bytes, offChip;
    Seconds time;
    std::string cls, bound, layer;
    std::optional<OperatorClass> operatorClass;
  };
  std::vector<std::pair<std::string, Sum>> sums;
  auto slot = [&](const std::string& key) -> Sum& {
    for (auto& [k, s] : sums)
      if (k == key) return s;
    sums.emplace_back(key, Sum{});
    return sums.back().second;
  };
  const bool layers = detail == RooflineDetail::Layers;
  for (const auto& op : step.operators) {
    if (g.runs && !g.runs(op)) continue;
    Sum& s = slot(layers ? op.layer : op.name);
    s.layer = op.layer;
    s.cls = layers ? "layer" : std::string(toString(op.cls));
    if (!layers) s.operatorClass = op.cls;
    s.flops += op.flops;
    s.bytes += op.weightBytes + op.activationBytes + op.cacheBytes;
    s.offChip += op.offChipBytes;
    s.time += op.time;
    if (!layers) s.bound = op.boundKind == BoundKind::Compute ? "compute" : "memory";
  }
  const std::string device = model.device().name;
  for (const auto& [name, s] : sums) {
    RooflinePoint p;
    p.device = device;
    p.phase = std::string(toString(phase));
    p.phaseKind = phase;
    p.group = g.group;
    p.batch = batch;
    p.layer = s.layer;
    p.name = name;
    p.cls = s.cls;
    p.operatorClass = s.operatorClass;
    p.flops = s.flops;
    p.bytes = s.bytes;
    p.intensity = s.bytes.value() > 0 ? s.flops / s.bytes : FlopsPerByte();
    p.modelledIntensity = s.offChip.value() > 0 ? s.flops / s.offChip : FlopsPerByte();
    p.attainable = std::min(peak, FlopsPerSecond(p.intensity.value() * bandwidth.value()));
    p.achieved = s.time.value() > 0 ? s.flops / s.time : FlopsPerSecond();
    p.bound = s.bound.empty() ? (p.attainable < peak ? "memory" : "compute") : s.bound;
    r.points.push_back(std::move(p));
  }
}
} // namespace

Roofline rooflineAt(const RooflineGroup& prefill, const RooflineGroup& decode, const Workload& workload,
                    RooflineDetail detail) {
  Roofline r;
  if (!prefill.model || !decode.model) return r;
  addCeilings(r, prefill);
  const auto& pre = prefill.model->device();
  const auto& dec = decode.model->device();
  if (prefill.group != decode.group && pre.id != dec.id) addCeilings(r, decode);
  const double prompt = double(workload.inputTokens);
  const std::size_t n = std::max(prefill.batches.size(), decode.batches.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (i < prefill.batches.size()) {
      const int b = prefill.batches[i];
      addPass(r, prefill, Phase::Prefill, b, {Phase::Prefill, double(b), prompt, 0, 1}, detail);
    }
    if (i < decode.batches.size()) {
      const int b = decode.batches[i];
      addPass(r, decode, Phase::Decode, b, {Phase::Decode, double(b), 1, prompt, 1}, detail);
    }
  }
  return r;
}

} // namespace llmwb::engine
