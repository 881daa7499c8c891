// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/result_check.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace llmwb::engine {

namespace {
/// Named figures per part of the result ("decode", a heterogeneous part, the end to end): a design
/// the model breaks down on fails dozens of them; the first few say where, a count says the rest.
constexpr int kNamedPerPart = 3;

struct Checker {
  std::vector<std::string> problems;
  std::string part;  ///< what the figures being checked belong to
  int failed = 0;    ///< in `part`

  // The message is put together only for a number that fails: checks run on every evaluation.
  template <class Q, class What> void operator()(Q& q, What what) { number(q.value(), what, [&](double v) { q = Q(v); }); }
  template <class What> void operator()(double& v, What what) { number(v, what, [&](double x) { v = x; }); }

  template <class What, class Set> void number(double v, What what, Set set) {
    if (std::isfinite(v) && v >= 0) return;
    if (++failed <= kNamedPerPart)
      problems.push_back(message(what) + (std::isfinite(v) ? " is negative" : " is not finite") + " (the model breaks down here)");
    set(0.0);
  }
  /// Starts the figures of `name`, closing the previous part's with the count of those not named.
  void begin(const std::string& name) {
    end();
    part = name;
    failed = 0;
  }
  void end() {
    if (failed > kNamedPerPart)
      problems.push_back(part + ": " + std::to_string(failed - kNamedPerPart) + " more figures not finite or negative (set to 0)");
    failed = 0;
  }
  static std::string message(const char* what) { return what; }
  template <class Make> static std::string message(Make make) { return make(); }

  void phase(PhaseResult& p, const std::string& name) {
    if (!p.evaluated) return;
    begin(name);
    auto& c = *this;
    c(p.time, [&] { return name + ": time"; });
    c(p.tokens, [&] { return name + ": tokens"; });
    c(p.ttft, [&] { return name + ": time to first token"; });
    c(p.tbt, [&] { return name + ": time between tokens"; });
    c(p.tbtFirst, [&] { return name + ": first time between tokens"; });
    c(p.tbtLast, [&] { return name + ": last time between tokens"; });
    c(p.tokensPerSecond, [&] { return name + ": tokens per second"; });
    c(p.averagePower, [&] { return name + ": average power"; });
    c(p.peakPower, [&] { return name + ": peak power"; });
    c(p.energy, [&] { return name + ": energy"; });
    c(p.tokensPerJoule, [&] { return name + ": tokens per joule"; });
    c(p.footprint, [&] { return name + ": memory footprint"; });
    c(p.energyBreakdown.compute, [&] { return name + ": compute energy"; });
    c(p.energyBreakdown.memory, [&] { return name + ": memory energy"; });
    c(p.energyBreakdown.communication, [&] { return name + ": communication energy"; });
    c(p.energyBreakdown.idle, [&] { return name + ": idle energy"; });
    for (auto& o : p.operators) {
      c(o.time, [&] { return name + ": " + o.name + " time"; });
      c(o.computeTime, [&] { return name + ": " + o.name + " compute time"; });
      c(o.energy, [&] { return name + ": " + o.name + " energy"; });
      c(o.flops, [&] { return name + ": " + o.name + " FLOPs"; });
      c(o.offChipBytes, [&] { return name + ": " + o.name + " off-chip bytes"; });
      c(o.weightBytes, [&] { return name + ": " + o.name + " weight bytes"; });
      c(o.activationBytes, [&] { return name + ": " + o.name + " activation bytes"; });
      c(o.cacheBytes, [&] { return name + ": " + o.name + " cache bytes"; });
    }
    for (auto& l : p.levels) {
      c(l.averagePower, [&] { return name + ": " + l.name + " power"; });
      c(l.backgroundPower, [&] { return name + ": " + l.name + " background power"; });
      c(l.read, [&] { return name + ": " + l.name + " bytes read"; });
      c(l.written, [&] { return name + ": " + l.name + " bytes written"; });
    }
    end();
  }
};
} // namespace

void checkResult(EvaluationResult& r) {
  Checker c;
  c.phase(r.prefill, "prefill");
  c.phase(r.decode, "decode");
  c.begin("end to end");
  c(r.endToEnd.tokensPerSecond, "end to end: tokens per second");
  c(r.endToEnd.requestsPerSecond, "end to end: requests per second");
  c(r.endToEnd.averagePower, "end to end: average power");
  c(r.endToEnd.tokensPerJoule, "end to end: tokens per joule");
  c(r.endToEnd.kvTransferTime, "end to end: KV hand-off time");
  c(r.endToEnd.kvTransferBytes, "end to end: KV hand-off bytes");
  c(r.siliconArea, "silicon area");
  c(r.decodeTokensPerSecondPerMm2, "decode tokens per second per mm^2");
  for (auto& p : r.parts) {
    c.begin(p.part);
    c(p.time, [&] { return p.part + ": time"; });
    c(p.tokens, [&] { return p.part + ": tokens"; });
    c(p.dynamicEnergy, [&] { return p.part + ": dynamic energy"; });
    c(p.energy, [&] { return p.part + ": energy"; });
    c(p.tokensPerSecond, [&] { return p.part + ": tokens per second"; });
    c(p.tokensPerJoule, [&] { return p.part + ": tokens per joule"; });
  }
  for (auto& d : r.devices) {
    c.begin(d.name);
    c(d.tdp, [&] { return d.name + ": TDP"; });
    c(d.memoryCapacity, [&] { return d.name + ": memory capacity"; });
    c(d.onChipCapacity, [&] { return d.name + ": on-chip capacity"; });
    c(d.memoryBandwidth, [&] { return d.name + ": memory bandwidth"; });
    c(d.peakFlops, [&] { return d.name + ": peak FLOP/s"; });
    c(d.area, [&] { return d.name + ": area"; });
  }
  c.end();
  // Average power above the devices' TDP: the TDP given is below what the design draws (a GPU whose
  // TDP is under its memory's own power). The figures would contradict each other; the design is
  // not one that can run as specified.
  for (auto* p : {&r.prefill, &r.decode})
    if (p->evaluated && p->peakPower.value() > 0 && p->averagePower.value() > p->peakPower.value() * (1 + 1e-9)) {
      char text[160];
      std::snprintf(text, sizeof text, ": average power %.4g W above the TDP of %.4g W (the TDP is below what the design draws)",
                    p->averagePower.value(), p->peakPower.value());
      c.problems.push_back(std::string(p == &r.prefill ? "prefill" : "decode") + text);
      p->feasible = false;
      if (p->reason.empty()) p->reason = "average power above the TDP";
    }
  for (auto* p : {&r.prefill, &r.decode})
    if (p->evaluated && p->feasible && p->tokensPerSecond <= 0) {
      p->feasible = false;
      p->reason = "produces no tokens";
      c.problems.push_back(std::string(p == &r.prefill ? "prefill" : "decode") + ": produces no tokens");
    }
  if (c.problems.empty()) return;
  r.problems.insert(r.problems.end(), c.problems.begin(), c.problems.end());
  r.feasible = false;
}

} // namespace llmwb::engine
