// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/perf/roofline.h"

#include "core/perf/phase_evaluator.h"

#include <algorithm>
#include <map>

namespace llmwb {

namespace {
void addCeilings(Roofline& r, const DeviceModel& device, const std::string& name) {
  for (const auto& [unit, peak] : device.compute().ceilings(device.operandBits())) r.compute.push_back({name, unit, peak});
  const auto& m = device.memory();
  const auto levels = m.levels();
  for (std::size_t i = 0; i < levels.size(); ++i)
    if (!levels[i]->empty()) r.memory.push_back({name, m.levelName(i), levels[i]->describe(), levels[i]->bandwidth()});
}

void addPass(Roofline& r, const PhaseEvaluator& eval, const std::string& device, const char* phase, int batch,
             const PassShape& shape, RooflineDetail detail) {
  const auto pass = eval.costPass(shape);
  const auto& dev = eval.device();
  FlopsPerSecond peak;
  for (const auto& [unit, p] : dev.compute().ceilings(dev.operandBits())) peak = std::max(peak, p);
  const BytesPerSecond bandwidth = dev.memory().peakBandwidth() * double(eval.devices());
  peak = peak * double(eval.devices());

  struct Sum {
    Flops flops;
    Bytes bytes, offChip;
    Seconds time;
    std::string cls, bound, layer;
  };
  std::vector<std::pair<std::string, Sum>> sums;
  auto slot = [&](const std::string& key) -> Sum& {
    for (auto& [k, s] : sums)
      if (k == key) return s;
    sums.emplace_back(key, Sum{});
    return sums.back().second;
  };
  for (std::size_t i = 0; i < pass.operators.size(); ++i) {
    const auto& op = pass.operators[i];
    const auto& c = pass.costs[i];
    const double n = op.repeat * eval.devices();
    const bool layers = detail == RooflineDetail::Layers;
    Sum& s = slot(layers ? op.layer : op.name);
    s.layer = op.layer;
    s.cls = layers ? "layer" : std::string(toString(op.cls));
    s.flops += c.flops * n;
    s.bytes += op.totalBytes() * n;
    s.offChip += c.offChipBytes * n;
    s.time += c.time * op.repeat;
    if (!layers) s.bound = c.computeBound ? "compute" : "memory";
  }
  for (const auto& [name, s] : sums) {
    RooflinePoint p;
    p.device = device;
    p.phase = phase;
    p.batch = batch;
    p.layer = s.layer;
    p.name = name;
    p.cls = s.cls;
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

Roofline roofline(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                  const std::vector<int>& batches, RooflineDetail detail) {
  Roofline r;
  const auto* pre = system.prefillGroup();
  const auto* dec = system.decodeGroup();
  if (!pre || !dec) return r;
  const PhaseEvaluator prefill(*pre, system.groupLink, model);
  const PhaseEvaluator decode(*dec, system.groupLink, model);
  const std::string preName = pre->device.name, decName = dec->device.name;
  addCeilings(r, prefill.device(), preName);
  if (pre != dec && pre->device.id != dec->device.id) addCeilings(r, decode.device(), decName);
  for (int b : batches) {
    addPass(r, prefill, preName, "prefill", b, {double(b), double(workload.inputTokens), 0, 1}, detail);
    addPass(r, decode, decName, "decode", b, {double(b), 1, double(workload.inputTokens), 1}, detail);
  }
  return r;
}

} // namespace llmwb
