// SPDX-License-Identifier: GPL-3.0-or-later
// The npusim engine's model of one group: its pool on the chip, the SRAM-first placement of weights
// and KV, and every step costed per operator class over the TP group's partition and the NoC.
#include "core/engine/npusim/npusim_model.h"

#include "core/compute/compute_kind.h"
#include "core/device/device_model.h"
#include "core/engine/device_summary.h"
#include "core/engine/npusim/chip_map.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>

namespace llmwb::engine::npusim {

namespace {
/// The system's parallelism block as the context hands it over; the defaults without one.
ParallelismSpec parallelismIn(const engine::EngineContext& context) {
  const ParallelismSpec* p = context.settings ? context.settings->find<ParallelismSpec>(kParallelismBlock) : nullptr;
  return p ? *p : ParallelismSpec{};
}

double ceilPos(double v) { return std::max(1.0, std::ceil(v - 1e-9)); }
} // namespace

void NpusimModel::LayerWork::add(const Work& w, OperatorClass cls) {
  if (count == kMaxPieces) throw std::logic_error("npusim: a layer of more pieces than LayerWork holds");
  pieces[count++] = {w, cls};
  total += w;
}

void NpusimModel::Classes::fileComm(double seconds) {
  byClass[std::size_t(last)].time += seconds;
  byClass[std::size_t(last)].comm += seconds;
}

NpusimModel::NpusimModel(const EngineContext& context)
    : mDevice(context.group.device), mPar(parallelismIn(context)),
      mModel(context.model), mRole(context.group.role), mDescriptive(context.descriptive) {
  if (const auto* c = mDevice.compute.getIf<NpusimComputeSpec>()) mCore = *c;
  else {
    mProblem = "the npusim engine models compute \"npusim\" devices; " + mDevice.name + " is \"" +
               mDevice.compute.kindName() + "\"";
    return;
  }
  mBytes = std::max(1.0, mDevice.quantisation.weights.bitsPerElement() / 8.0);
  const int chip = mCore.cores();
  const int layers = mModel.layerCount();
  if (layers == 0) {
    mProblem = "the model has no layers";
    return;
  }
  if (mModel.diffusion.enabled) {
    mProblem = "the npusim engine models autoregressive decoding; " + mModel.name +
               " is a diffusion model (its denoising passes are modelled by the analytic engines)";
    return;
  }
  for (const auto& t : mModel.layerTypes) {
    const bool gqa = t.kind == LayerKind::Attention && std::get<AttentionSpec>(t.spec).kind == AttentionSpec::Kind::Gqa;
    if (!gqa && t.kind != LayerKind::Mlp && t.kind != LayerKind::Moe) {
      mProblem = "the npusim engine models GQA attention, MLP and MoE layers; layer \"" + t.name + "\" is none of them";
      return;
    }
  }
  // The pool.
  const int tp = mPar.tp;
  mPool = poolShape(mPar, mRole, chip, layers, mProblem);
  if (!mProblem.empty()) return;
  const int pp = mPool.pp;
  const auto mapping = groupMapping(tp, mPar.placement, mCore.meshColumns, mCore.meshRows, mCore.nocLock);
  if (!mapping->error.empty()) {
    mProblem = mapping->error + " (/parallelism/placement, /parallelism/tp)";
    return;
  }
  mLayout = mapping->layout;
  mGrid = mapping->grid;
  if (!placeStages(chip, layers)) return;
  // Stages: contiguous runs of layers; the first holds the embedding, the last the LM head.
  const double embed = double(mModel.vocabSize) * mModel.hiddenSize * mBytes;
  for (int s = 0; s < pp; ++s) {
    Stage st;
    st.first = int(std::floor(double(s) * layers / pp));
    st.count = int(std::floor(double(s + 1) * layers / pp)) - st.first;
    st.head = s == pp - 1;
    st.index = s;
    for (int i = st.first; i < st.first + st.count; ++i) {
      const auto* type = mModel.layerType(mModel.layerPattern[std::size_t(i)]);
      st.types.push_back(std::size_t(type - mModel.layerTypes.data()));
      st.weightBytes += mModel.layerParameters(*type) * mBytes;
      st.kvBytesPerToken += mModel.cacheElementsPerToken(*type) * mBytes;
    }
    if (s == 0) st.weightBytes += embed;
    if (st.head) st.weightBytes += embed;
    mModelWeights += st.weightBytes;
    mKvPerToken += st.kvBytesPerToken;
    mStages.push_back(st);
  }
  // SRAM of each stage's cores: the reserve first, then that stage's weights best-effort, the rest
  // for its KV cache (spec B.8: "weights of the current stage first, then KV"; a core holds only its
  // own stage's weights, so the stage with the embedding or the LM head does not set the others').
  double worst = 0;
  const double avail = mCore.sramBytes() * (1.0 - mCore.sramReserveFraction);
  mWeightShare = 1;
  mKvSram = avail;
  for (auto& st : mStages) {
    const double perCore = st.weightBytes / tp;
    worst = std::max(worst, perCore);
    st.weightShare = perCore > 0 ? std::min(1.0, avail / perCore) : 1.0;
    st.kvSram = std::max(0.0, avail - perCore * st.weightShare);
    mWeightShare = std::min(mWeightShare, st.weightShare);
    mKvSram = std::min(mKvSram, st.kvSram);
  }
  if (worst * (1.0 - mWeightShare) > mCore.hbmBytes())
    mProblem = "a core's share of a stage's weights (" + std::to_string(worst / 1e9) + " GB) fits neither its SRAM nor its " +
               std::to_string(mCore.hbmCapacityGB) + " GB of HBM; use more pipeline stages or TP";
}

bool NpusimModel::placeStages(int chip, int layers) {
  // The chip's groups in chip_map.h's order: the prefill pool's first, then pipeline by pipeline,
  // stage by stage. ParallelismSpec::groupSlots moves them; each boundary between consecutive
  // stages then scales against the default order (boundaryScale).
  const int pp = mPool.pp;
  int offset = 0, chipGroups = mPool.pipelines * pp;
  if (mRole != DeviceRole::Both) {
    std::string otherProblem;
    const auto other = poolShape(mPar, mRole == DeviceRole::Prefill ? DeviceRole::Decode : DeviceRole::Prefill, chip, layers, otherProblem);
    const int otherGroups = otherProblem.empty() ? other.pipelines * other.pp : 0;
    chipGroups += otherGroups;
    if (mRole == DeviceRole::Decode) offset = otherGroups;
  }
  mBoundaries.assign(std::size_t(std::max(0, pp - 1)), BoundaryScale{});
  if (mPar.groupSlots.empty()) return true;
  const auto slots = groupSlots(mCore.meshColumns, mCore.meshRows, mLayout);
  std::string error;
  const auto placed = assignSlots(chipGroups, int(slots.size()), mPar.groupSlots, error);
  if (!error.empty()) {
    mProblem = error + " (/parallelism/group_slots)";
    return false;
  }
  const auto inOrder = assignSlots(chipGroups, int(slots.size()), {}, error);
  std::vector<bool> seen(mBoundaries.size(), false);
  for (int pipe = 0; pipe < mPool.pipelines; ++pipe)
    for (int s = 0; s + 1 < pp; ++s) {
      const auto a = std::size_t(offset + pipe * pp + s), b = a + 1;
      if (b >= placed.size()) continue; // groups past the mesh's slots keep the default
      const auto scale = boundaryScale(mLayout, slots[std::size_t(placed[a])], slots[std::size_t(placed[b])],
                                       slots[std::size_t(inOrder[a])], slots[std::size_t(inOrder[b])]);
      auto& worst = mBoundaries[std::size_t(s)]; // the pipelines step together: the slowest sets it
      worst.bandwidth = seen[std::size_t(s)] ? std::max(worst.bandwidth, scale.bandwidth) : scale.bandwidth;
      worst.hops = seen[std::size_t(s)] ? std::max(worst.hops, scale.hops) : scale.hops;
      seen[std::size_t(s)] = true;
    }
  return true;
}

double NpusimModel::memorySeconds(double sramBytes, double hbmBytes) const {
  // HBM data is staged in SRAM (section 5.3: with spilled weights and KV "SRAM serves as a temporary
  // computation buffer"): the DMA writes it through the write port and the array reads it, with the
  // resident data, through a read port (the artefact's SRAM: separate read and write ports, each
  // sram_bytes_per_cycle wide). SRAM bandwidth scales with the array (Fig. 12: "adjust SRAM bandwidth
  // to match the computational capability of the SA"), which caps what more HBM bandwidth delivers.
  const double hbm = hbmBytes > 0 ? mCore.hbmLatencyNs * 1e-9 + hbmBytes / (mCore.hbmBandwidth() * mCore.hbmEfficiency) : 0;
  const double sram = (sramBytes + hbmBytes) / mCore.sramBandwidth();
  return std::max(hbm, sram);
}

NpusimModel::Work NpusimModel::vector(double ops, double bytes) const {
  Work c;
  c.time = ops / mCore.coreVectorOps();
  c.flops = ops;
  c.activationBytes = bytes;
  c.sramBytes = bytes;
  return c;
}

double NpusimModel::reducePartials(double bytes) const {
  const int p = mPool.tp;
  if (p <= 1 || bytes <= 0) return 0;
  double t = 0;
  if (mLayout.placement == CorePlacement::Mesh) {
    const int r = mLayout.blockR, c = mLayout.blockC;
    t = (c - 1) * stepSeconds(mCore, mLayout.rowShape, bytes / c) + (r - 1) * stepSeconds(mCore, mLayout.colShape, bytes / (c * r));
  } else {
    t = (p - 1) * stepSeconds(mCore, mLayout.ringShape, bytes / p);
  }
  const double adds = (p - 1.0) / p * bytes / mBytes / mCore.coreVectorOps();
  return reducePasses(mPar.reduce) * t + adds;
}

double NpusimModel::allGather(double block) const {
  const int p = mPool.tp;
  if (p <= 1 || block <= 0) return 0;
  if (mLayout.placement == CorePlacement::Mesh) {
    const int r = mLayout.blockR, c = mLayout.blockC;
    return (c - 1) * stepSeconds(mCore, mLayout.rowShape, block) + (r - 1) * stepSeconds(mCore, mLayout.colShape, c * block);
  }
  return (p - 1) * stepSeconds(mCore, mLayout.ringShape, block);
}

double NpusimModel::rowReduce(double bytes) const {
  const int c = mGrid.c;
  if (c <= 1 || bytes <= 0) return 0;
  return reducePasses(mPar.reduce) * (c - 1) * stepSeconds(mCore, mGrid.rowShape, bytes / c) + (c - 1.0) / c * bytes / mBytes / mCore.coreVectorOps();
}

double NpusimModel::colRotate(double block) const {
  return mGrid.r <= 1 ? 0 : stepSeconds(mCore, mGrid.colShape, block);
}

NpusimModel::Work NpusimModel::gemm(double m, double k, double n, double share) const {
  Work c;
  const int p = mPool.tp;
  const double f = mCore.frequencyHz();
  const double wBytes = k * n * mBytes / p;
  // Weights and the operator's input and output through SRAM; spilled weights stream in from HBM.
  const double tw = memorySeconds(wBytes * share + (m * k + m * n) * mBytes / p, wBytes * (1 - share));
  const double io = 0;
  c.flops = 2 * m * k * n;
  c.hbmBytes = wBytes * (1 - share) * p;
  c.weightBytes = k * n * mBytes;
  c.activationBytes = (m * k + m * n) * mBytes;
  c.sramBytes = c.weightBytes + c.activationBytes;
  if (p == 1) {
    const double tc = npuGemmCycles(mCore, m, k, n) / f;
    c.time = std::max(tc, tw + io);
    c.memory = tw + io >= tc ? c.time : 0;
    return c;
  }
  switch (mPar.partition) {
  case TensorPartition::MN: {
    // X by rows, W by columns; P rounds, the W blocks rotating round the ring: each received block
    // is computed with, then sent on (exposed), or sent while the next is computed (overlapRotation).
    const double tc = npuGemmCycles(mCore, m / p, k, n / p) / f;
    const double x = allGather(wBytes);
    c.time = std::max(tc, tw + io) + (mPar.overlapRotation ? std::max((p - 1) * tc, x) : (p - 1) * tc + x);
    c.comm = x;
    c.memory = std::max(0.0, tw + io - tc);
    c.nocBytes = (p - 1.0) * wBytes * p;
    break;
  }
  case TensorPartition::K: {
    // X by columns, W by rows: one pass, then the partial sums reduced round the ring.
    const double tc = npuGemmCycles(mCore, m, k / p, n) / f;
    const double red = reducePartials(m * n * mBytes);
    c.time = std::max(tc, tw + io) + red;
    c.comm = red;
    c.memory = tw + io >= tc ? tw + io : 0;
    c.nocBytes = reducePasses(mPar.reduce) * (p - 1.0) / p * m * n * mBytes * p;
    break;
  }
  case TensorPartition::MNK: {
    // R x C: per iteration a partial (M/R)(N/R), reduced along the row (C cores), and the W block
    // (K/C)(N/R) exchanged along the column (R cores), after the iteration's product or during it
    // (overlapRotation); R iterations.
    const int r = mGrid.r, cc = mGrid.c;
    const double tc = npuGemmCycles(mCore, m / r, k / cc, n / r) / f;
    const double rr = rowReduce((m / r) * (n / r) * mBytes);
    const double xc = colRotate((k / cc) * (n / r) * mBytes);
    const double exposed = (r - 1) * (mPar.overlapRotation ? std::max(0.0, xc - tc) : xc);
    c.time = r * (tc + rr) + exposed + std::max(0.0, tw + io - r * tc);
    c.comm = r * rr + exposed;
    c.memory = tw + io >= r * tc ? tw + io : 0;
    c.nocBytes = p * (reducePasses(mPar.reduce) * r * (cc - 1.0) / cc * (m / r) * (n / r) * mBytes + (r - 1.0) * (k / cc) * (n / r) * mBytes);
    break;
  }
  }
  return c;
}

double NpusimModel::gemmSeconds(double m, double k, double n, double weightShare) const {
  return gemm(m, k, n, weightShare).time;
}

std::size_t NpusimModel::layerCost(const LayerType& type, double seqs, double newTokens, double context, double kvSpill,
                                   double share, LayerMemo& memo) const {
  // Only attention reads the context and the KV spill: the other layers of every stage that shares
  // a weight share cost the same.
  if (type.kind != LayerKind::Attention) context = kvSpill = 0;
  for (std::size_t i = 0; i < memo.entries.size(); ++i) {
    const auto& e = memo.entries[i];
    if (e.type == &type && e.seqs == seqs && e.newTokens == newTokens && e.context == context && e.kvSpill == kvSpill &&
        e.share == share)
      return i;
  }
  memo.entries.push_back({&type, seqs, newTokens, context, kvSpill, share, layerWork(type, seqs, newTokens, context, kvSpill, share)});
  return memo.entries.size() - 1;
}

NpusimModel::LayerWork NpusimModel::layerWork(const LayerType& type, double seqs, double newTokens, double context,
                                              double kvSpill, double share) const {
  LayerWork total;
  auto add = [&](const Work& w, OperatorClass cls) { total.add(w, cls); };
  constexpr auto kProjection = OperatorClass::Projection, kElementwise = OperatorClass::Elementwise, kMoe = OperatorClass::Moe;
  const double h = mModel.hiddenSize;
  const double m = seqs * newTokens;
  const int p = mPool.tp;
  if (type.kind == LayerKind::Attention) {
    const auto& a = std::get<AttentionSpec>(type.spec);
    const double heads = a.heads, kv = a.kvHeads, d = a.headDim;
    add(vector(m * h * 8 / p, 2 * m * h * mBytes), kElementwise); // norm, rope
    add(gemm(m, h, (heads + 2 * kv) * d, share), kProjection);
    // Attention on a head split: whole KV heads per core (replicated when TP > KV heads).
    const double hq = std::ceil(heads / p), hkv = std::ceil(kv / p);
    const double span = context + newTokens;
    const double f = mCore.frequencyHz();
    Work att;
    att.flops = 4 * seqs * heads * newTokens * span * d;
    const double compute = seqs * hq * (npuGemmCycles(mCore, newTokens, d, span) + npuGemmCycles(mCore, newTokens, span, d)) / f +
                           seqs * hq * newTokens * span * 5 / mCore.coreVectorOps();
    const double kvBytes = seqs * (span + newTokens) * hkv * d * 2 * mBytes;
    const double memory = memorySeconds(kvBytes * (1 - kvSpill), kvBytes * kvSpill);
    att.time = std::max(compute, memory);
    att.memory = memory >= compute ? memory : 0;
    att.hbmBytes = kvBytes * kvSpill * p;
    att.sramBytes = kvBytes * p;
    att.cacheBytes = kvBytes * p;
    att.activationBytes = 2 * m * heads * d * mBytes; // Q in, the attention output out
    if (p > 1 && mPar.partition != TensorPartition::K) {
      // MN and 2-D leave Q, K, V split by tokens: gathered round the ring before attention (every core
      // receives every token's projections and keeps its heads), and the attention output likewise
      // after, as the artefact's MN and 2-D workloads do (a full AllGather, not an all-to-all).
      const double shuffled = m * (heads + 2 * kv) * d * mBytes + m * heads * d * mBytes;
      const double t = allGather(shuffled / p);
      att.time += t;
      att.comm += t;
      att.nocBytes += (p - 1.0) * shuffled;
    }
    add(att, OperatorClass::Attention);
    add(gemm(m, heads * d, h, share), kProjection);
    add(vector(m * h * 2 / p, 3 * m * h * mBytes), kElementwise); // residual
  } else if (type.kind == LayerKind::Mlp) {
    const auto& mlp = std::get<MlpSpec>(type.spec);
    const double ff = mlp.intermediate;
    add(vector(m * h * 6 / p, 3 * m * h * mBytes), kElementwise);
    add(gemm(m, h, (mlp.gated ? 2 : 1) * ff, share), kProjection);
    add(vector(m * ff * 4 / p, 3 * m * ff * mBytes), kElementwise);
    add(gemm(m, ff, h, share), kProjection);
  } else if (type.kind == LayerKind::Moe) {
    const auto& moe = std::get<MoeSpec>(type.spec);
    const double fe = moe.expertIntermediate;
    add(vector(m * h * 6 / p, 3 * m * h * mBytes), kElementwise);
    add(gemm(m, h, moe.experts, share), kMoe);
    const double active = std::min(double(moe.experts), m * moe.topK);
    const double rows = m * moe.topK / std::max(1.0, active);
    add(gemm(rows, h, (moe.gated ? 2 : 1) * fe * active, share), kMoe);
    add(gemm(rows, fe * active, h, share), kMoe);
    if (moe.sharedExperts > 0) {
      const double fs = (moe.sharedIntermediate > 0 ? moe.sharedIntermediate : moe.expertIntermediate) * moe.sharedExperts;
      add(gemm(m, h, (moe.gated ? 2 : 1) * fs, share), kMoe);
      add(gemm(m, fs, h, share), kMoe);
    }
  }
  return total;
}

template <class Sum>
Sum NpusimModel::stageCost(const Stage& s, double seqs, double newTokens, double context, double logitRows, double resident,
                           Classes* classes, LayerMemo& memo) const {
  Sum total;
  // KV of the stage's layers on one core: every sequence resident on the pipeline, not only the
  // micro-batch; what SRAM cannot hold sits in the requests' HBM ring buffers.
  const double kvPerCore = resident * (context + newTokens) * s.kvBytesPerToken / mPool.tp;
  const double spill = kvPerCore > s.kvSram && kvPerCore > 0 ? 1.0 - s.kvSram / kvPerCore : 0.0;
  constexpr auto kNone = std::size_t(-1);
  memo.byType.assign(mModel.layerTypes.size(), kNone);
  for (const std::size_t type : s.types) {
    std::size_t& entry = memo.byType[type];
    if (entry == kNone) entry = layerCost(mModel.layerTypes[type], seqs, newTokens, context, spill, s.weightShare, memo);
    const LayerWork& layer = memo.entries[entry].work;
    total += layer.total;
    if (classes)
      for (std::size_t k = 0; k < layer.count; ++k) classes->file(layer.pieces[k].work, layer.pieces[k].cls);
  }
  if (s.head) {
    const Work head = gemm(seqs * logitRows, mModel.hiddenSize, mModel.vocabSize, s.weightShare);
    total += head;
    if (classes) classes->file(head, OperatorClass::LmHead);
  } else {
    // Activations to the next stage's group over the links between the two groups.
    const double bytes = seqs * newTokens * mModel.hiddenSize * mBytes;
    const auto& placed = mBoundaries[std::size_t(s.index)];
    const double t = placed.bandwidth * bytes / (mLayout.boundaryLinks * mCore.nocBandwidth()) +
                     placed.hops * (2.0 + mCore.hopCycles) / mCore.frequencyHz();
    total.time += t;
    if constexpr (std::is_same_v<Sum, Work>) {
      total.comm += t;
      total.nocBytes += bytes;
    }
    if (classes) classes->fileComm(t);
  }
  return total;
}

StepResult NpusimModel::step(const OperatingPoint& point) const {
  std::vector<LayerMemo> memos;
  return step(point, memos);
}

StepResult NpusimModel::step(const OperatingPoint& point, std::vector<LayerMemo>& memos) const {
  StepResult r;
  r.point = point;
  if (!mProblem.empty()) {
    r.feasible = false;
    r.reason = mProblem;
    return r;
  }
  const double seqs = ceilPos(point.batch / mPool.pipelines);
  const double newTokens = std::max(1.0, point.newTokens);
  double best = -1;
  Work bestAll;
  int bestMb = 1;
  std::size_t bestSplit = 0;
  std::size_t split = 0;
  // Micro-batches through the pipeline: split the sequences (requests stream through the stages,
  // NpuSim 4.3.1). A prompt's tokens stay whole: without chunked prefill a prompt traverses the
  // stages as one tensor (chunking is the scheduler's, PD fusion; section 4.3.2).
  for (int mb = 1; mb <= mPool.pp; mb *= 2) {
    if (seqs < mb) break;
    const double s = seqs / mb;
    double all = 0, worst = 0; // the stages' times, summed as the whole Work sums them
    if (memos.size() <= split) memos.emplace_back().entries.reserve(2 * mModel.layerTypes.size());
    auto& memo = memos[split++];
    for (const auto& st : mStages) {
      const double c = stageCost<TimeOnly>(st, s, newTokens, point.contextTokens, point.logitRows, seqs, nullptr, memo).time;
      all += c;
      worst = std::max(worst, c);
    }
    const double t = all + (mb - 1) * worst;
    if (best < 0 || t < best) {
      best = t;
      bestMb = mb;
      bestSplit = split - 1;
    }
  }
  // The best split's whole work and its rows by operator class: its stages again, filing their
  // work (its memo holds every layer already).
  Classes bestClasses;
  for (const auto& st : mStages)
    bestAll += stageCost<Work>(st, seqs / bestMb, newTokens, point.contextTokens, point.logitRows, seqs, &bestClasses,
                               memos[bestSplit]);
  const double bestComm = bestAll.comm * (best / std::max(bestAll.time, 1e-30));
  const double flops = bestAll.flops * bestMb;
  const double pipes = std::min(double(mPool.pipelines), std::max(1.0, std::ceil(point.batch - 1e-9)));
  r.time = Seconds(best);
  r.communication = Seconds(std::min(bestComm, best));
  r.energy.compute = Joules(flops * pipes / 2 * mCore.energyPjPerMac * 1e-12);
  r.energy.idle = Joules(idlePower().value() * best);
  fillRows(r, bestAll, bestClasses, best, bestMb * pipes);
  return r;
}

void NpusimModel::fillRows(StepResult& r, const Work& sum, const Classes& classes, double stepTime, double scale) const {
  const double share = sum.time > 0 ? stepTime / sum.time : 0;
  for (std::size_t i = 0; i < kClasses; ++i) {
    const ClassCost& c = classes.byClass[i];
    if (c.time <= 0 && c.flops <= 0) continue;
    OperatorResult op;
    op.cls = OperatorClass(i);
    op.name = std::string(toString(op.cls));
    op.layer = "all layers";
    op.time = Seconds(c.time * share);
    op.computeTime = Seconds(std::max(0.0, c.time - c.comm - c.memory) * share);
    op.flops = Flops(c.flops * scale);
    op.offChipBytes = Bytes(c.hbmBytes * scale);
    op.weightBytes = Bytes(c.weightBytes * scale);
    op.activationBytes = Bytes(c.activationBytes * scale);
    op.cacheBytes = Bytes(c.cacheBytes * scale);
    op.energy = Joules(c.flops * scale / 2 * mCore.energyPjPerMac * 1e-12);
    // The bound texts are made once and shared by every row (SharedText: a copy allocates nothing).
    static const SharedText kNoc("NoC"), kHbm("core-local HBM"), kSram("core SRAM"), kCompute("compute");
    if (c.comm > 0.5 * c.time) {
      op.boundKind = BoundKind::Communication;
      op.bound = kNoc;
    } else if (c.memory > 0.5 * c.time) {
      op.boundKind = BoundKind::Memory;
      op.boundLevel = c.hbmBytes > 0 ? 1 : 0;
      op.bound = c.hbmBytes > 0 ? kHbm : kSram;
    } else {
      op.boundKind = BoundKind::Compute;
      op.bound = kCompute;
    }
    r.operators.push_back(std::move(op));
  }
  const std::string cores = " x" + std::to_string(std::max(1, mPool.cores));
  LevelUsage sram;
  sram.depth = 0;
  sram.name = "on-chip";
  sram.technology = "core SRAM" + cores;
  sram.read = Bytes(sum.sramBytes * scale);
  LevelUsage hbmLevel;
  hbmLevel.depth = 1;
  hbmLevel.name = "L1";
  hbmLevel.technology = "core HBM" + cores;
  hbmLevel.read = Bytes(sum.hbmBytes * scale);
  r.levels = {sram, hbmLevel};
}

namespace {
/// Adds `times` x `from`'s rows to `into`, matched by operator class (levels by depth).
void accumulate(PhaseResult& into, const StepResult& from, double times) {
  for (const auto& op : from.operators) {
    auto it = std::find_if(into.operators.begin(), into.operators.end(), [&](const OperatorResult& o) { return o.cls == op.cls; });
    if (it == into.operators.end()) {
      into.operators.push_back(op);
      it = into.operators.end() - 1;
      it->time = Seconds();
      it->computeTime = Seconds();
      it->flops = Flops();
      it->offChipBytes = it->weightBytes = it->activationBytes = it->cacheBytes = Bytes();
      it->energy = Joules();
    }
    it->time += op.time * times;
    it->computeTime += op.computeTime * times;
    it->flops += op.flops * times;
    it->offChipBytes += op.offChipBytes * times;
    it->weightBytes += op.weightBytes * times;
    it->activationBytes += op.activationBytes * times;
    it->cacheBytes += op.cacheBytes * times;
    it->energy += op.energy * times;
  }
  for (const auto& l : from.levels) {
    auto it = std::find_if(into.levels.begin(), into.levels.end(), [&](const LevelUsage& u) { return u.depth == l.depth; });
    if (it == into.levels.end()) {
      into.levels.push_back(l);
      it = into.levels.end() - 1;
      it->read = it->written = Bytes();
    }
    it->read += l.read * times;
    it->written += l.written * times;
  }
}
} // namespace

PhaseResult NpusimModel::prefill(const Workload& workload, int batch) const {
  PhaseResult p;
  p.evaluated = true;
  p.batch = batch;
  const auto s = step({Phase::Prefill, double(batch), double(workload.inputTokens), 0, 1});
  p.feasible = s.feasible;
  p.reason = s.reason;
  p.time = s.time;
  p.ttft = s.time;
  p.tokens = double(batch) * double(workload.inputTokens);
  p.tokensPerSecond = s.time.value() > 0 ? p.tokens / s.time.value() : 0;
  p.energyBreakdown = s.energy;
  p.energy = s.energy.total();
  p.peakPower = peakPower();
  p.averagePower = s.time.value() > 0 ? Watts(p.energy.value() / s.time.value()) : Watts();
  p.tokensPerJoule = p.energy.value() > 0 ? p.tokens / p.energy.value() : 0;
  p.operators = s.operators;
  p.levels = s.levels;
  p.footprint = Bytes(mModelWeights * mPool.pipelines) + sequenceFootprint(workload, double(workload.inputTokens)) * double(batch);
  return p;
}

PhaseResult NpusimModel::decode(const Workload& workload, int batch, int segments) const {
  PhaseResult p;
  p.evaluated = true;
  p.batch = batch;
  p.maxBatch = maxDecodeBatch(workload);
  const int n = std::max(1, segments);
  const double out = double(std::max(1LL, workload.outputTokens));
  double total = 0;
  EnergyBreakdown e;
  std::vector<LayerMemo> memos; // the segments share every layer the context does not change
  for (int i = 0; i < n; ++i) {
    const double ctx = double(workload.inputTokens) + (i + 0.5) * out / n;
    const auto s = step({Phase::Decode, double(batch), 1, ctx, 1}, memos);
    if (!s.feasible) {
      p.feasible = false;
      p.reason = s.reason;
      return p;
    }
    const double steps = out / n;
    total += s.time.value() * steps;
    e.compute += s.energy.compute * steps;
    e.idle += s.energy.idle * steps;
    if (i == 0) p.tbtFirst = s.time;
    if (i == n - 1) p.tbtLast = s.time;
    accumulate(p, s, steps); // every step of the segment: the rows are the phase's, all steps
  }
  p.time = Seconds(total);
  p.tokens = out * batch;
  p.tbt = Seconds(total / out);
  p.tokensPerSecond = total > 0 ? p.tokens / total : 0;
  p.energyBreakdown = e;
  p.energy = e.total();
  p.peakPower = peakPower();
  p.averagePower = total > 0 ? Watts(p.energy.value() / total) : Watts();
  p.tokensPerJoule = p.energy.value() > 0 ? p.tokens / p.energy.value() : 0;
  p.footprint = Bytes(mModelWeights * mPool.pipelines) +
                sequenceFootprint(workload, double(workload.contextTokens())) * double(batch);
  return p;
}

int NpusimModel::maxDecodeBatch(const Workload& workload) const {
  if (!mProblem.empty()) return 0;
  const auto m = memory();
  const double free = m.cacheCapacity().value();
  const double perSeq = mKvPerToken * double(std::max(1LL, workload.contextTokens()));
  if (m.capacity.value() < m.weights.value()) return 0;
  int b = 1;
  while (b < (1 << 20) && double(b) * 2 * perSeq <= free) b *= 2;
  return double(b) * perSeq <= free ? b : 0;
}

Bytes NpusimModel::sequenceFootprint(const Workload&, double contextTokens) const { return Bytes(mKvPerToken * contextTokens); }

std::vector<StageKvCapacity> NpusimModel::stageKvCapacity() const {
  std::vector<StageKvCapacity> out;
  if (!mProblem.empty()) return out;
  const double tp = std::max(1, mPool.tp);
  for (const auto& st : mStages) {
    const double perToken = st.kvBytesPerToken / tp; // bytes of one token's KV on one core of the stage
    if (perToken <= 0) continue;                   // no attention layer: nothing to cache
    const double spilledWeights = st.weightBytes / tp * (1.0 - st.weightShare);
    out.push_back({static_cast<long long>(std::floor(st.kvSram / perToken)),
                   static_cast<long long>(std::floor(std::max(0.0, mCore.hbmBytes() - spilledWeights) / perToken))});
  }
  return out;
}

MemoryBudget NpusimModel::memory() const {
  MemoryBudget b;
  const double used = mPool.used();
  b.capacity = Bytes(used * (mCore.hbmBytes() + mCore.sramBytes() * (1.0 - mCore.sramReserveFraction)));
  b.weights = Bytes(mModelWeights * mPool.pipelines);
  b.cachePerToken = Bytes(mKvPerToken);
  return b;
}

Watts NpusimModel::peakPower() const {
  const auto p = computeKinds().find(mDevice.compute.kindName());
  const double chip = p ? p->peakPower(mDevice.compute).value_or(Watts()).value() : 0;
  return Watts(chip * double(std::max(1, mPool.cores)) / std::max(1, mCore.cores()));
}

Watts NpusimModel::idlePower() const { return peakPower() * mDevice.power.staticFraction; }

std::vector<ComputeCeiling> NpusimModel::computeCeilings() const {
  const double cores = std::max(1, mPool.cores);
  return {{mDevice.name, "systolic arrays", FlopsPerSecond(mCore.corePeakFlops() * cores)},
          {mDevice.name, "vector lanes", FlopsPerSecond(mCore.coreVectorOps() * cores)}};
}

std::vector<MemoryCeiling> NpusimModel::memoryCeilings() const {
  const double cores = std::max(1, mPool.cores);
  return {{mDevice.name, "SRAM", "per-core SRAM x " + std::to_string(mPool.cores), BytesPerSecond(mCore.sramBandwidth() * cores), -1, 0},
          {mDevice.name, "HBM", "core-local HBM x " + std::to_string(mPool.cores),
           BytesPerSecond(mCore.hbmBandwidth() * mCore.hbmEfficiency * cores), -1, 1}};
}

std::shared_ptr<const DetailProduct> NpusimModel::detail(std::string_view type) const {
  if (type != ChipDetail::kType) return nullptr;
  auto d = std::make_shared<ChipDetail>();
  d->role = mRole;
  d->core = mCore;
  d->parallelism = mPar;
  d->pool = mPool;
  d->layout = mLayout;
  d->problem = mProblem;
  d->kv = stageKvCapacity();
  return d;
}

DeviceSummary NpusimModel::summary() const {
  auto s = summariseDevice(mRole, 1, DeviceModel(mDevice), mDescriptive);
  s.engine = "npusim";
  s.area = SquareMillimeters(areaMm2());
  s.peakFlops = FlopsPerSecond(mCore.corePeakFlops() * std::max(1, mPool.cores));
  s.onChipCapacity = Bytes(mCore.sramBytes() * std::max(1, mPool.cores));
  s.memoryCapacity = Bytes(mCore.hbmBytes() * std::max(1, mPool.cores));
  s.memoryBandwidth = BytesPerSecond(mCore.hbmBandwidth() * std::max(1, mPool.cores));
  s.tdp = peakPower();
  if (mDescriptive)
    s.compute = std::to_string(mPool.cores) + " cores (" + std::to_string(mPool.pipelines) + " pipelines of PP " +
                std::to_string(mPool.pp) + " x TP " + std::to_string(mPool.tp) + ", " + std::string(toString(mPar.partition)) +
                ", " + std::string(toString(mPar.placement)) + "), " + std::to_string(mCore.saDim) + "x" +
                std::to_string(mCore.saDim) + " SA, HBM " + std::to_string(int(mCore.hbmBandwidthGBps)) + " GB/s per core";
  return s;
}

} // namespace llmwb::engine::npusim
