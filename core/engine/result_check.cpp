// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/result_check.h"

#include <cmath>
#include <string>

namespace llmwb::engine {

namespace {
struct Checker {
  std::vector<std::string> problems;

  // The message is put together only for a number that fails: checks run on every evaluation.
  template <class Q, class What> void operator()(Q& q, What what) { number(q.value(), what, [&](double v) { q = Q(v); }); }
  template <class What> void operator()(double& v, What what) { number(v, what, [&](double x) { v = x; }); }

  template <class What, class Set> void number(double v, What what, Set set) {
    if (std::isfinite(v) && v >= 0) return;
    problems.push_back(message(what) + (std::isfinite(v) ? " is negative" : " is not finite") + " (the model breaks down here)");
    set(0.0);
  }
  static std::string message(const char* what) { return what; }
  template <class Make> static std::string message(Make make) { return make(); }

  void phase(PhaseResult& p, const std::string& name) {
    if (!p.evaluated) return;
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
    for (auto& o : p.operators) {
      c(o.time, [&] { return name + ": " + o.name + " time"; });
      c(o.energy, [&] { return name + ": " + o.name + " energy"; });
      c(o.flops, [&] { return name + ": " + o.name + " FLOPs"; });
      c(o.offChipBytes, [&] { return name + ": " + o.name + " off-chip bytes"; });
    }
    for (auto& l : p.levels) c(l.averagePower, [&] { return name + ": " + l.name + " power"; });
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
  for (auto& p : r.parts) {
    c(p.time, [&] { return p.part + ": time"; });
    c(p.energy, [&] { return p.part + ": energy"; });
    c(p.tokensPerSecond, [&] { return p.part + ": tokens per second"; });
    c(p.tokensPerJoule, [&] { return p.part + ": tokens per joule"; });
  }
  for (auto& d : r.devices) {
    c(d.tdp, [&] { return d.name + ": TDP"; });
    c(d.memoryCapacity, [&] { return d.name + ": memory capacity"; });
    c(d.peakFlops, [&] { return d.name + ": peak FLOP/s"; });
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
