// SPDX-License-Identifier: GPL-3.0-or-later
// NpuSim's serving policies on one multi-core chip (section 4.3), chosen by the system's
// `parallelism.mode`:
// - fusion: one pool of every core; iteration-level steps that put the decodes first and fill a
//   per-core token budget (fusion_tokens_per_core x cores) with prefill chunks (chunked prefill);
// - disaggregation: a prefill pool and a decode pool of cores on the same chip (P49/D14 ...); each
//   prefill pipeline takes one prompt at a time, the prompt's KV crosses the NoC to the decode pool
//   (every prefill stage sends its layers' KV over its own free E/W link, overlapped with the prefill
//   layer by layer) and decodes batch continuously. A system with prefill and decode groups gives
//   the pools their own core types (heterogeneous decode cores, Fig. 12); a single group is split.
// Every pool drives NpuSim's KV manager (SRAM blocks + HBM ring, spec B.8; npusim_kv_tracker.h) and
// holds at most `core_credit` sequences per stage group (the artefact's HW_CORE_CREDIT), the others
// waiting in order.
#include "core/compute/npusim/npusim_spec.h"
#include "core/engine/npusim/npusim_model.h"
#include "core/serving/disaggregated_run.h"
#include "core/serving/schedulers/npusim/npusim_kv_tracker.h"
#include "core/serving/schedulers/schedulers.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace llmwb::serving {

namespace {
/// The KV path between the pools: one E/W link per prefill stage, prefill pools on the two sides of
/// the chip and the decode band in the middle (spec B.11), so about a quarter of a row of hops.
LinkSpec nocHandoffLink(const engine::npusim::NpusimModel& prefill) {
  const auto& core = prefill.core();
  LinkSpec link;
  link.name = "NoC (prefill -> decode cores)";
  const int lanes = std::max(1, std::min(prefill.pool().pp * prefill.pool().tp, core.meshRows * 2));
  link.bandwidth = BytesPerSecond(lanes * core.nocBandwidth());
  const double hops = std::max(1.0, core.meshColumns / 4.0);
  link.latency = Seconds(hops * (2.0 + core.hopCycles) / core.frequencyHz());
  link.energy = units::picojoulesPerBit(0.5); // assumption: on-chip wires, a few hops
  return link;
}

/// Sequences a pool holds at once: each stage group (one TP group of a pipeline stage) takes at
/// most `credit` per iteration, as the artefact's stage-1 cores rebuild their batches (0: no limit).
int creditLimit(const engine::PerformanceModel& model, int credit) {
  const auto* npu = dynamic_cast<const engine::npusim::NpusimModel*>(&model);
  if (!npu || credit <= 0) return 0;
  const long long limit = 1LL * npu->pool().pipelines * npu->pool().pp * credit;
  return int(std::min<long long>(limit, std::numeric_limits<int>::max()));
}

class NpusimScheduler final : public Scheduler {
public:
  void run(const SchedulerContext& context, ServingRun& run) const override {
    const auto& system = context.system;
    const ParallelismSpec* parallelism = parallelismOf(system);
    if (!parallelism) {
      run.failure = "the npusim scheduler needs a system with a \"parallelism\" block (see docs/npusim.md)";
      return;
    }
    const auto& par = *parallelism;
    if (par.mode == PdMode::Fusion) fusion(context, run, par);
    else disaggregation(context, run, par);
  }

private:
  static void fusion(const SchedulerContext& context, ServingRun& run, const ParallelismSpec& par) {
    DeviceGroup group = singlePoolGroup(context.system, run);
    group.role = DeviceRole::Both;
    const auto* core = group.device.compute.getIf<NpusimComputeSpec>();
    if (!core) {
      run.failure = "the npusim scheduler serves \"npusim\" devices; " + group.device.name + " is \"" +
                    group.device.compute.kindName() + "\"";
      return;
    }
    const auto model = buildPoolModel(context, group, false, run);
    if (!model) return;
    auto policy = policyFrom(context.config);
    policy.mixed = true;
    policy.kvTracker = makeNpusimKvTracker;
    policy.tokenBudget = std::max(1LL, static_cast<long long>(std::llround(par.fusionTokensPerCore * core->cores())));
    policy.maxBatch = tighterBatchLimit(policy.maxBatch, creditLimit(*model, par.coreCredit));
    serveOnPool(context, run, *model, policy);
  }

  static void disaggregation(const SchedulerContext& context, ServingRun& run, const ParallelismSpec& par) {
    const auto& system = context.system;
    DeviceGroup prefillGroup, decodeGroup;
    if (system.disaggregated()) {
      prefillGroup = *system.prefillGroup();
      decodeGroup = *system.decodeGroup();
    } else {
      prefillGroup = decodeGroup = system.groups.front();
      prefillGroup.role = DeviceRole::Prefill;
      decodeGroup.role = DeviceRole::Decode;
    }
    const auto prefillModel = buildPoolModel(context, prefillGroup, true, run);
    if (!prefillModel) return;
    const auto decodeModel = buildPoolModel(context, decodeGroup, false, run);
    if (!decodeModel) return;
    const auto* npu = dynamic_cast<const engine::npusim::NpusimModel*>(prefillModel.get());
    if (!npu) {
      run.failure = "the npusim scheduler's disaggregation needs the npusim engine";
      return;
    }
    const LinkSpec link = nocHandoffLink(*npu);
    // Prompts stream through the pipeline stages, one per stage; the decode pool holds what its
    // stage groups' credit allows.
    const DecodePhaseModel decode{"decode", decodeModel.get(), 1.0, creditLimit(*decodeModel, par.coreCredit)};
    serveDisaggregated(context, run, *prefillModel, {decode}, link, npu->pool().pipelines * npu->pool().pp,
                       makeNpusimKvTracker);
  }
};
} // namespace

std::unique_ptr<Scheduler> makeNpusim() { return std::make_unique<NpusimScheduler>(); }

} // namespace llmwb::serving
