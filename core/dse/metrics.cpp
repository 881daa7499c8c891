// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dse/metrics.h"

#include <algorithm>
#include <limits>

namespace llmwb::dse {

namespace {
using Read = std::optional<double> (*)(const EvaluationResult&);

std::optional<double> usable(const PhaseResult& p, double value) {
  if (!p.evaluated || !p.feasible) return std::nullopt;
  return value;
}

std::optional<double> totalTdp(const EvaluationResult& r) {
  if (r.devices.empty()) return std::nullopt;
  double w = 0;
  for (const auto& d : r.devices) w += d.tdp.value() * d.count;
  return w;
}

std::optional<double> largestDeviceTdp(const EvaluationResult& r) {
  if (r.devices.empty()) return std::nullopt;
  double w = 0;
  for (const auto& d : r.devices) w = std::max(w, d.tdp.value());
  return w;
}

std::optional<double> shorelineSlack(const EvaluationResult& r) {
  if (r.devices.empty()) return std::nullopt;
  double slack = std::numeric_limits<double>::infinity();
  for (const auto& d : r.devices) slack = std::min(slack, (d.shorelineAvailable - d.shorelineUsed).value());
  return slack;
}

std::optional<double> memoryCapacity(const EvaluationResult& r) {
  if (r.devices.empty()) return std::nullopt;
  double bytes = 0;
  for (const auto& d : r.devices) bytes += d.memoryCapacity.value() * d.count;
  return bytes / double(1ull << 30);
}

std::optional<double> onChipCapacity(const EvaluationResult& r) {
  if (r.devices.empty()) return std::nullopt;
  double least = std::numeric_limits<double>::infinity();
  for (const auto& d : r.devices) least = std::min(least, d.onChipCapacity.value());
  return least / double(1ull << 30);
}

/// Chiplet packages only: the interposer area of every package (DUET 4.5).
std::optional<double> packageArea(const EvaluationResult& r) {
  double area = 0;
  for (const auto& d : r.devices) area += d.interposerArea.value() * d.count;
  return area > 0 ? std::optional<double>(area) : std::nullopt;
}

std::optional<double> endToEnd(const EvaluationResult& r, double value) {
  if (!r.prefill.evaluated || !r.decode.evaluated || r.endToEnd.tokensPerSecond <= 0) return std::nullopt;
  return value;
}
} // namespace

const std::vector<Metric>& builtinMetrics() {
  static const std::vector<Metric> metrics = {
      {"tdp_W", "thermal design power of every device", "W", "", totalTdp, true},
      {"device_tdp_W", "thermal design power of the hungriest single device", "W", "(a per-device cap in a system of several kinds)",
       largestDeviceTdp, true},
      {"shoreline_slack_mm", "die edge left after the off-chip PHYs", "mm", "(Eq. 1; negative breaks it)", shorelineSlack, true},
      {"memory_capacity_GiB", "main-memory capacity of every device", "GiB", "(off-chip levels; on-chip without them)", memoryCapacity, true},
      {"on_chip_capacity_GiB", "on-chip capacity of the device with the least", "GiB", "(0: no on-chip memory)", onChipCapacity, true},
      {"area_mm2", "interposer area of every chiplet package", "mm²", "(DUET 4.5; only for package devices)", packageArea, true},
      {"prefill.tokens_per_s", "prefill throughput", "tokens/s", "",
       [](const EvaluationResult& r) { return usable(r.prefill, r.prefill.tokensPerSecond); }},
      {"prefill.ttft_s", "time to first token", "s", "", [](const EvaluationResult& r) { return usable(r.prefill, r.prefill.ttft.value()); }},
      {"prefill.avg_power_W", "average power during prefill", "W", "",
       [](const EvaluationResult& r) { return usable(r.prefill, r.prefill.averagePower.value()); }},
      {"prefill.tokens_per_J", "prefill energy efficiency", "tokens/J", "",
       [](const EvaluationResult& r) { return usable(r.prefill, r.prefill.tokensPerJoule); }},
      {"decode.tokens_per_s", "decode throughput at the largest batch that fits", "tokens/s", "",
       [](const EvaluationResult& r) { return usable(r.decode, r.decode.tokensPerSecond); }},
      {"decode.tbt_s", "mean time between tokens of one sequence", "s", "",
       [](const EvaluationResult& r) { return usable(r.decode, r.decode.tbt.value()); }},
      {"decode.avg_power_W", "average power during decode", "W", "",
       [](const EvaluationResult& r) { return usable(r.decode, r.decode.averagePower.value()); }},
      {"decode.compute_power_W", "average dynamic compute power during decode", "W", "(NMP devices: the logic die)",
       [](const EvaluationResult& r) {
         return usable(r.decode, r.decode.time.value() > 0 ? r.decode.energyBreakdown.compute.value() / r.decode.time.value() : 0.0);
       }},
      {"decode.die_power_W", "average dynamic power of the dies during decode", "W",
       "(compute plus the on-chip level's per-bit energy; NMP: the logic die with its buffers; GPUs: the chip with its L2)",
       [](const EvaluationResult& r) {
         const double t = r.decode.time.value();
         return usable(r.decode, t > 0 ? r.decode.energyBreakdown.compute.value() / t + onChipTrafficPower(r.decode.levels).value() : 0.0);
       }},
      {"decode.tokens_per_J", "decode energy efficiency", "tokens/J", "",
       [](const EvaluationResult& r) { return usable(r.decode, r.decode.tokensPerJoule); }},
      {"decode.max_batch", "largest power-of-two decode batch whose weights and caches fit", "sequences", "(0: none)",
       [](const EvaluationResult& r) -> std::optional<double> { return r.decode.maxBatch; }},
      {"end_to_end.tokens_per_s", "generated tokens per second", "tokens/s", "(steady state)",
       [](const EvaluationResult& r) { return endToEnd(r, r.endToEnd.tokensPerSecond); }},
      {"end_to_end.tokens_per_J", "end-to-end energy efficiency", "tokens/J", "",
       [](const EvaluationResult& r) { return endToEnd(r, r.endToEnd.tokensPerJoule); }},
      {"end_to_end.avg_power_W", "end-to-end average power", "W", "",
       [](const EvaluationResult& r) { return endToEnd(r, r.endToEnd.averagePower.value()); }},
  };
  return metrics;
}

const Metric* findMetric(const std::string& name) {
  const auto& all = builtinMetrics();
  const auto it = std::find_if(all.begin(), all.end(), [&](const Metric& m) { return m.name == name; });
  return it == all.end() ? nullptr : &*it;
}

std::string metricNames() {
  std::string out;
  for (const auto& m : builtinMetrics()) out += (out.empty() ? "" : ", ") + m.name;
  return out;
}

} // namespace llmwb::dse
