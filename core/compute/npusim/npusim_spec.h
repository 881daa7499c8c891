// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A multi-core NPU (NpuSim, Zhu et al., arXiv 2510.05632 section 2.1 and Table 3): a grid of cores
// on a 2D mesh; per core a weight-stationary n x n systolic array, vector lanes of 64 ALUs, SRAM,
// core-local HBM bandwidth and four mesh links. The values describe ONE core; the chip is
// mesh_columns x mesh_rows of them. Fields and their sources: npusim_kind.cpp.

#include "core/compute/compute_unit.h"
#include "core/registry/enum_names.h"

#include <optional>
#include <string>
#include <string_view>

namespace llmwb {

/// Table 3's two families: their ranges bound the per-core fields (checked by the kind).
enum class NpuFamily { Large, Small };
inline constexpr EnumNames<NpuFamily, 2> kNpuFamilyNames{{{{NpuFamily::Large, "large"}, {NpuFamily::Small, "small"}}}};
std::string_view toString(NpuFamily f);
std::optional<NpuFamily> parseNpuFamily(std::string_view text);

/// What a NoC flow locks while it sends (deadlock freedom by channel locking, NpuSim 3.1 and 5.4).
enum class NocLock {
  None,       ///< no locking: flows share links, time = the most loaded link
  Link,       ///< a flow holds its directed links; flows sharing one are serialised
  HalfDuplex, ///< as Link, but a link is one channel for both directions
  Router,     ///< a flow holds every router on its path (the default): flows through a common router are serialised
};
inline constexpr EnumNames<NocLock, 4> kNocLockNames{
    {{{NocLock::None, "none"}, {NocLock::Link, "link"}, {NocLock::HalfDuplex, "half-duplex"}, {NocLock::Router, "router"}}}};
std::string_view toString(NocLock l);
std::optional<NocLock> parseNocLock(std::string_view text);

struct NpusimComputeSpec {
  static constexpr const char* kKind = "npusim";
  NpuFamily family = NpuFamily::Large;
  int meshColumns = 8;
  int meshRows = 8;
  double frequencyMHz = 500;
  int saDim = 64;               ///< n of the n x n weight-stationary systolic array
  int vectorLanes = 64;         ///< lanes of 64 ALUs
  double sramMB = 32;           ///< per core
  double sramBytesPerCycle = 0; ///< 0: 8 n bytes per cycle (scaled with the array)
  double sramReserveFraction = 0.125; ///< SRAM kept for activations and temporary buffers
  double hbmBandwidthGBps = 60; ///< core-local HBM, per core
  double hbmCapacityGB = 2;     ///< per core
  double hbmEfficiency = 0.7;   ///< sustained share of the HBM peak
  double hbmLatencyNs = 100;
  double nocLinkGBps = 160;     ///< per mesh link, per direction
  int hopCycles = 1;            ///< per router hop
  int nocPayloadPasses = 2;     ///< times a collective step's payload occupies the cores' NoC interfaces
  NocLock nocLock = NocLock::Router;
  int kvBlockTokens = 16;       ///< tokens per SRAM KV block
  double energyPjPerMac = 0.5;  ///< for the compute peak power
  // Area model per core (NpuSim 5.5: 7 nm area per unit of compute, HBM interface and SRAM).
  double peAreaUm2 = 400;
  double vectorAluAreaUm2 = 100;
  double sramAreaMm2PerMB = 0.45;
  double hbmPhyAreaMm2PerGBps = 0.045;
  double routerAreaMm2 = 0.1;

  int cores() const { return meshColumns * meshRows; }
  double frequencyHz() const { return frequencyMHz * 1e6; }
  double sramBytes() const { return sramMB * 1024.0 * 1024.0; }
  double sramBandwidth() const { return (sramBytesPerCycle > 0 ? sramBytesPerCycle : 8.0 * saDim) * frequencyHz(); }
  double hbmBytes() const { return hbmCapacityGB * 1e9; }
  double hbmBandwidth() const { return hbmBandwidthGBps * 1e9; }
  double nocBandwidth() const { return nocLinkGBps * 1e9; }
  /// FLOP/s of one core's systolic array (2 per MAC).
  double corePeakFlops() const { return 2.0 * saDim * saDim * frequencyHz(); }
  double coreVectorOps() const { return 64.0 * vectorLanes * frequencyHz(); }
  /// Silicon area of one core (section F of the NpuSim spec).
  double coreAreaMm2() const {
    return double(saDim) * saDim * peAreaUm2 * 1e-6 + 64.0 * vectorLanes * vectorAluAreaUm2 * 1e-6 + sramMB * sramAreaMm2PerMB +
           hbmBandwidthGBps * hbmPhyAreaMm2PerGBps + routerAreaMm2;
  }
};

/// Cycles of Y[M x N] = X[M x K] W[K x N] on one core: weight-stationary tiles
/// ceil(K/n) ceil(N/n) x (max(M, n) + 2n) + n (NpuSim 3.1, the artefact's Matmul_f), or the vector
/// lanes when faster (2MKN / (64 lanes)).
double npuGemmCycles(const NpusimComputeSpec& s, double m, double k, double n);

} // namespace llmwb
