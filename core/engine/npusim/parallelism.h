// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a multi-core chip maps a model (NpuSim sections 4.1 and 4.3): the tensor-parallel group and
// its GEMM partition, where the group's cores sit on the mesh, pipeline stages over core groups,
// and PD fusion or disaggregation with the prefill and decode core pools. A system field
// (`parallelism`), so `--set /parallelism/tp=16` switches it; fields: parallelism_fields.cpp. The
// system holds it among its engines' settings blocks (SystemSpec::settings): parallelismOf().

#include "core/registry/enum_names.h"
#include "core/system/system_spec.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace llmwb {

/// How a GEMM Y[MxN] = X[MxK] W[KxN] is split over a TP group (NpuSim Fig. 3).
enum class TensorPartition {
  MN,  ///< 1-D: X by rows, W by columns, W blocks rotated round the ring (AllGather)
  K,   ///< 1-D: X by columns, W by rows, partial sums reduced round the ring (AllReduce)
  MNK, ///< 2-D: an R x C sub-grid, AllReduce along rows and AllGather of W along columns
};
/// Where a TP group's cores sit on the mesh (NpuSim Fig. 4).
enum class CorePlacement { LinearSeq, LinearInterleave, Ring, Mesh };
/// Whether the K partition needs the full all-reduce or a reduce-scatter is enough.
enum class ReduceForm { ReduceScatter, AllReduce };
/// PD fusion (every core both phases, chunked prefill) or PD disaggregation (core pools).
enum class PdMode { Fusion, Disaggregation };

/// Each enumeration's names, declared once (core/registry/enum_names.h).
inline constexpr EnumNames<TensorPartition, 3> kTensorPartitionNames{
    {{{TensorPartition::MN, "MN"}, {TensorPartition::K, "K"}, {TensorPartition::MNK, "MNK"}}}};
inline constexpr EnumNames<CorePlacement, 4> kCorePlacementNames{{{{CorePlacement::LinearSeq, "linear-seq"},
                                                                   {CorePlacement::LinearInterleave, "linear-interleave"},
                                                                   {CorePlacement::Ring, "ring"},
                                                                   {CorePlacement::Mesh, "mesh"}}}};
inline constexpr EnumNames<ReduceForm, 2> kReduceFormNames{
    {{{ReduceForm::ReduceScatter, "reduce-scatter"}, {ReduceForm::AllReduce, "all-reduce"}}}};
inline constexpr EnumNames<PdMode, 2> kPdModeNames{{{{PdMode::Fusion, "fusion"}, {PdMode::Disaggregation, "disaggregation"}}}};

std::string_view toString(TensorPartition p);
std::string_view toString(CorePlacement p);
std::string_view toString(ReduceForm f);
std::string_view toString(PdMode m);
/// Passes a partial-sum reduction makes round its ring: 1 (reduce-scatter) or 2 (all-reduce: then an
/// all-gather of the reduced parts).
double reducePasses(ReduceForm f);
std::optional<TensorPartition> parseTensorPartition(std::string_view text);
std::optional<CorePlacement> parseCorePlacement(std::string_view text);
std::optional<ReduceForm> parseReduceForm(std::string_view text);
std::optional<PdMode> parsePdMode(std::string_view text);
/// "5,0,1": group slots as the preset writes them; parseGroupSlots gives nullopt and `error` for
/// anything but distinct whole numbers >= 0 separated by commas (empty text: none).
std::string groupSlotsText(const std::vector<int>& slots);
std::optional<std::vector<int>> parseGroupSlots(std::string_view text, std::string& error);

struct ParallelismSpec {
  int tp = 4;  ///< cores per tensor-parallel group
  int pp = 0;  ///< pipeline stages (core groups) per pipeline; 0: as many as the pool holds, at most one per layer
  TensorPartition partition = TensorPartition::K;
  CorePlacement placement = CorePlacement::Ring;
  ReduceForm reduce = ReduceForm::AllReduce; ///< NpuSim 4.1 and the artefact's Fig. 9 workloads
  /// Whether a rotating weight block (MN's ring AllGather, the 2-D partition's column exchange)
  /// travels while the array computes with the previous block (double-buffered), or after it, as
  /// the artefact's workloads do (receive, compute, send; npusim_spec.md B.5 proposes overlap).
  bool overlapRotation = false;
  PdMode mode = PdMode::Fusion;
  int prefillCores = 0; ///< disaggregation: the prefill pool (0: two thirds of the chip in whole pipelines)
  int decodeCores = 0;  ///< disaggregation: the decode pool (0: the rest, in whole pipelines)
  double fusionTokensPerCore = 8; ///< fusion: token budget per core and iteration (decodes + prefill chunk)
  /// Sequences one stage group (a TP group of a pipeline stage) takes per iteration, the artefact's
  /// credit: a pool holds at most its stage groups x this many sequences, the rest wait (0: no limit).
  int coreCredit = 5;
  /// Where the TP groups sit: the slot (a group-sized box of the mesh, boustrophedon order) of each
  /// group in pool, pipeline, stage order; groups past the list take the free slots in order.
  /// Empty: every group in order (core/engine/npusim/chip_map.h).
  std::vector<int> groupSlots;
};

/// The system's key of the block.
inline constexpr std::string_view kParallelismBlock = "parallelism";
/// The system's parallelism block, or nullptr when it has none.
inline const ParallelismSpec* parallelismOf(const SystemSpec& system) { return system.settings.find<ParallelismSpec>(kParallelismBlock); }
inline ParallelismSpec* parallelismOf(SystemSpec& system) { return system.settings.find<ParallelismSpec>(kParallelismBlock); }

} // namespace llmwb
