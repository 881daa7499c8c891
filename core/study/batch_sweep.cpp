// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/study/batch_sweep.h"

namespace llmwb {

std::vector<int> powersOfTwo(int largest) {
  std::vector<int> out;
  for (int b = 1; b <= largest; b *= 2) out.push_back(b);
  return out;
}

BatchSweep sweepBatches(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                        const std::vector<int>& batches, int decodeSegments) {
  BatchSweep sweep;
  int fitting = 0;
  for (int b : batches) {
    EvaluationOptions o;
    o.prefillBatch = b;
    o.decodeBatch = b;
    o.decodeSegments = decodeSegments;
    const auto r = evaluate(system, model, workload, o);
    BatchPoint p;
    p.batch = b;
    p.fits = r.prefill.feasible && r.decode.feasible;
    if (!r.prefill.feasible) p.reason = "prefill: " + r.prefill.reason;
    else if (!r.decode.feasible) p.reason = "decode: " + r.decode.reason;
    p.ttft = r.prefill.ttft;
    p.tbt = r.decode.tbt;
    p.decodeTokensPerSecond = r.decode.tokensPerSecond;
    const double out = double(workload.outputTokens);
    const Seconds total = p.ttft + p.tbt * out;
    p.throughput = total.value() > 0 ? b * out / total.value() : 0.0;
    p.averagePower = r.endToEnd.averagePower;
    if (p.fits) {
      sweep.largestFitting = b;
      sweep.meanTtft += p.ttft;
      sweep.meanTbt += p.tbt;
      sweep.meanThroughput += p.throughput;
      ++fitting;
    }
    sweep.points.push_back(std::move(p));
  }
  if (fitting > 0) {
    sweep.meanTtft = sweep.meanTtft / fitting;
    sweep.meanTbt = sweep.meanTbt / fitting;
    sweep.meanThroughput /= fitting;
  }
  return sweep;
}

} // namespace llmwb
