// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/operators.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace llmwb {

namespace {
// Vector-unit work per element, in pipelined vector-instruction slots (PLENA analytic model,
// AICrossSim/PLENA_Simulator analytic_models/performance/perf_model.py, customISA_lib.json).
constexpr double kNormOpsPerElement = 8;     // RMSNorm: (h/VLEN) x 8 V_BASIC per token
constexpr double kResidualOpsPerElement = 4; // (V_ADD_VV + 3) per VLEN chunk
constexpr double kGatedActOpsPerElement = 6; // SiLU(gate) x up: ceil(I/VLEN) x 6 V_BASIC per token
constexpr double kPlainActOpsPerElement = 2; // squared ReLU / GELU on the up projection (assumption)
constexpr double kSoftmaxOpsPerScore = 5;    // online softmax: max, subtract, exp, sum, rescale
constexpr double kRopeOpsPerElement = 3;     // two multiplies and an add per rotated element (assumption)
constexpr double kConvOpsPerElement = 2;     // depthwise causal conv: one MAC per tap, per element
constexpr double kGateNormOpsPerElement = 6; // Mamba-2 / DeltaNet gated RMSNorm on the mixer output
constexpr double kTopKOpsPerLogit = 5;       // V_TOPK = 1 + VECTOR_MAX per router logit
constexpr double kSamplingOpsPerLogit = 3;   // softmax + sample over the vocabulary
constexpr double kLinearAttentionChunk = 64; // chunked (WY) form used for prefill (assumption)

struct Builder {
  const ModelSpec& model;
  const Quantisation& q;
  const PassShape& pass;
  std::vector<Operator>& out;
  std::array<int, 256> counts{}; ///< layers per pattern letter, counted once

  double rows() const { return pass.batch * pass.newTokens; }
  Bytes act(double elements) const { return q.activations.bytesFor(elements); }
  Bytes wt(double elements) const { return q.weights.bytesFor(elements); }
  Bytes cache(double elements) const { return q.kvCache.bytesFor(elements); }
  bool hasCache() const { return model.keepsCache(); }

  Operator& add(std::string name, const LayerType* layer, OperatorClass cls) {
    Operator op;
    op.name = std::move(name);
    op.layer = layer ? layer->name : "model";
    op.cls = cls;
    op.repeat = layer ? counts[static_cast<unsigned char>(layer->symbol)] : 1;
    out.push_back(std::move(op));
    return out.back();
  }

  /// Out[rows, n] = In[rows, k] x W[k, n] with `weightElements` stored weights (k*n unless shared).
  Operator& projection(const std::string& name, const LayerType* layer, double k, double n) {
    auto& op = add(name, layer, OperatorClass::Projection);
    op.gemms.push_back({rows(), k, n, 1, false});
    op.operands = {{"weights", DataKind::Weight, OperandRole::B, wt(k * n), false},
                   {"input", DataKind::Activation, OperandRole::A, act(rows() * k), false},
                   {"output", DataKind::Activation, OperandRole::Output, act(rows() * n), true}};
    return op;
  }

  /// `heads` independent per-head products [rows, k] x [k, n], each with its own k x n weights.
  void headwise(const std::string& name, const LayerType* layer, double heads, double k, double n) {
    auto& op = add(name, layer, OperatorClass::Projection);
    op.gemms.push_back({rows(), k, n, heads, false});
    op.operands = {{"weights", DataKind::Weight, OperandRole::B, wt(heads * k * n), false},
                   {"input", DataKind::Activation, OperandRole::A, act(rows() * heads * k), false},
                   {"output", DataKind::Activation, OperandRole::Output, act(rows() * heads * n), true}};
  }

  void norm(const std::string& name, const LayerType* layer) {
    const double h = model.hiddenSize;
    auto& op = add(name, layer, OperatorClass::Elementwise);
    op.vectorOps = rows() * h * kNormOpsPerElement;
    op.operands = {{"input", DataKind::Activation, OperandRole::Other, act(rows() * h), false},
                   {"gamma", DataKind::Weight, OperandRole::Other, wt(h), false},
                   {"output", DataKind::Activation, OperandRole::Other, act(rows() * h), true}};
  }

  void residual(Operator& op) {
    op.vectorOps += rows() * model.hiddenSize * kResidualOpsPerElement;
    op.operands.push_back({"residual", DataKind::Activation, OperandRole::Other,
                           act(rows() * model.hiddenSize), false});
  }

  /// Softmax attention core: scores = Q K^T, softmax, P V, for `heads` query heads sharing
  /// `kvHeads` key/value heads, over `keysPerQuery` keys on average.
  void attentionCore(const LayerType* layer, double heads, double kvHeads, double qkDim, double vDim,
                     double keysPerQuery, Bytes keyValueBytes, DataKind kvKind) {
    const double group = heads / kvHeads;
    auto& op = add(layer->name + ".attention", layer, OperatorClass::Attention);
    const double instances = pass.batch * kvHeads;
    const double m = group * pass.newTokens;
    op.gemms.push_back({m, qkDim, keysPerQuery, instances, true, kvHeads}); // Q K^T
    op.gemms.push_back({m, keysPerQuery, vDim, instances, false, kvHeads}); // P V
    op.vectorOps = pass.batch * heads * pass.newTokens * keysPerQuery * kSoftmaxOpsPerScore;
    op.operands = {{"queries", DataKind::Activation, OperandRole::A, act(rows() * heads * qkDim), false},
                   {"keys+values", kvKind, OperandRole::B, keyValueBytes, false},
                   {"output", DataKind::Activation, OperandRole::Output, act(rows() * heads * vDim), true}};
  }

  double keysPerQuery(bool causal) const {
    // Causal prefill: query i sees pastTokens + i + 1 keys; the mean over the block.
    if (causal) return pass.pastTokens + (pass.newTokens + 1.0) / 2.0;
    return pass.pastTokens + pass.newTokens;
  }

  void gqaAttention(const LayerType* layer, const AttentionSpec& a) {
    const double h = model.hiddenSize;
    norm(layer->name + ".norm", layer);
    const double qWidth = double(a.heads) * a.headDim * (a.outputGate ? 2 : 1);
    const double kvWidth = 2.0 * a.kvHeads * a.headDim;
    auto& qkv = projection(layer->name + ".qkv_proj", layer, h, qWidth + kvWidth);
    qkv.vectorOps += rows() * (a.heads + a.kvHeads) * a.headDim * kRopeOpsPerElement;
    if (hasCache())
      qkv.operands.push_back({"kv write", DataKind::Cache, OperandRole::Other, cache(rows() * kvWidth), true});
    const double keys = keysPerQuery(a.causal);
    const Bytes kvBytes = hasCache() ? cache(pass.batch * keys * kvWidth) : act(pass.batch * keys * kvWidth);
    attentionCore(layer, a.heads, a.kvHeads, a.headDim, a.headDim, keys, kvBytes,
                  hasCache() ? DataKind::Cache : DataKind::Activation);
    if (a.outputGate) out.back().vectorOps += rows() * a.heads * a.headDim * 4; // sigmoid gate x output
    auto& o = projection(layer->name + ".o_proj", layer, double(a.heads) * a.headDim, h);
    residual(o);
  }

  void mlaAttention(const LayerType* layer, const AttentionSpec& a) {
    const double h = model.hiddenSize;
    norm(layer->name + ".norm", layer);
    const double qHead = a.qkNopeHeadDim + a.qkRopeHeadDim;
    if (a.qLoraRank > 0) {
      projection(layer->name + ".q_down", layer, h, a.qLoraRank);
      projection(layer->name + ".q_up", layer, a.qLoraRank, double(a.heads) * qHead);
    } else {
      projection(layer->name + ".q_proj", layer, h, double(a.heads) * qHead);
    }
    const double latent = a.kvLoraRank + a.qkRopeHeadDim;
    auto& kvDown = projection(layer->name + ".kv_down", layer, h, latent);
    kvDown.vectorOps += rows() * (a.heads + 1) * a.qkRopeHeadDim * kRopeOpsPerElement;
    if (hasCache())
      kvDown.operands.push_back({"latent write", DataKind::Cache, OperandRole::Other, cache(rows() * latent), true});
    const double keys = keysPerQuery(a.causal);
    if (pass.newTokens > 1) {
      // Prefill: decompress the latent of every visible key into per-head K (nope part) and V.
      auto& up = add(layer->name + ".kv_up", layer, OperatorClass::Projection);
      const double n = double(a.heads) * (a.qkNopeHeadDim + a.vHeadDim);
      up.gemms.push_back({pass.batch * keys, double(a.kvLoraRank), n, 1, false});
      up.operands = {{"weights", DataKind::Weight, OperandRole::B, wt(a.kvLoraRank * n), false},
                     {"latent", hasCache() ? DataKind::Cache : DataKind::Activation, OperandRole::A,
                      cache(pass.batch * keys * latent), false},
                     {"keys+values", DataKind::Activation, OperandRole::Output, act(pass.batch * keys * n), true}};
      attentionCore(layer, a.heads, a.heads, qHead, a.vHeadDim, keys,
                    act(pass.batch * keys * double(a.heads) * (qHead + a.vHeadDim)), DataKind::Activation);
    } else {
      // Decode with the up-projections absorbed: attention runs in the latent space, per head
      // q_nope is mapped into the latent (q_absorb) and the latent output back to v (o_absorb).
      headwise(layer->name + ".q_absorb", layer, a.heads, a.qkNopeHeadDim, a.kvLoraRank);
      attentionCore(layer, a.heads, 1, latent, a.kvLoraRank, keys, cache(pass.batch * keys * latent), DataKind::Cache);
      headwise(layer->name + ".o_absorb", layer, a.heads, a.kvLoraRank, a.vHeadDim);
    }
    auto& o = projection(layer->name + ".o_proj", layer, double(a.heads) * a.vHeadDim, h);
    residual(o);
  }

  void mlp(const LayerType* layer, double inter, bool gated) {
    const double h = model.hiddenSize;
    norm(layer->name + ".norm", layer);
    auto& up = projection(layer->name + (gated ? ".gate_up_proj" : ".up_proj"), layer, h, gated ? 2 * inter : inter);
    up.vectorOps += rows() * inter * (gated ? kGatedActOpsPerElement : kPlainActOpsPerElement);
    auto& down = projection(layer->name + ".down_proj", layer, inter, h);
    residual(down);
  }

  void moe(const LayerType* layer, const MoeSpec& m) {
    const double h = model.hiddenSize;
    norm(layer->name + ".norm", layer);
    auto& router = projection(layer->name + ".router", layer, h, m.experts);
    router.cls = OperatorClass::Moe;
    router.vectorOps += rows() * m.experts * kTopKOpsPerLogit;
    // Distinct experts touched by rows x top_k uniform assignments (expected value).
    const double assignments = rows() * m.topK;
    const double touched = m.experts * (1.0 - std::pow(1.0 - double(m.topK) / m.experts, rows()));
    // Rows per touched expert, an expectation: where it comes within a millionth of a whole number
    // (all experts touched but for a 1e-8 chance: Mixtral at 64 tokens gives 16.00000016) it is
    // that number, so no tile or fold count rounds a millionth of a row up to a whole one.
    double perExpert = assignments / std::max(touched, 1.0);
    if (const double whole = std::round(perExpert); whole >= 1 && std::abs(perExpert - whole) <= 1e-6 * whole)
      perExpert = whole;
    const double width = m.gated ? 2.0 * m.expertIntermediate : m.expertIntermediate;
    auto& up = add(layer->name + ".experts_up", layer, OperatorClass::Moe);
    up.gemms.push_back({perExpert, h, width, touched, false});
    up.vectorOps = assignments * m.expertIntermediate * (m.gated ? kGatedActOpsPerElement : kPlainActOpsPerElement);
    up.operands = {{"expert weights", DataKind::Weight, OperandRole::B, wt(touched * h * width), false},
                   {"input", DataKind::Activation, OperandRole::A, act(assignments * h), false},
                   {"output", DataKind::Activation, OperandRole::Output, act(assignments * width), true}};
    auto& down = add(layer->name + ".experts_down", layer, OperatorClass::Moe);
    down.gemms.push_back({perExpert, double(m.expertIntermediate), h, touched, false});
    down.vectorOps = assignments * h * 2; // weighted combine
    down.operands = {{"expert weights", DataKind::Weight, OperandRole::B, wt(touched * m.expertIntermediate * h), false},
                     {"input", DataKind::Activation, OperandRole::A, act(assignments * m.expertIntermediate), false},
                     {"output", DataKind::Activation, OperandRole::Output, act(rows() * h), true}};
    if (m.sharedExperts > 0) {
      const double inter = double(m.sharedExperts) * (m.sharedIntermediate > 0 ? m.sharedIntermediate : m.expertIntermediate);
      auto& sUp = projection(layer->name + ".shared_up", layer, h, m.gated ? 2 * inter : inter);
      sUp.cls = OperatorClass::Moe;
      sUp.vectorOps += rows() * inter * (m.gated ? kGatedActOpsPerElement : kPlainActOpsPerElement);
      auto& sDown = projection(layer->name + ".shared_down", layer, inter, h);
      sDown.cls = OperatorClass::Moe;
    }
    residual(out.back());
  }

  /// State read at the start and written at the end of the pass (decode: every step).
  void stateTraffic(Operator& op, double stateElements) {
    if (!hasCache()) return;
    const Bytes bytes = q.stateFormat().bytesFor(pass.batch * stateElements);
    if (pass.pastTokens > 0) op.operands.push_back({"state read", DataKind::Cache, OperandRole::Other, bytes, false});
    op.operands.push_back({"state write", DataKind::Cache, OperandRole::Other, bytes, true});
  }

  void linearAttention(const LayerType* layer, const LinearAttentionSpec& l) {
    const double h = model.hiddenSize;
    norm(layer->name + ".norm", layer);
    const double qk = 2.0 * l.qkHeads * l.qkHeadDim;
    const double v = double(l.vHeads) * l.vHeadDim;
    auto& in = projection(layer->name + ".in_proj", layer, h, qk + 2 * v + 2.0 * l.vHeads);
    in.vectorOps += rows() * (qk + v) * l.convKernel * kConvOpsPerElement;
    auto& rec = add(layer->name + ".delta_rule", layer, OperatorClass::Recurrence);
    if (pass.newTokens > 1) {
      // Chunked form: intra-chunk products and one state update per chunk, as matrix work.
      const double chunk = std::min(kLinearAttentionChunk, pass.newTokens);
      rec.gemms.push_back({pass.newTokens, chunk, double(l.qkHeadDim + l.vHeadDim), pass.batch * l.vHeads, false});
      rec.gemms.push_back({pass.newTokens, double(l.qkHeadDim), double(l.vHeadDim), 2.0 * pass.batch * l.vHeads, false});
    } else {
      rec.scan = {pass.batch, pass.newTokens, double(l.vHeads) * l.vHeadDim, double(l.qkHeadDim), 1, 4,
                  q.activations.bitsPerElement() / 8};
    }
    rec.vectorOps = rows() * v * kGateNormOpsPerElement;
    rec.operands = {{"q,k,v,gates", DataKind::Activation, OperandRole::Other, act(rows() * (qk + v)), false},
                    {"output", DataKind::Activation, OperandRole::Other, act(rows() * v), true}};
    stateTraffic(rec, model.stateElementsPerSequence(*layer));
    auto& o = projection(layer->name + ".out_proj", layer, v, h);
    residual(o);
  }

  void mamba2(const LayerType* layer, const Mamba2Spec& m) {
    const double h = model.hiddenSize;
    norm(layer->name + ".norm", layer);
    const double dInner = double(m.heads) * m.headDim;
    const double bc = 2.0 * m.groups * m.stateSize;
    auto& in = projection(layer->name + ".in_proj", layer, h, 2 * dInner + bc + m.heads);
    in.vectorOps += rows() * (dInner + bc) * m.convKernel * kConvOpsPerElement;
    auto& scan = add(layer->name + ".ssm_scan", layer, OperatorClass::Recurrence);
    scan.scan = {pass.batch, pass.newTokens, dInner, double(m.stateSize), double(m.groups), 3,
                 q.activations.bitsPerElement() / 8};
    scan.vectorOps = rows() * dInner * kGateNormOpsPerElement; // z-gating and the gated norm
    scan.operands = {{"x,B,C,dt,z", DataKind::Activation, OperandRole::Other, act(rows() * (2 * dInner + bc + m.heads)), false},
                     {"output", DataKind::Activation, OperandRole::Other, act(rows() * dInner), true}};
    stateTraffic(scan, model.stateElementsPerSequence(*layer));
    auto& o = projection(layer->name + ".out_proj", layer, dInner, h);
    residual(o);
  }
};
} // namespace

std::string_view toString(OperatorClass c) {
  switch (c) {
  case OperatorClass::Projection: return "projection";
  case OperatorClass::Attention: return "attention";
  case OperatorClass::Moe: return "moe";
  case OperatorClass::Recurrence: return "recurrence";
  case OperatorClass::Elementwise: return "elementwise";
  case OperatorClass::Embedding: return "embedding";
  case OperatorClass::LmHead: return "lm_head";
  }
  return "?";
}

Flops Operator::flops() const {
  double macs = scan.macs();
  for (const auto& g : gemms) macs += g.macs();
  return units::macs(macs) + Flops(vectorOps);
}

Bytes Operator::bytes(DataKind kind) const {
  Bytes total;
  for (const auto& o : operands)
    if (o.kind == kind) total += o.bytes;
  return total;
}

Bytes Operator::totalBytes() const {
  Bytes total;
  for (const auto& o : operands) total += o.bytes;
  return total;
}

std::vector<Operator> buildOperators(const ModelSpec& model, const Quantisation& quant, const PassShape& pass) {
  std::vector<Operator> ops;
  ops.reserve(8 * model.layerTypes.size() + 4);
  Builder b{model, quant, pass, ops};
  for (char c : model.layerPattern) ++b.counts[static_cast<unsigned char>(c)];
  const double h = model.hiddenSize;

  auto& embed = b.add("embedding", nullptr, OperatorClass::Embedding);
  embed.operands = {{"embedding rows", DataKind::Weight, OperandRole::Other, b.wt(b.rows() * h), false},
                    {"output", DataKind::Activation, OperandRole::Other, b.act(b.rows() * h), true}};

  for (const auto& type : model.layerTypes) {
    if (b.counts[static_cast<unsigned char>(type.symbol)] == 0) continue;
    switch (type.kind) {
    case LayerKind::Attention: {
      const auto& a = std::get<AttentionSpec>(type.spec);
      if (a.kind == AttentionSpec::Kind::Mla) b.mlaAttention(&type, a);
      else b.gqaAttention(&type, a);
      break;
    }
    case LayerKind::Mlp: {
      const auto& m = std::get<MlpSpec>(type.spec);
      b.mlp(&type, m.intermediate, m.gated);
      break;
    }
    case LayerKind::Moe: b.moe(&type, std::get<MoeSpec>(type.spec)); break;
    case LayerKind::LinearAttention: b.linearAttention(&type, std::get<LinearAttentionSpec>(type.spec)); break;
    case LayerKind::Mamba2: b.mamba2(&type, std::get<Mamba2Spec>(type.spec)); break;
    }
  }

  b.norm("final_norm", nullptr);
  auto& head = b.add("lm_head", nullptr, OperatorClass::LmHead);
  const double logitRows = pass.batch * pass.logitRows;
  head.gemms.push_back({logitRows, h, double(model.vocabSize), 1, false});
  head.vectorOps = logitRows * model.vocabSize * kSamplingOpsPerLogit;
  head.operands = {{"weights", DataKind::Weight, OperandRole::B, b.wt(h * model.vocabSize), false},
                   {"input", DataKind::Activation, OperandRole::A, b.act(logitRows * h), false},
                   {"logits", DataKind::Activation, OperandRole::Output, b.act(logitRows * model.vocabSize), true}};
  return ops;
}

Bytes weightBytes(const ModelSpec& model, const Quantisation& quant) {
  return quant.weights.bytesFor(model.parameterCount());
}

Bytes cacheBytesPerSequence(const ModelSpec& model, const Quantisation& quant, double contextTokens) {
  if (!model.keepsCache()) return Bytes();
  double kv = 0, state = 0;
  for (const auto& t : model.layerTypes) {
    const int n = model.occurrences(t.symbol);
    kv += n * model.cacheElementsPerToken(t) * contextTokens;
    state += n * model.stateElementsPerSequence(t);
  }
  return quant.kvCache.bytesFor(kv) + quant.stateFormat().bytesFor(state);
}

Bytes activationWorkingSet(const ModelSpec& model, const Quantisation& quant, const PassShape& pass) {
  Bytes largest;
  for (const auto& op : buildOperators(model, quant, pass)) {
    Bytes live;
    for (const auto& o : op.operands)
      if (o.kind == DataKind::Activation) live += o.bytes;
    largest = std::max(largest, live);
  }
  return largest;
}

} // namespace llmwb
