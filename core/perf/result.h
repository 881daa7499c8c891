// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/model/operators.h"
#include "core/units/quantity.h"

#include <string>
#include <vector>

namespace llmwb {

/// One operator's share of a phase, summed over its layers and (decode) every step.
struct OperatorResult {
  std::string name;
  std::string layer;
  OperatorClass cls = OperatorClass::Projection;
  double repeat = 1;
  Seconds time;
  Seconds computeTime;
  Flops flops;
  Bytes offChipBytes;
  Bytes weightBytes, activationBytes, cacheBytes;
  Joules energy; ///< dynamic energy (compute + memory)
  std::string bound; ///< "compute" or "<stream> @ <level>"
  FlopsPerByte intensity() const { return offChipBytes.value() > 0 ? flops / offChipBytes : FlopsPerByte(1e30); }
  FlopsPerSecond achieved() const { return time.value() > 0 ? flops / time : FlopsPerSecond(); }
};

struct LevelUsage {
  std::string name;        ///< "on-chip", "L1", ...
  std::string technology;  ///< "HBM3E 8-high x4"
  Bytes read, written;
  Watts averagePower;      ///< Eq. 6 over the phase
};

struct PhaseResult {
  bool evaluated = false;
  bool feasible = true;
  std::string reason;
  int batch = 0;
  int maxBatch = 0;        ///< decode: the largest power-of-two batch that fits
  Seconds time;            ///< the whole phase
  double tokens = 0;       ///< tokens produced (decode) or processed (prefill)
  Seconds ttft;            ///< prefill: time to first token
  Seconds tbt;             ///< decode: mean time between tokens of one sequence
  Seconds tbtFirst, tbtLast;
  double tokensPerSecond = 0;
  Watts averagePower;
  Watts peakPower;         ///< TDP of the devices doing the phase
  Joules energy;
  double tokensPerJoule = 0;
  Bytes footprint;         ///< weights + caches the phase keeps
  std::vector<OperatorResult> operators;
  std::vector<LevelUsage> levels;
};

struct DeviceSummary {
  std::string id;
  std::string name;
  std::string role;
  int count = 1;
  std::string compute;
  std::string memory;      ///< hierarchy, one line
  std::string strategy;
  std::string quantisation;
  FlopsPerSecond peakFlops;   ///< per device
  Bytes memoryCapacity;       ///< per device: main memory (the off-chip levels; on-chip if there are none)
  Bytes onChipCapacity;       ///< per device: SRAM, buffers, caches
  BytesPerSecond memoryBandwidth; ///< per device, first off-chip level
  Watts tdp;                  ///< per device
  // Chiplet packages only (zero otherwise).
  SquareMillimeters chipletArea, chipletCap, interposerArea, interposerLimit;
  int computeChiplets = 0, systolicPerChiplet = 0, vectorPerChiplet = 0;
  Millimeters shorelineUsed, shorelineAvailable;
  std::vector<std::string> violations; ///< constraints the design breaks (shoreline, ...)
};

struct EndToEnd {
  double tokensPerSecond = 0; ///< generated tokens per second, steady state
  double requestsPerSecond = 0;
  Watts averagePower;
  double tokensPerJoule = 0;
  Seconds kvTransferTime;     ///< prefill -> decode hand-off per request (disaggregated)
  Bytes kvTransferBytes;
};

struct EvaluationResult {
  std::string system, model, workload;
  long long inputTokens = 0, outputTokens = 0;
  bool feasible = true;
  std::vector<std::string> problems; ///< why not feasible
  std::vector<std::string> warnings;
  std::vector<DeviceSummary> devices;
  PhaseResult prefill;
  PhaseResult decode;
  EndToEnd endToEnd;
};

} // namespace llmwb
