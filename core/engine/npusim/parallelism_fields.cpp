// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/npusim/parallelism_fields.h"

#include <algorithm>
#include <array>
#include <string>

namespace llmwb {

std::string_view toString(TensorPartition p) { return kTensorPartitionNames.toString(p); }
std::string_view toString(CorePlacement p) { return kCorePlacementNames.toString(p); }
std::string_view toString(ReduceForm f) { return kReduceFormNames.toString(f); }
double reducePasses(ReduceForm f) { return f == ReduceForm::AllReduce ? 2.0 : 1.0; }
std::string_view toString(PdMode m) { return kPdModeNames.toString(m); }
std::optional<TensorPartition> parseTensorPartition(std::string_view t) { return kTensorPartitionNames.parse(t); }
std::optional<CorePlacement> parseCorePlacement(std::string_view t) { return kCorePlacementNames.parse(t); }
std::optional<ReduceForm> parseReduceForm(std::string_view t) { return kReduceFormNames.parse(t); }
std::optional<PdMode> parsePdMode(std::string_view t) { return kPdModeNames.parse(t); }

std::string groupSlotsText(const std::vector<int>& slots) {
  std::string out;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (i > 0) out += ',';
    out += std::to_string(slots[i]);
  }
  return out;
}

std::optional<std::vector<int>> parseGroupSlots(std::string_view text, std::string& error) {
  std::vector<int> out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(',', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view item = text.substr(at, end - at);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    const bool digits = !item.empty() && item.size() <= 6 &&
                        std::all_of(item.begin(), item.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) {
      error = "expected slot numbers (whole numbers from 0) separated by commas, got \"" + std::string(item) + "\"";
      return std::nullopt;
    }
    const int slot = std::stoi(std::string(item));
    if (std::find(out.begin(), out.end(), slot) != out.end()) {
      error = "slot " + std::to_string(slot) + " is given to two groups";
      return std::nullopt;
    }
    out.push_back(slot);
    at = end + 1;
    if (end == text.size()) break;
    if (at == text.size()) {
      error = "a trailing comma";
      return std::nullopt;
    }
  }
  return out;
}

namespace {
params::Field<ParallelismSpec> groupSlotsField() {
  params::Field<ParallelismSpec> f;
  f.key = "group_slots";
  f.type = params::FieldType::Text;
  f.get = [](const ParallelismSpec& s) { return params::FieldValue(groupSlotsText(s.groupSlots)); };
  f.set = [](ParallelismSpec& s, const params::FieldValue& v) {
    std::string error;
    const auto slots = parseGroupSlots(params::textOf(v, "group_slots"), error);
    if (!slots) throw params::FieldError("group_slots", error);
    s.groupSlots = *slots;
  };
  return std::move(f)
      .withLabel("Group slots")
      .withDoc("where the TP groups sit on the mesh: the slot of each group (pool, pipeline, stage order) among the "
               "mesh's group-sized boxes numbered in boustrophedon order (row 0 left to right, row 1 right to left, "
               "...), comma-separated; groups past the list take the free slots in order; empty: every group in order. "
               "Dragging a group in the NPU chip view writes it")
      .withSource("NpuSim 4.1, Fig. 4 (pipelines placed on the grid); stage-to-stage activations follow XY routes "
                  "between the placed groups");
}
} // namespace

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
       params::choice<S>("partition", &S::partition, kTensorPartitionNames)
           .withLabel("Partition")
           .withDoc("GEMM split over the TP group: MN (AllGather of weights), K (AllReduce of partial sums), MNK (2-D)")
           .withSource(paper + "4.1, Fig. 3; Table 2 reconstructed in npusim_spec.md B.5"),
       params::choice<S>("placement", &S::placement, kCorePlacementNames)
           .withLabel("Placement")
           .withDoc("cores of a TP group on the mesh: a 1 x P line in rank order (T10) or interleaved (WaferLLM), a "
                    "2 x P/2 ring, or a square block")
           .withSource(paper + "4.1, Fig. 4, 5.4"),
       params::choice<S>("reduce", &S::reduce, kReduceFormNames)
           .withLabel("K reduction")
           .withDoc("how partial sums over K are combined, by the K partition and along the 2-D partition's rows: a "
                    "reduce-scatter (the next GEMM takes the scattered columns) or a full all-reduce (a reduce-scatter "
                    "then an all-gather of the reduced parts)")
           .withSource("NpuSim 4.1 (\"partitioning along the K dimension employs the AllReduce primitive\"; 2-D: "
                       "\"each core performs an AllReduce operation ... within the same row\"); the artefact's Fig. 9 K "
                       "workload passes each chunk round the ring, sums, then passes the sums round again (2(P-1) "
                       "steps); npusim_spec.md B.5"),
       params::flag<S>("overlap_rotation", &S::overlapRotation)
           .withLabel("Overlap rotation")
           .withDoc("MN and 2-D partitions: send each rotating weight block while the array computes with the "
                    "previous one (double-buffered); off: receive, compute, then send, so every rotation step is "
                    "exposed")
           .withSource("off: the artefact's Fig. 9 workloads (llm/test/chores/*fig9*.json: each iteration receives "
                       "the block, computes, then casts it on); the 2-D text of NpuSim 4.1 (\"these two communication "
                       "steps are iterated\"); on: npusim_spec.md B.5's proposal"),
       params::choice<S>("mode", &S::mode, kPdModeNames)
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
                       "credit scheduler (budget 5, chunk cost 4) has no token size"),
       params::integer<S>("core_credit", &S::coreCredit).withLabel("Core credit").withUnit("sequences").withRange(0, 1000000)
           .withDoc("sequences a stage group (one TP group of a pipeline stage) takes per iteration; a pool holds at most "
                    "its stage groups x this many sequences at once and the others wait (0: no limit)")
           .withSource("the artefact's PD schedulers (npu-sim llm/src/monitor/config_helper_pd.cpp, config_helper_pds.cpp: "
                       "each stage-1 core rebuilds its batch while credit < HW_CORE_CREDIT, a decode costing 1; "
                       "llm/src/defs/spec.cpp: HW_CORE_CREDIT = 5); P42/D21 with TP 1 decodes at most 21 x 5 = 105"),
       groupSlotsField()});
  return table;
}

} // namespace llmwb
