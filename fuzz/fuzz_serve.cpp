// SPDX-License-Identifier: GPL-3.0-or-later
// Serve after read: a fuzzed system (or device) document serves a few requests of a shipped model
// with its default scheduler (the disaggregated one's chain of pools for a heterogeneous system).
// simulate() must answer with a result, never an exception; no latency, rate or energy in it may
// be NaN, infinite or negative, and a request cannot finish before its first token.
#include "fuzz/fuzz_input.h"
#include "core/serving/serving.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

using namespace llmwb;

namespace {

void requireSane(double value, const char* what) {
  if (std::isfinite(value) && value >= 0) return;
  std::fprintf(stderr, "fuzz_serve: %s is %g\n", what, value);
  std::abort();
}

void requireSane(const serving::Percentiles& p, const char* what) {
  for (const auto& v : {p.mean, p.p50, p.p90, p.p99}) requireSane(v.value(), what);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ModelSpec model = fuzz::shippedPresets().model("qwen3-1.7b");
  std::optional<SystemSpec> system;
  fuzz::expectInputErrors(fuzz::inputText(data, size), [&] { system = fuzz::shippedPresets().system(fuzz::inputFile(data, size, ".json")); });
  if (!system) return 0;
  serving::ServingConfig config;
  config.workload.inputTokens = 256;
  config.workload.outputTokens = 8;
  config.arrivals = serving::ArrivalProcess::Poisson;
  config.rate = 4;
  config.requests = 4;
  config.scheduler = serving::defaultScheduler(*system);
  const auto r = serving::simulate(*system, model, config);
  requireSane(r.ttft, "TTFT");
  requireSane(r.tbt, "TBT");
  requireSane(r.e2e, "E2E");
  requireSane(r.makespan.value(), "makespan");
  requireSane(r.outputTokensPerSecond, "output tokens/s");
  requireSane(r.energy.value(), "energy");
  requireSane(r.energyPerToken.value(), "energy per token");
  for (const auto& rec : r.records)
    if (rec.completed && rec.finish < rec.firstToken) {
      std::fprintf(stderr, "fuzz_serve: a request finished at %g s, before its first token at %g s\n", rec.finish.value(),
                   rec.firstToken.value());
      std::abort();
    }
  return 0;
}
