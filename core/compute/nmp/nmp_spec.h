// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A near-memory-processing (NMP) logic die under a 3D-stacked DRAM (Snake, arXiv 2604.04253 §4):
// processing units (PUs) each bound to one memory channel, a few cores per PU, a PU-level vector
// core, a light NoC between the PUs for reductions and gathers, and a peak power split into
// matrix, vector, PE-control and NoC parts. The compute kinds "snake" (reconfigurable systolic
// arrays), "fixed_array" (one systolic shape) and "mac_tree" (Stratum-style MAC trees) share these
// fields; core/compute/nmp/nmp_fields.h declares them once for every kind.

#include <string>
#include <vector>

namespace llmwb {

/// NoC link bandwidth between neighbouring PUs, bytes per cycle and direction. The paper gives no
/// NoC figure (spec ambiguity A-4). Meant to be fitted to Llama-3.3-70B's 59.7% IS-S share; no
/// value reaches it in this model (docs/snake.md), so 64 is a middle value. Every NMP kind takes it
/// as the default of `noc_B_per_cycle`.
inline constexpr double kNmpNocBytesPerCycle = 64.0;

struct NmpDieSpec {
  int pus = 16;                 ///< processing units, one per memory channel
  int coresPerPu = 4;
  double frequencyMHz = 800;
  int arrayRows = 64;           ///< physical PE rows per core (MAC tree: tree width)
  int arrayCols = 64;           ///< physical PE columns per core (MAC tree: trees per core)
  double vectorLanes = 256;     ///< FP16 lanes of the PU-level vector core
  double nocBytesPerCycle = kNmpNocBytesPerCycle;
  double nocHopCycles = 4;
  double weightBufferKiB = 256;  ///< per core
  double outputBufferKiB = 128;  ///< per PU, shared 2R/2W with the vector core
  int partitionSearch = 1;       ///< 1: Snake's per-operator mode x shape search (§5); 0: conventional OS, N split over PUs
  int mSplitPus = 1;             ///< Stratum/Duplex M partition: up to this many PU groups split M, each streaming a weight replica
  int foldOverlap = 1;           ///< 1: successive folds stream back to back (fill/drain paid once per operator)
  double matrixPeakW = 39.22;
  double vectorPeakW = 14.47;
  double controlPeakW = 4.47;
  double nocPeakW = 4.84;
  double puAreaMm2 = 2.35;
  bool operator==(const NmpDieSpec&) const = default;
};

enum class NmpSubstrate { Reconfigurable, FixedArray, MacTree };

/// A logical array shape r x c (r rows carry the small M dimension).
struct ArrayShape {
  int rows = 0;
  int cols = 0;
  bool operator==(const ArrayShape&) const = default;
};

/// An NMP die resolved for the engine: the common fields plus what the kind adds.
struct NmpDie {
  NmpSubstrate substrate = NmpSubstrate::Reconfigurable;
  NmpDieSpec spec;
  std::vector<ArrayShape> shapes; ///< shapes the arrays may take (one for fixed arrays; none for MAC trees)
  int weightPorts = 1;            ///< independent weight-injection ports per core (slices under IS)
  double macsPerCore() const;
  double frequencyHz() const { return spec.frequencyMHz * 1e6; }
  double peakMacsPerSecond() const { return macsPerCore() * spec.coresPerPu * spec.pus * frequencyHz(); }
  double peakPowerW() const { return spec.matrixPeakW + spec.vectorPeakW + spec.controlPeakW + spec.nocPeakW; }
  double areaMm2() const { return spec.puAreaMm2 * spec.pus; }
  std::string substrateName() const;
  bool operator==(const NmpDie&) const = default;
};

} // namespace llmwb
