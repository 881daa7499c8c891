// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Snake scheduler (arXiv 2604.04253 §5): a linear operator (a GEMM C[M x N] = A[M x K] B[K x N]
// per device after tensor parallelism) is partitioned over the logic die's PUs in one of four
// modes and run on every PU's cores at one logical array shape:
//   IS-S   1 x 16 chain: K/16 per PU, input-stationary, partial sums C[M x N] reduced along the chain
//   IS-ST  4 x 4 mesh:   K/4 x N/4 per PU, input-stationary, C[M x N/4] reduced over 4 PUs
//   OS-S   1 x 16 chain: N/16 per PU, output-stationary, no reduction
//   OS-ST  4 x 4 mesh:   K/4 x N/4 per PU, output-stationary, C[M x N/4] reduced over 4 PUs
// M is never split across PUs. Inside a PU the 4 cores split N (or K, reduced in the shared output
// buffer by the vector core). planGemm() searches mode x shape x intra-PU split for the fastest
// plan, or keeps one mode fixed (the paper's fixed-strategy ablation). MAC-tree dies split N over
// PUs and cores (spec E). Ties go to OS (its output tiles overlap the next nonlinear operator).

#include "core/engine/detail_product.h"
#include "core/compute/nmp/nmp_unit.h"
#include "core/device/device_spec.h"
#include "core/model/model_spec.h"
#include "core/model/operators.h"
#include "core/registry/enum_names.h"
#include "core/units/quantity.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace llmwb::snake {

enum class Mode { IsS, IsSt, OsS, OsSt, NSplit };
inline constexpr std::array<Mode, 4> kPartitionModes{Mode::IsS, Mode::IsSt, Mode::OsS, Mode::OsSt};
inline constexpr EnumNames<Mode, 5> kModeNames{{{{Mode::IsS, "IS-S"},
                                                  {Mode::IsSt, "IS-ST"},
                                                  {Mode::OsS, "OS-S"},
                                                  {Mode::OsSt, "OS-ST"},
                                                  {Mode::NSplit, "N-split"}}}};
std::string_view toString(Mode m);
/// "IS-S", "IS-ST", "OS-S", "OS-ST" (case-insensitive); nothing otherwise.
std::optional<Mode> parseMode(std::string_view text);

/// One GEMM on one device: `instances` independent products (experts) of m x k x n, followed by
/// `vectorOps` element operations on the vector cores (activation, RoPE, ...).
struct GemmProblem {
  double m = 0, k = 0, n = 0;
  double instances = 1;
  double weightBytes = 2; ///< bytes per weight element
  double activationBytes = 2;
  double vectorOps = 0;
  bool operator==(const GemmProblem&) const = default;
};

enum class Bound { Compute, Memory, Noc, Vector };
inline constexpr EnumNames<Bound, 4> kBoundNames{
    {{{Bound::Compute, "compute"}, {Bound::Memory, "memory"}, {Bound::Noc, "noc"}, {Bound::Vector, "vector"}}}};
std::string_view toString(Bound b);

/// The cost of a GEMM under one plan (per device).
struct GemmPlan {
  Mode mode = Mode::IsS;
  ArrayShape shape;
  bool splitK = false;     ///< cores split K inside a PU (else N)
  Seconds time;            ///< the operator, vector tail included
  Seconds computeTime;     ///< busiest core (array cycles / f)
  Seconds memoryTime;      ///< busiest PU's channel traffic / channel bandwidth
  Seconds commTime;        ///< exposed NoC time
  Seconds vectorTime;      ///< vector-core busy time (nonlinear + intra-PU reductions)
  Seconds vectorExposed;   ///< the part of vectorTime not hidden behind the GEMM
  Bytes dramBytes;         ///< per device
  /// On-die buffer reads, per device: the compute reads each weight once per pass over it (once per
  /// M fold on a systolic array, once per replica on a MAC tree) and the inputs once per pass along
  /// N (bufferReads(), the .cpp).
  Bytes bufferRead;
  Bytes nocLinkBytes;      ///< bytes x links crossed, per device
  double utilisation = 0;  ///< MACs / (peak MAC rate x time)
  Bound bound = Bound::Compute;
  bool valid = false;
  /// What the channels deliver is written into the PUs' buffers: the DRAM traffic, once.
  Bytes bufferWritten() const { return dramBytes; }
};

/// Best plan (or the best with `fixed` mode) for a GEMM on `die` with `bandwidth` for the whole die.
GemmPlan planGemm(const NmpDie& die, BytesPerSecond bandwidth, const GemmProblem& problem,
                  std::optional<Mode> fixed = std::nullopt);

/// Logic-die energy of a plan (matrix, vector, PE control, NoC), per device.
struct DieEnergy {
  Joules matrix, vector, control, noc;
  Joules total() const { return matrix + vector + control + noc; }
};
DieEnergy planEnergy(const NmpDie& die, const GemmProblem& problem, const GemmPlan& plan);

/// The GEMM problem of one of an operator's products on one device of a `devices`-way tensor-
/// parallel group. Expert GEMMs the generic sharding split by experts (whole experts per device)
/// are put back to tensor parallelism (every touched expert, N / devices columns each), as the
/// paper runs MoE layers (Snake §6.1.3). The operator's vector work goes with its last product.
GemmProblem problemFor(const Operator& op, std::size_t gemm, int devices, const Quantisation& quant);

/// One linear operator of a decode step, scheduled.
struct ScheduledOperator {
  std::string name;  ///< "attention.qkv_proj"
  double batch = 0, context = 0;
  GemmProblem problem;
  GemmPlan best;
  std::array<GemmPlan, 4> fixed; ///< best plan with each partition mode forced (kPartitionModes order)
  double repeat = 1;             ///< layers of this type
};

/// The linear operators (projections and expert FFNs; not routers, attention or the LM head) of a
/// decode step at `batch` x `context` on a `devices`-way tensor-parallel group of NMP `device`s.
/// Throws std::invalid_argument when the device's compute is not an NMP die.
std::vector<ScheduledOperator> scheduleDecode(const DeviceSpec& device, int devices, const ModelSpec& model,
                                              double batch, double context);

/// The schedule of a model over a grid of operating points (Snake §6.5, Fig. 13).
struct ScheduleGrid {
  std::vector<ScheduledOperator> operators; ///< every linear operator at every (batch, context)
  /// How often each partition mode is chosen (kPartitionModes order), over operators x points.
  std::array<int, 4> chosen{};
  /// Per fixed mode: the smallest and largest slowdown of the whole step's linear operators
  /// (sum over layers) against the per-layer choice, over the operating points.
  std::array<double, 4> slowdownMin{}, slowdownMax{};
  int points = 0;
  double share(std::size_t mode) const;
};

/// The operating points of the paper's Fig. 13 (§6.5: 72 choices per model, "varying batch sizes
/// and input sequence lengths", not listed): 4 linear operators x these 6 batches x 3 contexts, as
/// spec C.2 proposes. Contexts in tokens, K = 1000 as the workbench reads "2K".
const std::vector<double>& fig13Batches();  ///< 1, 4, 8, 16, 32, 64 sequences
const std::vector<double>& fig13Contexts(); ///< 2000, 4000, 8000 tokens

/// scheduleDecode() at every batch x context, with the mode counts and fixed-mode slowdowns.
ScheduleGrid scheduleGrid(const DeviceSpec& device, int devices, const ModelSpec& model, const std::vector<double>& batches,
                          const std::vector<double>& contexts);

/// The snake engine's detail product: the per-operator schedule of a group's NMP die (what the
/// Snake die view and `llmwb-cli schedule` show), bound to the group's device, TP size and model
/// as the engine modelled them.
struct DieSchedule final : engine::DetailProduct {
  static constexpr const char* kType = "snake.schedule";
  DeviceSpec device; ///< the group's device
  int devices = 1;   ///< tensor-parallel devices of the group
  ModelSpec model;
  std::vector<ScheduledOperator> decodeStep(double batch, double context) const {
    return scheduleDecode(device, devices, model, batch, context);
  }
  ScheduleGrid grid(const std::vector<double>& batches, const std::vector<double>& contexts) const {
    return scheduleGrid(device, devices, model, batches, contexts);
  }
  /// The schedule over the query's operating points (Fig. 13's without them): per linear operator
  /// the chosen mode, shape and split with its time and bound, and each fixed mode's slowdown; per
  /// mode its share of the choices and the range of its whole-step slowdown (snake_schedule_report.cpp).
  std::optional<engine::DetailReport> report(const engine::ReportQuery& query) const override;
};

} // namespace llmwb::snake
