// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/study_json.h"

#include <nlohmann/json.hpp>

namespace llmwb {

using nlohmann::json;

std::string rooflineToJson(const Roofline& r, int indent) {
  json doc{{"format_version", 1}, {"kind", "roofline"}};
  json compute = json::array(), memory = json::array(), points = json::array();
  for (const auto& c : r.compute) compute.push_back({{"device", c.device}, {"unit", c.unit}, {"peak_flops_per_s", c.peak.value()}});
  for (const auto& m : r.memory)
    memory.push_back({{"device", m.device}, {"level", m.level}, {"technology", m.technology}, {"bandwidth_bytes_per_s", m.bandwidth.value()}});
  for (const auto& p : r.points)
    points.push_back({{"device", p.device},
                      {"phase", p.phase},
                      {"batch", p.batch},
                      {"layer", p.layer},
                      {"name", p.name},
                      {"class", p.cls},
                      {"flops", p.flops.value()},
                      {"bytes", p.bytes.value()},
                      {"intensity_flops_per_byte", p.intensity.value()},
                      {"modelled_intensity_flops_per_byte", p.modelledIntensity.value()},
                      {"attainable_flops_per_s", p.attainable.value()},
                      {"achieved_flops_per_s", p.achieved.value()},
                      {"bound", p.bound}});
  doc["ceilings"] = {{"compute", compute}, {"memory", memory}};
  doc["points"] = points;
  return doc.dump(indent);
}

std::string batchSweepToJson(const BatchSweep& s, const std::string& system, const std::string& model,
                             const Workload& workload, int indent) {
  json doc{{"format_version", 1},
           {"kind", "batch_sweep"},
           {"system", system},
           {"model", model},
           {"workload", {{"id", workload.id}, {"input_tokens", workload.inputTokens}, {"output_tokens", workload.outputTokens}}},
           {"largest_fitting_batch", s.largestFitting},
           {"mean_ttft_s", s.meanTtft.value()},
           {"mean_tbt_s", s.meanTbt.value()},
           {"mean_throughput_tokens_per_s", s.meanThroughput}};
  json points = json::array();
  for (const auto& p : s.points)
    points.push_back({{"batch", p.batch},
                      {"fits", p.fits},
                      {"reason", p.reason},
                      {"ttft_s", p.ttft.value()},
                      {"tbt_s", p.tbt.value()},
                      {"decode_tokens_per_s", p.decodeTokensPerSecond},
                      {"throughput_tokens_per_s", p.throughput},
                      {"avg_power_w", p.averagePower.value()}});
  doc["points"] = points;
  return doc.dump(indent);
}

std::string arraySweepToJson(const std::vector<ArrayDesignPoint>& points, const std::string& kernel, int indent) {
  json doc{{"format_version", 1}, {"kind", "array_sweep"}, {"kernel", kernel}};
  json out = json::array();
  for (const auto& p : points)
    out.push_back({{"kind", p.kind},
                   {"label", p.label()},
                   {"rows", p.rows},
                   {"cols", p.cols},
                   {"width", p.width},
                   {"area_mm2", p.area.value()},
                   {"latency_s", p.latency.value()},
                   {"utilisation", p.utilisation},
                   {"pareto", p.pareto},
                   {"chosen", p.chosen}});
  doc["points"] = out;
  return doc.dump(indent);
}

} // namespace llmwb
