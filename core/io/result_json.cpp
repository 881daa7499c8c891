// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/result_json.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace llmwb {

namespace {
using nlohmann::json;

double finite(double v) { return std::isfinite(v) ? v : 0.0; }

json levelsJson(const std::vector<LevelUsage>& levels) {
  json out = json::array();
  for (const auto& l : levels)
    out.push_back({{"level", l.name}, {"technology", l.technology}, {"read_bytes", l.read.value()},
                   {"written_bytes", l.written.value()}, {"avg_power_w", finite(l.averagePower.value())},
                   {"background_power_w", finite(l.backgroundPower.value())}});
  return out;
}

void operatorsJson(json& out, const PhaseResult& phase, const char* name) {
  for (const auto& o : phase.operators) {
    const double intensity = o.offChipBytes.value() > 0 ? o.flops.value() / o.offChipBytes.value() : 0.0;
    out.push_back({{"phase", name},
                   {"name", o.name},
                   {"layer", o.layer},
                   {"class", std::string(toString(o.cls))},
                   {"layers", o.repeat},
                   {"time_s", o.time.value()},
                   {"compute_time_s", o.computeTime.value()},
                   {"flops", o.flops.value()},
                   {"offchip_bytes", o.offChipBytes.value()},
                   {"weight_bytes", o.weightBytes.value()},
                   {"activation_bytes", o.activationBytes.value()},
                   {"cache_bytes", o.cacheBytes.value()},
                   {"energy_j", o.energy.value()},
                   {"bound", o.bound.str()},
                   {"intensity_flops_per_byte", intensity},
                   {"achieved_flops_per_s", finite(o.achieved().value())}});
  }
}

json phaseCommon(const PhaseResult& p) {
  return {{"feasible", p.feasible},
          {"reason", p.reason},
          {"batch", p.batch},
          {"time_s", p.time.value()},
          {"tokens", p.tokens},
          {"tokens_per_s", p.tokensPerSecond},
          {"avg_power_w", finite(p.averagePower.value())},
          {"peak_power_w", p.peakPower.value()},
          {"energy_j", p.energy.value()},
          {"tokens_per_joule", p.tokensPerJoule},
          {"footprint_bytes", p.footprint.value()},
          {"levels", levelsJson(p.levels)}};
}
} // namespace

std::string evaluationToJson(const EvaluationResult& r, int indent) {
  json doc;
  doc["format_version"] = 1;
  doc["kind"] = "evaluation";
  doc["system"] = r.system;
  doc["model"] = r.model;
  doc["workload"] = {{"id", r.workload}, {"input_tokens", r.inputTokens}, {"output_tokens", r.outputTokens}};
  doc["feasible"] = r.feasible;
  doc["problems"] = r.problems;
  doc["warnings"] = r.warnings;
  json devices = json::array();
  for (const auto& d : r.devices) {
    devices.push_back({{"id", d.id},
                       {"name", d.name},
                       {"role", d.role},
                       {"count", d.count},
                       {"engine", d.engine},
                       {"compute", d.compute},
                       {"memory", d.memory},
                       {"strategy", d.strategy},
                       {"quantisation", d.quantisation},
                       {"peak_flops", d.peakFlops.value()},
                       {"peak_macs_per_s", units::inMacsPerSecond(d.peakFlops)},
                       {"memory_capacity_bytes", d.memoryCapacity.value()},
                       {"on_chip_capacity_bytes", d.onChipCapacity.value()},
                       {"memory_bandwidth_bytes_per_s", d.memoryBandwidth.value()},
                       {"tdp_w", d.tdp.value()},
                       {"area_mm2", d.area.value()},
                       {"shoreline_used_mm", d.shorelineUsed.value()},
                       {"shoreline_available_mm", d.shorelineAvailable.value()},
                       {"violations", d.violations}});
    if (d.computeChiplets > 0)
      devices.back()["package"] = {{"compute_chiplets", d.computeChiplets},
                                   {"systolic_arrays_per_chiplet", d.systolicPerChiplet},
                                   {"vector_arrays_per_chiplet", d.vectorPerChiplet},
                                   {"chiplet_area_mm2", d.chipletArea.value()},
                                   {"chiplet_area_cap_mm2", d.chipletCap.value()},
                                   {"interposer_area_mm2", d.interposerArea.value()},
                                   {"interposer_limit_mm2", d.interposerLimit.value()}};
  }
  doc["devices"] = devices;

  json prefill = phaseCommon(r.prefill);
  prefill["ttft_s"] = r.prefill.ttft.value();
  doc["prefill"] = prefill;

  json decode = phaseCommon(r.decode);
  decode["max_batch"] = r.decode.maxBatch;
  decode["tbt_s"] = r.decode.tbt.value();
  decode["tbt_first_s"] = r.decode.tbtFirst.value();
  decode["tbt_last_s"] = r.decode.tbtLast.value();
  doc["decode"] = decode;

  if (!r.parts.empty()) {
    json parts = json::array();
    for (const auto& p : r.parts)
      parts.push_back({{"part", p.part},
                       {"group", p.group},
                       {"device", p.device},
                       {"batch", p.batch},
                       {"tokens", p.tokens},
                       {"time_s", p.time.value()},
                       {"dynamic_energy_j", p.dynamicEnergy.value()},
                       {"energy_j", p.energy.value()},
                       {"tokens_per_s", p.tokensPerSecond},
                       {"tokens_per_joule", p.tokensPerJoule}});
    doc["parts"] = parts;
  }
  doc["end_to_end"] = {{"tokens_per_s", r.endToEnd.tokensPerSecond},
                       {"requests_per_s", r.endToEnd.requestsPerSecond},
                       {"avg_power_w", finite(r.endToEnd.averagePower.value())},
                       {"tokens_per_joule", r.endToEnd.tokensPerJoule},
                       {"kv_transfer_bytes", r.endToEnd.kvTransferBytes.value()},
                       {"kv_transfer_s", r.endToEnd.kvTransferTime.value()}};
  doc["silicon_area_mm2"] = r.siliconArea.value();
  doc["decode_tokens_per_s_per_mm2"] = r.decodeTokensPerSecondPerMm2;
  if (!r.areaMissing.empty()) doc["area_missing"] = r.areaMissing;
  json ops = json::array();
  operatorsJson(ops, r.prefill, "prefill");
  operatorsJson(ops, r.decode, "decode");
  doc["operators"] = ops;
  return doc.dump(indent);
}

} // namespace llmwb
