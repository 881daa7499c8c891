// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/system/parallelism_fields.h"

#include <array>
#include <string>

namespace llmwb {

namespace {
template <class E, std::size_t N>
std::optional<E> parseAmong(std::string_view text, const std::array<E, N>& values) {
  for (auto v : values)
    if (toString(v) == text) return v;
  return std::nullopt;
}
constexpr std::array kPartitions{TensorPartition::MN, TensorPartition::K, TensorPartition::MNK};
constexpr std::array kPlacements{CorePlacement::LinearSeq, CorePlacement::LinearInterleave, CorePlacement::Ring,
                                 CorePlacement::Mesh};
constexpr std::array kForms{ReduceForm::ReduceScatter, ReduceForm::AllReduce};
constexpr std::array kModes{PdMode::Fusion, PdMode::Disaggregation};
} // namespace

std::string_view toString(TensorPartition p) {
  switch (p) {
  case TensorPartition::MN: return "MN";
  case TensorPartition::K: return "K";
  case TensorPartition::MNK: return "MNK";
  }
  return "K";
}
std::string_view toString(CorePlacement p) {
  switch (p) {
  case CorePlacement::LinearSeq: return "linear-seq";
  case CorePlacement::LinearInterleave: return "linear-interleave";
  case CorePlacement::Ring: return "ring";
  case CorePlacement::Mesh: return "mesh";
  }
  return "ring";
}
std::string_view toString(ReduceForm f) { return f == ReduceForm::AllReduce ? "all-reduce" : "reduce-scatter"; }
std::string_view toString(PdMode m) { return m == PdMode::Disaggregation ? "disaggregation" : "fusion"; }
std::optional<TensorPartition> parseTensorPartition(std::string_view t) { return parseAmong(t, kPartitions); }
std::optional<CorePlacement> parseCorePlacement(std::string_view t) { return parseAmong(t, kPlacements); }
std::optional<ReduceForm> parseReduceForm(std::string_view t) { return parseAmong(t, kForms); }
std::optional<PdMode> parsePdMode(std::string_view t) { return parseAmong(t, kModes); }

const params::ParamTable<ParallelismSpec>& parallelismFields() {
  using S = ParallelismSpec;
  const std::string paper = "NpuSim (seed 004) ";
  static const params::ParamTable<S> table(
      "parallelism",
      {params::integer<S>("tp", &S::tp).withLabel("TP").withUnit("cores").withRange(1, 4096)
           .withDoc("cores per tensor-parallel group").withSource(paper + "4.1, Fig. 9/10 (TP = 4, 16)"),
       params::integer<S>("pp", &S::pp).withLabel("PP").withUnit("stages").withRange(0, 4096)
           .withDoc("pipeline stages per pipeline (one TP group each); 0: as many as the pool holds, at most one per "
                    "layer; pipelines = pool cores / (tp x pp)")
           .withSource(paper + "4.3.1, artefact config_helper_pd"),
       params::choice<S>("partition", &S::partition, {"MN", "K", "MNK"}, [](TensorPartition p) { return toString(p); },
                         [](const std::string& t) { return parseTensorPartition(t); })
           .withLabel("Partition")
           .withDoc("GEMM split over the TP group: MN (AllGather of weights), K (AllReduce of partial sums), MNK (2-D)")
           .withSource(paper + "4.1, Fig. 3; Table 2 reconstructed in npusim_spec.md B.5"),
       params::choice<S>("placement", &S::placement, {"linear-seq", "linear-interleave", "ring", "mesh"},
                         [](CorePlacement p) { return toString(p); },
                         [](const std::string& t) { return parseCorePlacement(t); })
           .withLabel("Placement")
           .withDoc("cores of a TP group on the mesh: a 1 x P line in rank order (T10) or interleaved (WaferLLM), a "
                    "2 x P/2 ring, or a square block")
           .withSource(paper + "4.1, Fig. 4, 5.4"),
       params::choice<S>("reduce", &S::reduce, {"reduce-scatter", "all-reduce"}, [](ReduceForm f) { return toString(f); },
                         [](const std::string& t) { return parseReduceForm(t); })
           .withLabel("K reduction")
           .withDoc("the K partition's collective: a reduce-scatter (the next GEMM takes the scattered columns) or a "
                    "full all-reduce")
           .withSource("artefact tp_mapping (reduce-scatter round the ring); npusim_spec.md B.5"),
       params::choice<S>("mode", &S::mode, {"fusion", "disaggregation"}, [](PdMode m) { return toString(m); },
                         [](const std::string& t) { return parsePdMode(t); })
           .withLabel("PD mode")
           .withDoc("fusion: every core prefills (in chunks) and decodes; disaggregation: prefill and decode core pools, "
                    "the KV cache crossing the NoC (serve --scheduler npusim)")
           .withSource(paper + "4.3"),
       params::integer<S>("prefill_cores", &S::prefillCores).withLabel("Prefill cores").withUnit("cores").withRange(0, 65536)
           .withDoc("disaggregation: cores of the prefill pool (P49/D14, P42/D21, P28/D28, P21/D42); 0: two thirds of "
                    "the chip in whole pipelines")
           .withSource(paper + "5.5, Fig. 11"),
       params::integer<S>("decode_cores", &S::decodeCores).withLabel("Decode cores").withUnit("cores").withRange(0, 65536)
           .withDoc("disaggregation: cores of the decode pool; 0: the rest of the chip in whole pipelines")
           .withSource(paper + "5.5, Fig. 11"),
       params::real<S>("fusion_tokens_per_core", &S::fusionTokensPerCore).withLabel("Fusion budget").withUnit("tokens")
           .withRange(0.01, 1e6)
           .withDoc("fusion: tokens per core and iteration, decodes first, the rest prefill chunks (the pool's step "
                    "budget is this x the cores used)")
           .withSource("assumption: 8 x 64 cores = 512 tokens per step (the chunked scheduler's default); the paper's "
                       "credit scheduler (budget 5, chunk cost 4) has no token size")});
  return table;
}

} // namespace llmwb
