// SPDX-License-Identifier: GPL-3.0-or-later
// Evaluate after read: a fuzzed system (or device) document runs a shipped model and workload.
// Whatever the document says, evaluate() must answer with a result, never an exception, and no
// number in it may be NaN, infinite or negative (core/engine/result_check.h promises that at the
// seam; this checks the promise from outside and aborts, which libFuzzer reports, when it breaks).
#include "fuzz/fuzz_input.h"
#include "core/engine/evaluate.h"
#include "core/io/result_json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

using namespace llmwb;

namespace {

void requireSane(double value, const std::string& what) {
  if (std::isfinite(value) && value >= 0) return;
  std::fprintf(stderr, "fuzz_evaluate: %s is %g\n", what.c_str(), value);
  std::abort();
}

void requireSane(const PhaseResult& p, const std::string& phase) {
  if (!p.evaluated) return;
  requireSane(p.time.value(), phase + " time");
  requireSane(p.tokens, phase + " tokens");
  requireSane(p.ttft.value(), phase + " ttft");
  requireSane(p.tbt.value(), phase + " tbt");
  requireSane(p.tokensPerSecond, phase + " tokens/s");
  requireSane(p.averagePower.value(), phase + " average power");
  requireSane(p.energy.value(), phase + " energy");
  requireSane(p.tokensPerJoule, phase + " tokens/J");
  requireSane(p.footprint.value(), phase + " footprint");
  for (const auto& o : p.operators) {
    requireSane(o.time.value(), phase + " " + o.name + " time");
    requireSane(o.offChipBytes.value(), phase + " " + o.name + " off-chip bytes");
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Read once: the model and workload are fixed, the system is what varies.
  static const ModelSpec model = fuzz::shippedPresets().model("qwen3-1.7b");
  static const Workload workload = fuzz::shippedPresets().workload("chat");
  std::optional<SystemSpec> system;
  fuzz::expectInputErrors(fuzz::inputText(data, size), [&] { system = fuzz::shippedPresets().system(fuzz::inputFile(data, size, ".json")); });
  if (!system) return 0;
  const EvaluationResult result = evaluate(*system, model, workload);
  requireSane(result.prefill, "prefill");
  requireSane(result.decode, "decode");
  requireSane(result.endToEnd.tokensPerSecond, "end-to-end tokens/s");
  requireSane(result.endToEnd.requestsPerSecond, "end-to-end requests/s");
  requireSane(result.endToEnd.averagePower.value(), "end-to-end average power");
  requireSane(result.endToEnd.tokensPerJoule, "end-to-end tokens/J");
  requireSane(result.endToEnd.kvTransferTime.value(), "KV hand-off time");
  // Every figure the JSON holds, infeasible results included: the writer prints a non-finite
  // number as null (a quote inside a string is escaped, so "\": null" is a value, never text).
  if (const std::string json = evaluationToJson(result, 0); json.find("\": null") != std::string::npos) {
    std::fprintf(stderr, "fuzz_evaluate: a null figure in the JSON: %s\n",
                 json.substr(json.rfind('\n', json.find("\": null")) + 1, 120).c_str());
    std::abort();
  }
  return 0;
}
