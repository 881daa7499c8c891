// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/analytic/pass_operators.h"

#include "core/engine/analytic/tensor_parallel.h"

#include <algorithm>

namespace llmwb {

namespace {
/// Every field buildOperators reads (names, identifiers and sources do not change operators).
bool sameOperatorInputs(const ModelSpec& a, const ModelSpec& b) {
  return a.hiddenSize == b.hiddenSize && a.vocabSize == b.vocabSize && a.tiedEmbeddings == b.tiedEmbeddings &&
         a.diffusion == b.diffusion && a.layerPattern == b.layerPattern && a.layerTypes == b.layerTypes;
}

bool samePass(const PassShape& a, const PassShape& b) {
  return a.batch == b.batch && a.newTokens == b.newTokens && a.pastTokens == b.pastTokens && a.logitRows == b.logitRows;
}

/// FNV-1a over the bytes of the values mixed in.
struct Hasher {
  std::uint64_t h = 1469598103934665603ull;
  void mix(const void* data, std::size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) h = (h ^ p[i]) * 1099511628211ull;
  }
  void mix(double v) {
    if (v == 0) v = 0; // -0 and 0 are the same work
    mix(&v, sizeof v);
  }
  void mix(int v) { mix(&v, sizeof v); }
};

std::shared_ptr<const PassOperators> build(const ModelSpec& model, const Quantisation& quant, const PassShape& pass,
                                           int devices) {
  auto ops = std::make_shared<PassOperators>();
  ops->full = buildOperators(model, quant, pass);
  if (devices > 1) ops->sharded = shardForTensorParallel(ops->full, devices);
  for (const auto& op : ops->full) ops->allReduce.push_back(allReduceBytes(op, devices));
  for (const auto& op : ops->perDevice()) {
    ops->kindBytes.push_back({op.bytes(DataKind::Weight), op.bytes(DataKind::Activation), op.bytes(DataKind::Cache)});
    Bytes live;
    for (const auto& o : op.operands)
      if (o.kind == DataKind::Activation) live += o.bytes;
    ops->liveActivations = std::max(ops->liveActivations, live);
    ops->workHashes.push_back(workHash(op));
  }
  return ops;
}

/// One thread's passes of the model it last evaluated; a different model starts it afresh.
struct Cache {
  static constexpr std::size_t kMaxEntries = 256;
  struct Entry {
    PassShape pass;
    int devices = 1;
    Quantisation quant;
    std::shared_ptr<const PassOperators> ops;
  };
  bool hasModel = false;
  ModelSpec model;
  std::vector<Entry> entries;
  std::vector<std::pair<Quantisation, ModelFootprint>> footprints;

  /// This thread's cache, emptied when `model` differs from the one it holds.
  static Cache& of(const ModelSpec& model) {
    thread_local Cache cache;
    if (!cache.hasModel || !sameOperatorInputs(cache.model, model)) {
      cache.entries.clear();
      cache.footprints.clear();
      cache.model = model;
      cache.hasModel = true;
    }
    return cache;
  }
};
} // namespace

std::uint64_t workHash(const Operator& op) {
  Hasher h;
  h.mix(int(op.cls));
  h.mix(op.vectorOps);
  for (const auto& g : op.gemms) {
    h.mix(g.m), h.mix(g.k), h.mix(g.n), h.mix(g.instances), h.mix(int(g.packK)), h.mix(g.kvHeads);
  }
  const auto& s = op.scan;
  h.mix(s.sequences), h.mix(s.tokens), h.mix(s.channels), h.mix(s.stateSize), h.mix(s.groups), h.mix(s.macsPerUpdate),
      h.mix(s.elementBytes);
  for (const auto& o : op.operands) {
    h.mix(int(o.kind)), h.mix(int(o.role)), h.mix(o.bytes.value()), h.mix(int(o.write));
  }
  return h.h;
}

ModelFootprint modelFootprint(const ModelSpec& model, const Quantisation& quant) {
  auto& cache = Cache::of(model);
  for (const auto& [q, footprint] : cache.footprints)
    if (q == quant) return footprint;
  ModelFootprint f;
  f.weights = weightBytes(model, quant);
  // The cache is affine in the context: state + context x per-token cache.
  f.statePerSequence = cacheBytesPerSequence(model, quant, 0);
  f.cachePerToken = cacheBytesPerSequence(model, quant, 1) - f.statePerSequence;
  if (cache.footprints.size() >= Cache::kMaxEntries) cache.footprints.clear();
  cache.footprints.emplace_back(quant, f);
  return f;
}

std::shared_ptr<const PassOperators> passOperators(const ModelSpec& model, const Quantisation& quant,
                                                   const PassShape& pass, int devices) {
  auto& cache = Cache::of(model);
  for (const auto& e : cache.entries)
    if (e.devices == devices && samePass(e.pass, pass) && e.quant == quant) return e.ops;
  if (cache.entries.size() >= Cache::kMaxEntries) cache.entries.clear();
  auto ops = build(model, quant, pass, devices);
  cache.entries.push_back({pass, devices, quant, ops});
  return ops;
}

} // namespace llmwb
