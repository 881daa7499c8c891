// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/params/shared_text.h"
#include "core/engine/roofline_result.h"
#include "core/model/operators.h"
#include "core/units/quantity.h"

#include <memory>
#include <string>
#include <vector>

namespace llmwb {

namespace engine {
class PerformanceModel;
}

/// What limits an operator: its compute, a memory level's bandwidth, or the group's collectives.
enum class BoundKind { Compute, Memory, Communication };

/// Energy of a step or phase on the whole group, by where it goes.
struct EnergyBreakdown {
  Joules compute;       ///< dynamic compute energy
  Joules memory;        ///< dynamic memory energy (Eq. 6 per-bit terms) at every level
  Joules communication; ///< tensor-parallel collectives over the group link
  Joules idle;          ///< static compute share and memory background power over the time
  Joules total() const { return compute + memory + communication + idle; }
};

/// One operator's share of a phase, summed over its layers and (decode) every step.
struct OperatorResult {
  SharedText name;  ///< shared with the operator it reports (copies allocate nothing)
  SharedText layer;
  OperatorClass cls = OperatorClass::Projection;
  double repeat = 1;
  Seconds time;
  Seconds computeTime;
  Flops flops;
  Bytes offChipBytes;
  Bytes weightBytes, activationBytes, cacheBytes;
  Joules energy; ///< dynamic energy (compute + memory)
  SharedText bound; ///< "compute" or "<stream> @ <level>" (display; shared by the operators it describes)
  BoundKind boundKind = BoundKind::Compute;
  int boundLevel = -1; ///< memory level (0 on-chip, 1 = L1, ...) when memory-bound
  FlopsPerByte intensity() const { return offChipBytes.value() > 0 ? flops / offChipBytes : FlopsPerByte(1e30); }
  FlopsPerSecond achieved() const { return time.value() > 0 ? flops / time : FlopsPerSecond(); }
};

struct LevelUsage {
  int depth = 0;           ///< 0 on-chip, 1 = L1, ...
  std::string name;        ///< "on-chip", "L1", ...
  std::string technology;  ///< "HBM3E 8-high x4"
  Bytes read, written;
  Watts averagePower;      ///< Eq. 6 over the phase
  /// The part of averagePower that holding data costs whether or not it moves (p_bg x capacity,
  /// Eq. 6's background term); the rest is the per-bit energy of the traffic.
  Watts backgroundPower;
};

/// The per-bit (traffic) power of the on-chip level: with the compute's dynamic power, what the
/// dies themselves draw (an NMP logic die's buffers, a GPU's L2).
inline Watts onChipTrafficPower(const std::vector<LevelUsage>& levels) {
  Watts w;
  for (const auto& l : levels)
    if (l.depth == 0) w += l.averagePower - l.backgroundPower;
  return w;
}

struct PhaseResult {
  bool evaluated = false;
  std::string engine;      ///< the engine that computed the phase (its first part's, on a heterogeneous system)
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
  EnergyBreakdown energyBreakdown; ///< `energy` by component
  double tokensPerJoule = 0;
  Bytes footprint;         ///< weights + caches the phase keeps
  std::vector<OperatorResult> operators;
  std::vector<LevelUsage> levels;
};

struct DeviceSummary {
  int group = -1;          ///< index into SystemSpec::groups
  std::string engine;      ///< the engine that models the group
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
  SquareMillimeters area;     ///< silicon area of one device when its compute kind or engine models it (NMP logic die, NpuSim chip), else 0
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

/// One part of a heterogeneous system (MemExplorer 5.5): the prefill's attention or FFN layers on
/// their group, or one decode phase on its group. Times and energies are the part's own, without
/// the hand-offs between parts.
struct PartResult {
  std::string part;        ///< "prefill attention", "prefill ffn", "decode 0-50 %", ...
  int group = -1;          ///< index into SystemSpec::groups
  std::string device;      ///< the group's device name
  int batch = 0;           ///< requests the part works on together
  double tokens = 0;       ///< prefill: prompt tokens processed; decode: tokens generated in the phase
  Seconds time;            ///< the part's time for its batch
  Joules dynamicEnergy;    ///< compute + memory + collectives of the part (no static power)
  Joules energy;           ///< dynamic energy + the group's static power over `time`
  double tokensPerSecond = 0; ///< tokens / time
  double tokensPerJoule = 0;  ///< tokens / energy
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
  /// Silicon area of every device (core/engine/silicon_area.h); 0 when a device has no area model,
  /// and `areaMissing` says which and why.
  SquareMillimeters siliconArea;
  std::string areaMissing;
  double decodeTokensPerSecondPerMm2 = 0; ///< decode throughput / siliconArea (0 when either is missing)
  /// Heterogeneous systems only (SystemSpec::heterogeneous): each part on its group.
  std::vector<PartResult> parts;
  /// Ceilings of every group and one point per operator at the prefill pass and the first decode
  /// step, at the evaluated batches; filled when EvaluationOptions::roofline asks for it.
  Roofline roofline;
  /// The immutable model of each group (index into SystemSpec::groups; null where the engine
  /// refused the group), as the evaluation built them: views and commands ask them for detail
  /// products. Filled when EvaluationOptions::keepModels asks for it.
  std::vector<std::shared_ptr<const engine::PerformanceModel>> models;
};

} // namespace llmwb
