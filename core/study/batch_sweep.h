// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/evaluate.h"

#include <string>
#include <vector>

namespace llmwb {

/// One batch size of a sweep: B requests prefilled together, then decoded together.
struct BatchPoint {
  int batch = 0;
  bool fits = true;
  std::string reason;  ///< why the batch does not fit or is not feasible
  Seconds ttft;        ///< prefill of the B prompts (+ the exposed cache hand-off)
  Seconds tbt;         ///< mean decode step over the output
  double decodeTokensPerSecond = 0; ///< B / TBT
  /// DUET 4.4 throughput: generated tokens over the request's whole time, B x out / (TTFT + out x TBT).
  double throughput = 0;
  Watts averagePower;
};

/// TTFT, throughput and TBT against batch size (DUET Fig. 6, Table 4).
struct BatchSweep {
  std::vector<BatchPoint> points;
  int largestFitting = 0;
  /// Arithmetic means over the batch sizes that fit (how Table 4 summarises a sweep).
  Seconds meanTtft;
  Seconds meanTbt;
  double meanThroughput = 0;
};

/// 1, 2, 4, ... up to `largest`.
std::vector<int> powersOfTwo(int largest);

BatchSweep sweepBatches(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                        const std::vector<int>& batches, int decodeSegments = 4);

} // namespace llmwb
