// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/npusim/npusim_kind.h"

#include <algorithm>
#include <cmath>

namespace llmwb {

std::string_view toString(NpuFamily f) { return kNpuFamilyNames.toString(f); }
std::optional<NpuFamily> parseNpuFamily(std::string_view t) { return kNpuFamilyNames.parse(t); }
std::string_view toString(NocLock l) { return kNocLockNames.toString(l); }
std::optional<NocLock> parseNocLock(std::string_view t) { return kNocLockNames.parse(t); }

double npuGemmCycles(const NpusimComputeSpec& s, double m, double k, double n) {
  if (m <= 0 || k <= 0 || n <= 0) return 0;
  const double x = s.saDim;
  const double rows = std::ceil(m);
  const double sa = std::ceil(k / x) * std::ceil(n / x) * (std::max(rows, x) + 2 * x) + x;
  const double vec = 2.0 * rows * k * n / (64.0 * s.vectorLanes);
  return std::min(sa, vec);
}

namespace {
using S = NpusimComputeSpec;

const std::string kTable3 = "NpuSim (seed 004) Table 3";
const std::string kArt = "NpuSim artefact (npu-sim / WaferAI-SIM), shared/reference/modeling_references.md 4";
const std::string kAreaSource = "NpuSim spec section F (PROPOSED: 7 nm; fitted so that Fig. 12 config 2 / base area = 2.28 / 2.18 = 1.046)";

params::ParamTable<S> npusimTable() {
  auto count = [](const char* key, int S::*m, const char* label, double lo, double hi) {
    return params::integer<S>(key, m).withLabel(label).withRange(lo, hi);
  };
  auto num = [](const char* key, double S::*m, const char* label, const char* unit, double lo, double hi, bool loExcl) {
    return params::real<S>(key, m).withLabel(label).withUnit(unit).withRange(lo, hi, loExcl);
  };
  return {"NpuSim multi-core NPU (per core)",
          {params::choice<S>("family", &S::family, kNpuFamilyNames)
               .withLabel("Family")
               .withDoc("Table 3 family whose ranges bound sa_dim, vector_lanes, sram_MB, noc_link_GBps and "
                        "hbm_bandwidth_GBps (large: 64 cores, small: 256)")
               .withSource(kTable3),
           count("mesh_columns", &S::meshColumns, "Mesh columns", 1, 64)
               .withDoc("cores per mesh row (X); 8 x 8 = 64 large cores, 16 x 16 = 256 small cores")
               .withSource("NpuSim spec A.2 (DERIVED from Table 3's core counts)"),
           count("mesh_rows", &S::meshRows, "Mesh rows", 1, 64).withDoc("cores per mesh column (Y)")
               .withSource("NpuSim spec A.2 (DERIVED)"),
           num("frequency_MHz", &S::frequencyMHz, "Frequency", "MHz", 1, 10000, false).withDoc("core clock")
               .withSource(kTable3 + ": 500 MHz"),
           count("sa_dim", &S::saDim, "Systolic array", 1, 1024).withUnit("PEs per side")
               .withDoc("n of the n x n weight-stationary systolic array; Table 3: 32-128 (large), 32-64 (small)")
               .withSource(kTable3),
           count("vector_lanes", &S::vectorLanes, "Vector lanes", 1, 4096).withUnit("lanes of 64 ALUs")
               .withDoc("vector unit; Table 3: 32-128 (large), 32-64 (small)").withSource(kTable3),
           num("sram_MB", &S::sramMB, "SRAM", "MB", 1e-3, 4096, false)
               .withDoc("SRAM per core (MiB); Table 3: 8-128 (large), 8-48 (small)").withSource(kTable3),
           num("sram_bytes_per_cycle", &S::sramBytesPerCycle, "SRAM bandwidth", "B/cycle", 0, 1e6, false)
               .withDoc("SRAM bytes per cycle of each port (the DMA writes spilled data through the write port, the array "
                        "reads through a read port); 0: 8 n (scaled with the systolic array, Table 3)")
               .withSource("NpuSim spec A.2 (PROPOSED 8 n; the artefact: 512 B/cycle for n = 64, its Fig. 12 runs 2 n)"),
           params::fraction<S>("sram_reserve_fraction", &S::sramReserveFraction).withLabel("SRAM reserve")
               .withDoc("share of SRAM reserved for activations and compute/communication buffers before weights and KV "
                        "are placed best-effort")
               .withSource("assumption (NpuSim 4.2: 'a modest amount suffices')"),
           num("hbm_bandwidth_GBps", &S::hbmBandwidthGBps, "HBM bandwidth", "GB/s", 1e-3, 1e5, false)
               .withDoc("core-local HBM per core; Table 3: 30-480 (large), 15-60 (small)").withSource(kTable3),
           num("hbm_capacity_GB", &S::hbmCapacityGB, "HBM capacity", "GB", 0, 1e4, false)
               .withDoc("core-local HBM per core (weights, KV ring buffers)")
               .withSource("assumption (NpuSim spec A.2 PROPOSED: 2 GB large, 0.5 GB small; the paper gives none)"),
           params::fraction<S>("hbm_efficiency", &S::hbmEfficiency).withLabel("HBM efficiency").withRange(0.01, 1)
               .withDoc("sustained share of the HBM peak").withSource(kArt + " 4.3 (behavioural DRAM utilisation 0.7)"),
           num("hbm_latency_ns", &S::hbmLatencyNs, "HBM latency", "ns", 0, 1e6, false)
               .withDoc("fixed latency of an HBM access stream").withSource("assumption (NpuSim spec B.3 PROPOSED)"),
           num("noc_link_GBps", &S::nocLinkGBps, "NoC link", "GB/s", 1e-3, 1e5, false)
               .withDoc("bandwidth of one mesh link, one direction (four links per core); Table 3: 16-480 (large), "
                        "8-160 (small)")
               .withSource(kArt + " 4.6: noc_payload_per_cycle 20 x 128-bit packets x 500 MHz = 160 GB/s"),
           count("hop_cycles", &S::hopCycles, "Hop latency", 0, 1000).withUnit("cycles")
               .withDoc("router + link cycles per hop; a path's handshake costs 2 cycles per hop more")
               .withSource(kArt + " 4.6 (one 2 ns cycle per hop); NpuSim spec B.4"),
           count("noc_payload_passes", &S::nocPayloadPasses, "NoC payload passes", 1, 2)
               .withDoc("times a collective step's payload occupies the cores' NoC interfaces: 2 when each step a core "
                        "receives, computes, then sends and a message's packets are counted at the sender and again at "
                        "the receiver; 1 when a step's payload streams once")
               .withSource(kArt + " 4.6: the artefact's workloads chain recv -> compute -> cast per step, and its behavioural "
                                  "NoC (use_beha_noc, the default) waits a message's packets in send_logic and again in "
                                  "recv_logic (workercore/logic.cpp)"),
           params::choice<S>("noc_lock", &S::nocLock, kNocLockNames)
               .withLabel("NoC lock")
               .withDoc("channel locking for deadlock freedom: what a flow holds while it sends (router: every router "
                        "on its XY path; flows through a common router wait, granted in rank order)")
               .withSource("NpuSim 3.1/5.4 (locking 'diminished the performance of interleaved communication'); the "
                           "granularity is an assumption (spec B.4, G-6)"),
           count("kv_block_tokens", &S::kvBlockTokens, "KV block", 1, 65536).withUnit("tokens")
               .withDoc("tokens per SRAM KV block (block linked lists, NpuSim 4.2)")
               .withSource("assumption (NpuSim spec B.8 PROPOSED 16)"),
           num("energy_pJ_per_MAC", &S::energyPjPerMac, "Energy per MAC", "pJ", 0, 1e3, false)
               .withDoc("dynamic energy of one MAC, for the compute peak power (the paper has no power model)")
               .withSource("assumption"),
           num("pe_area_um2", &S::peAreaUm2, "PE area", "µm²", 0, 1e6, false).withDoc("one FP16 MAC of the array")
               .withSource(kAreaSource),
           num("vector_alu_area_um2", &S::vectorAluAreaUm2, "Vector ALU area", "µm²", 0, 1e6, false)
               .withDoc("one vector ALU").withSource(kAreaSource),
           num("sram_area_mm2_per_MB", &S::sramAreaMm2PerMB, "SRAM area", "mm²/MB", 0, 100, false)
               .withDoc("SRAM macro area per MiB").withSource(kAreaSource),
           num("hbm_phy_area_mm2_per_GBps", &S::hbmPhyAreaMm2PerGBps, "HBM interface area", "mm²/(GB/s)", 0, 100, false)
               .withDoc("HBM PHY + controller per GB/s of core-local bandwidth").withSource(kAreaSource),
           num("router_area_mm2", &S::routerAreaMm2, "Router area", "mm²", 0, 100, false).withDoc("NoC router per core")
               .withSource(kAreaSource)}};
}

class NpusimUnit final : public ComputeUnit {
public:
  explicit NpusimUnit(S s) : mS(s) {}
  std::string describe() const override {
    return std::to_string(mS.meshColumns) + "x" + std::to_string(mS.meshRows) + " cores, " + std::to_string(mS.saDim) + "x" +
           std::to_string(mS.saDim) + " SA, " + std::to_string(mS.vectorLanes) + " lanes";
  }
  FlopsPerSecond peakMatrixFlops(int) const override { return FlopsPerSecond(mS.corePeakFlops() * mS.cores()); }
  FlopsPerSecond peakVectorOps() const override { return FlopsPerSecond(mS.coreVectorOps() * mS.cores()); }
  GemmTiling tiling() const override {
    const double n = mS.saDim;
    return {n, n, n, n};
  }
  /// The GEMM spread over every core along N (rooflines only; the npusim engine costs partitions itself).
  Seconds gemmTime(const GemmShape& shape, int) const override {
    const double cycles = npuGemmCycles(mS, shape.m, shape.k, std::ceil(shape.n / mS.cores())) * shape.instances;
    return Seconds(cycles / mS.frequencyHz());
  }
  Seconds vectorTime(double ops) const override { return Seconds(ops / (mS.coreVectorOps() * mS.cores())); }
  Seconds scanTime(const ScanWork& scan) const override { return vectorTime(scan.sequences * scan.tokens * scan.channels * scan.stateSize * scan.macsPerUpdate * 2); }
  std::vector<std::pair<std::string, FlopsPerSecond>> ceilings(int bits) const override {
    return {{"systolic arrays", peakMatrixFlops(bits)}, {"vector lanes", peakVectorOps()}};
  }

private:
  S mS;
};

/// One part per core: `base`'s energies (per bit, background per byte) with the core's own size,
/// bandwidth and latency.
MemoryPart corePart(const MemoryTechnology* base, const char* id, const std::string& name, MemoryPlacement placement, Bytes capacity,
                    BytesPerSecond bandwidth, Seconds latency, int cores) {
  MemoryTechnology t; // field by field: the base's per-bit energies, nothing of its sources or PHY
  t.id = std::string(id) + (base ? "-" + base->id : "");
  t.name = name + (base ? " (" + base->name + ")" : "");
  t.unitName = "core";
  t.placement = placement;
  t.capacity = capacity;
  t.bandwidth = bandwidth;
  t.latency = latency;
  if (base) {
    t.backgroundPower = base->backgroundPower;
    t.readEnergy = base->readEnergy;
    t.writeEnergy = base->writeEnergy;
  }
  return {std::move(t), cores};
}

MemoryHierarchy npusimMemory(const S& s, const MemoryHierarchy& declared) {
  const auto first = [](const MemoryLevel& level) { return level.parts.empty() ? nullptr : &level.parts.front().technology; };
  MemoryHierarchy m;
  m.shoreline = declared.shoreline;
  const MemoryTechnology* sram = first(declared.onChip);
  m.onChip.parts.push_back(corePart(sram, "npusim-sram", "core SRAM", MemoryPlacement::OnChip,
                                    Bytes(s.sramBytes()), BytesPerSecond(s.sramBandwidth()),
                                    sram ? sram->latency : Seconds(1.0 / s.frequencyHz()),
                                    s.cores()));
  MemoryLevel hbm;
  hbm.parts.push_back(corePart(declared.offChip.empty() ? nullptr : first(declared.offChip.front()), "npusim-hbm",
                               "core-local HBM", MemoryPlacement::OffChip, Bytes(s.hbmBytes()), BytesPerSecond(s.hbmBandwidth()),
                               Seconds(s.hbmLatencyNs * 1e-9), s.cores()));
  m.offChip.push_back(std::move(hbm));
  return m;
}

class NpusimKind final : public ComputeKindOf<S> {
public:
  NpusimKind() : ComputeKindOf("NpuSim multi-core NPU", "npusim", npusimTable()) {}

protected:
  std::unique_ptr<ComputeUnit> make(const S& s) const override { return std::make_unique<NpusimUnit>(s); }
  std::optional<Watts> power(const S& s) const override {
    return Watts(s.energyPjPerMac * 1e-12 * s.corePeakFlops() / 2.0 * s.cores());
  }
  std::optional<MemoryHierarchy> derivedMemory(const ComputeSpec& spec, const MemoryHierarchy& declared) const override {
    const S& s = spec.as<S>();
    return npusimMemory(s, declared);
  }
  std::string derivedMemoryReason() const override {
    return "an NpuSim chip's memory is its cores' own: SRAM and core-local HBM per core (compute block: sram_MB, "
           "sram_bytes_per_cycle, hbm_capacity_GB, hbm_bandwidth_GBps, hbm_latency_ns) times the mesh's cores. Edit them in "
           "the Inspector; the hierarchy's technologies give only the per-bit energies.";
  }
  void checkParams(const S& s) const override {
    const bool large = s.family == NpuFamily::Large;
    auto within = [&](const char* key, double v, double lo, double hi) {
      if (v < lo || v > hi)
        throw params::FieldError(key, std::string("the ") + (large ? "large" : "small") + "-core family of Table 3 takes " +
                                          params::numberText(lo) + " to " + params::numberText(hi) + "; got " +
                                          params::numberText(v));
    };
    within("sa_dim", s.saDim, 32, large ? 128 : 64);
    within("vector_lanes", s.vectorLanes, 32, large ? 128 : 64);
    within("sram_MB", s.sramMB, 8, large ? 128 : 48);
    within("noc_link_GBps", s.nocLinkGBps, large ? 16 : 8, large ? 480 : 160);
    within("hbm_bandwidth_GBps", s.hbmBandwidthGBps, large ? 30 : 15, large ? 480 : 60);
  }
};
} // namespace

std::unique_ptr<ComputeKind> makeNpusimKind() { return std::make_unique<NpusimKind>(); }

} // namespace llmwb
