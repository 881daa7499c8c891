// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/table.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace llmwb::cli {

std::string fmt(const char* pattern, double v) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, v);
  return text;
}

std::string seconds(Seconds s) {
  const double v = s.value();
  if (v >= 100) return fmt("%.0f s", v);
  if (v >= 1) return fmt("%.2f s", v);
  if (v >= 1e-3) return fmt("%.2f ms", v * 1e3);
  return fmt("%.1f us", v * 1e6);
}

namespace {
void row(std::ostream& out, const std::string& label, const std::string& value) {
  out << "  " << label << std::string(label.size() < 26 ? 26 - label.size() : 1, ' ') << value << "\n";
}

void phase(std::ostream& out, const char* title, const PhaseResult& p, bool decode) {
  out << title << (p.feasible ? "" : "  [NOT FEASIBLE: " + p.reason + "]") << "\n";
  if (!p.evaluated) return;
  if (decode) {
    row(out, "batch (max that fits)", std::to_string(p.batch) + " (" + std::to_string(p.maxBatch) + ")");
    row(out, "time between tokens", seconds(p.tbt) + "  (first " + seconds(p.tbtFirst) + ", last " + seconds(p.tbtLast) + ")");
  } else {
    row(out, "batch", std::to_string(p.batch));
    row(out, "time to first token", seconds(p.ttft));
  }
  row(out, "throughput", fmt("%.1f tokens/s", p.tokensPerSecond));
  row(out, "average / peak power", fmt("%.1f W", p.averagePower.value()) + " / " + fmt("%.1f W", p.peakPower.value()));
  row(out, "energy efficiency", fmt("%.4g tokens/J", p.tokensPerJoule));
  row(out, "footprint", fmt("%.1f GiB", units::inGibibytes(p.footprint)));
  for (const auto& l : p.levels)
    row(out, "  " + l.name + " " + l.technology,
        fmt("read %.3g GB", units::inGigabytes(l.read)) + fmt(", written %.3g GB", units::inGigabytes(l.written)) +
            fmt(", %.1f W", l.averagePower.value()));
}

void operators(std::ostream& out, const char* title, const PhaseResult& p) {
  if (p.operators.empty()) return;
  Seconds total;
  for (const auto& o : p.operators) total += o.time;
  out << title << "\n";
  out << "  operator                        layers     time   share   GFLOP     GB off-chip  bound\n";
  for (const auto& o : p.operators) {
    char line[256];
    std::snprintf(line, sizeof line, "  %-30s %6.0f %9s %6.1f%% %9.3g %11.4g  %s\n", o.name.c_str(), o.repeat,
                  seconds(o.time).c_str(), total.value() > 0 ? 100.0 * o.time.value() / total.value() : 0.0,
                  o.flops.value() / 1e9, units::inGigabytes(o.offChipBytes), o.bound.c_str());
    out << line;
  }
}
} // namespace

void printEvaluation(std::ostream& out, const EvaluationResult& r, bool showOperators) {
  out << "System " << r.system << ", model " << r.model << ", workload " << r.workload << " (" << r.inputTokens
      << " in / " << r.outputTokens << " out)\n";
  for (const auto& d : r.devices) {
    out << "Device " << d.name << " [" << d.role << " x" << d.count << "]\n";
    row(out, "engine", d.engine);
    row(out, "compute", d.compute);
    row(out, "memory", d.memory);
    row(out, "strategy / formats", d.strategy + ", " + d.quantisation);
    row(out, "peak compute", fmt("%.4g TFLOP/s", d.peakFlops.value() / 1e12) + fmt(" (%.4g TMAC/s)", d.peakFlops.value() / 2e12));
    row(out, "memory", fmt("%.4g GiB", units::inGibibytes(d.memoryCapacity)) +
                           fmt(", %.4g TB/s", units::inTerabytesPerSecond(d.memoryBandwidth)));
    row(out, "TDP", fmt("%.1f W", d.tdp.value()));
    row(out, "shoreline", fmt("%.1f", d.shorelineUsed.value()) + fmt(" of %.1f mm", d.shorelineAvailable.value()));
    for (const auto& v : d.violations) row(out, "VIOLATION", v);
  }
  phase(out, "Prefill", r.prefill, false);
  phase(out, "Decode", r.decode, true);
  if (!r.parts.empty()) {
    out << "Parts (each on its own group; hand-offs not included)\n";
    for (const auto& p : r.parts)
      row(out, p.part, p.device + ", batch " + std::to_string(p.batch) + ": " + seconds(p.time) + fmt(", %.4g tokens/s", p.tokensPerSecond) +
                           fmt(", %.4g tokens/J", p.tokensPerJoule));
  }
  out << "End to end\n";
  row(out, "throughput", fmt("%.2f tokens/s", r.endToEnd.tokensPerSecond) + fmt(" (%.4g requests/s)", r.endToEnd.requestsPerSecond));
  row(out, "average power", fmt("%.1f W", r.endToEnd.averagePower.value()));
  row(out, "energy efficiency", fmt("%.4g tokens/J", r.endToEnd.tokensPerJoule));
  if (r.endToEnd.kvTransferBytes.value() > 0)
    row(out, "KV hand-off", fmt("%.2f GB", units::inGigabytes(r.endToEnd.kvTransferBytes)) + " in " + seconds(r.endToEnd.kvTransferTime));
  for (const auto& w : r.warnings) out << "warning: " << w << "\n";
  for (const auto& p : r.problems) out << "problem: " << p << "\n";
  if (showOperators) {
    operators(out, "Prefill operators", r.prefill);
    operators(out, "Decode operators (all steps)", r.decode);
  }
}

} // namespace llmwb::cli
