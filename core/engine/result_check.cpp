// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/result_check.h"

#include <cmath>
#include <string>

namespace llmwb::engine {

namespace {
struct Checker {
  std::vector<std::string> problems;

  template <class Q> void operator()(Q& q, const std::string& what) { number(q.value(), what, [&](double v) { q = Q(v); }); }
  void operator()(double& v, const std::string& what) { number(v, what, [&](double x) { v = x; }); }

  template <class Set> void number(double v, const std::string& what, Set set) {
    if (std::isfinite(v) && v >= 0) return;
    problems.push_back(what + (std::isfinite(v) ? " is negative" : " is not finite") + " (the model breaks down here)");
    set(0.0);
  }

  void phase(PhaseResult& p, const std::string& name) {
    if (!p.evaluated) return;
    auto& c = *this;
    c(p.time, name + ": time");
    c(p.tokens, name + ": tokens");
    c(p.ttft, name + ": time to first token");
    c(p.tbt, name + ": time between tokens");
    c(p.tbtFirst, name + ": first time between tokens");
    c(p.tbtLast, name + ": last time between tokens");
    c(p.tokensPerSecond, name + ": tokens per second");
    c(p.averagePower, name + ": average power");
    c(p.peakPower, name + ": peak power");
    c(p.energy, name + ": energy");
    c(p.tokensPerJoule, name + ": tokens per joule");
    c(p.footprint, name + ": memory footprint");
    for (auto& o : p.operators) {
      c(o.time, name + ": " + o.name + " time");
      c(o.energy, name + ": " + o.name + " energy");
      c(o.flops, name + ": " + o.name + " FLOPs");
      c(o.offChipBytes, name + ": " + o.name + " off-chip bytes");
    }
    for (auto& l : p.levels) c(l.averagePower, name + ": " + l.name + " power");
  }
};
} // namespace

void checkResult(EvaluationResult& r) {
  Checker c;
  c.phase(r.prefill, "prefill");
  c.phase(r.decode, "decode");
  c(r.endToEnd.tokensPerSecond, "end to end: tokens per second");
  c(r.endToEnd.requestsPerSecond, "end to end: requests per second");
  c(r.endToEnd.averagePower, "end to end: average power");
  c(r.endToEnd.tokensPerJoule, "end to end: tokens per joule");
  c(r.endToEnd.kvTransferTime, "end to end: KV hand-off time");
  for (auto& d : r.devices) {
    c(d.tdp, d.name + ": TDP");
    c(d.memoryCapacity, d.name + ": memory capacity");
    c(d.peakFlops, d.name + ": peak FLOP/s");
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
