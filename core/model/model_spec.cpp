// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/model_spec.h"

#include <algorithm>
#include <array>

namespace llmwb {

namespace {
double attentionParameters(const AttentionSpec& a, int h) {
  if (a.kind == AttentionSpec::Kind::Mla) {
    const double qHead = a.qkNopeHeadDim + a.qkRopeHeadDim;
    const double q = a.qLoraRank > 0 ? h * double(a.qLoraRank) + a.qLoraRank + a.qLoraRank * a.heads * qHead
                                     : h * a.heads * qHead;
    const double kvDown = h * double(a.kvLoraRank + a.qkRopeHeadDim) + a.kvLoraRank;
    const double kvUp = double(a.kvLoraRank) * a.heads * (a.qkNopeHeadDim + a.vHeadDim);
    const double out = double(a.heads) * a.vHeadDim * h;
    return q + kvDown + kvUp + out;
  }
  const double q = double(h) * a.heads * a.headDim * (a.outputGate ? 2 : 1);
  const double kv = 2.0 * h * a.kvHeads * a.headDim;
  const double out = double(a.heads) * a.headDim * h;
  return q + kv + out;
}

double mlpParameters(int h, int inter, bool gated) { return (gated ? 3.0 : 2.0) * h * inter; }

double moeParameters(const MoeSpec& m, int h) {
  const int shared = m.sharedIntermediate > 0 ? m.sharedIntermediate : m.expertIntermediate;
  return double(h) * m.experts /*router*/ + m.experts * mlpParameters(h, m.expertIntermediate, m.gated) +
         m.sharedExperts * mlpParameters(h, shared, m.gated) + (m.sharedExperts > 0 ? h : 0) /*shared gate*/;
}

double linearAttentionParameters(const LinearAttentionSpec& l, int h) {
  const double qk = 2.0 * l.qkHeads * l.qkHeadDim;
  const double v = double(l.vHeads) * l.vHeadDim;
  const double proj = double(h) * (qk + 2.0 * v /*v and output gate*/ + 2.0 * l.vHeads /*beta, decay*/);
  const double conv = (qk + v) * l.convKernel;
  const double out = v * h;
  return proj + conv + out;
}

double mamba2Parameters(const Mamba2Spec& m, int h) {
  const double dInner = double(m.heads) * m.headDim;
  const double convDim = dInner + 2.0 * m.groups * m.stateSize;
  const double inProj = double(h) * (2.0 * dInner + 2.0 * m.groups * m.stateSize + m.heads);
  return inProj + convDim * m.convKernel + 3.0 * m.heads /*A, D, dt bias*/ + dInner /*norm*/ + dInner * h;
}
} // namespace

const LayerType* ModelSpec::layerType(char symbol) const {
  for (const auto& t : layerTypes)
    if (t.symbol == symbol) return &t;
  return nullptr;
}

int ModelSpec::occurrences(char symbol) const {
  return static_cast<int>(std::count(layerPattern.begin(), layerPattern.end(), symbol));
}

double ModelSpec::layerParameters(const LayerType& type) const {
  const int h = hiddenSize;
  double params = h; // the pre-norm
  switch (type.kind) {
  case LayerKind::Attention: params += attentionParameters(std::get<AttentionSpec>(type.spec), h); break;
  case LayerKind::Mlp: {
    const auto& m = std::get<MlpSpec>(type.spec);
    params += mlpParameters(h, m.intermediate, m.gated);
    break;
  }
  case LayerKind::Moe: params += moeParameters(std::get<MoeSpec>(type.spec), h); break;
  case LayerKind::LinearAttention:
    params += linearAttentionParameters(std::get<LinearAttentionSpec>(type.spec), h);
    break;
  case LayerKind::Mamba2: params += mamba2Parameters(std::get<Mamba2Spec>(type.spec), h); break;
  }
  return params;
}

double ModelSpec::parameterCount() const {
  double total = double(vocabSize) * hiddenSize * (tiedEmbeddings ? 1 : 2) + hiddenSize;
  for (const auto& t : layerTypes) {
    const int n = occurrences(t.symbol);
    const int copies = t.sharedWeightCopies > 0 ? std::min(n, t.sharedWeightCopies) : n;
    total += copies * layerParameters(t);
  }
  return total;
}

double ModelSpec::activeParameterCount() const {
  double total = double(vocabSize) * hiddenSize * (tiedEmbeddings ? 1 : 2) + hiddenSize;
  for (const auto& t : layerTypes) {
    double p = layerParameters(t);
    if (t.kind == LayerKind::Moe) {
      const auto& m = std::get<MoeSpec>(t.spec);
      p -= (m.experts - m.topK) * mlpParameters(hiddenSize, m.expertIntermediate, m.gated);
    }
    total += occurrences(t.symbol) * p;
  }
  return total;
}

double ModelSpec::cacheElementsPerToken(const LayerType& type) const {
  if (type.kind != LayerKind::Attention) return 0.0;
  const auto& a = std::get<AttentionSpec>(type.spec);
  if (a.kind == AttentionSpec::Kind::Mla) return a.kvLoraRank + a.qkRopeHeadDim;
  return 2.0 * a.kvHeads * a.headDim;
}

double ModelSpec::stateElementsPerSequence(const LayerType& type) const {
  if (type.kind == LayerKind::Mamba2) {
    const auto& m = std::get<Mamba2Spec>(type.spec);
    const double dInner = double(m.heads) * m.headDim;
    const double convDim = dInner + 2.0 * m.groups * m.stateSize;
    return dInner * m.stateSize + convDim * (m.convKernel - 1);
  }
  if (type.kind == LayerKind::LinearAttention) {
    const auto& l = std::get<LinearAttentionSpec>(type.spec);
    const double convDim = 2.0 * l.qkHeads * l.qkHeadDim + double(l.vHeads) * l.vHeadDim;
    return double(l.vHeads) * l.qkHeadDim * l.vHeadDim + convDim * (l.convKernel - 1);
  }
  return 0.0;
}

std::vector<std::string> ModelSpec::problems() const {
  std::vector<std::string> out;
  if (hiddenSize <= 0) out.push_back("hidden_size must be positive");
  if (vocabSize <= 0) out.push_back("vocab_size must be positive");
  if (layerPattern.empty()) out.push_back("the layer pattern is empty");
  std::array<bool, 256> defined{}; // by letter (every evaluation checks its model: no allocation)
  for (const auto& t : layerTypes) {
    bool& seen = defined[static_cast<unsigned char>(t.symbol)];
    if (seen) out.push_back(std::string("layer letter '") + t.symbol + "' is defined twice");
    seen = true;
  }
  for (char c : layerPattern)
    if (!defined[static_cast<unsigned char>(c)]) {
      out.push_back(std::string("the layer pattern uses '") + c + "', which no layer type defines");
      break;
    }
  for (const auto& t : layerTypes) {
    if (t.kind == LayerKind::Attention) {
      const auto& a = std::get<AttentionSpec>(t.spec);
      if (a.heads <= 0) out.push_back("layer '" + t.name + "': heads must be positive");
      if (a.kind == AttentionSpec::Kind::Gqa && (a.kvHeads <= 0 || a.headDim <= 0 || a.heads % std::max(1, a.kvHeads)))
        out.push_back("layer '" + t.name + "': kv_heads must divide heads and head_dim must be positive");
    }
    if (t.kind == LayerKind::Moe) {
      const auto& m = std::get<MoeSpec>(t.spec);
      if (m.experts <= 0 || m.topK <= 0 || m.topK > m.experts)
        out.push_back("layer '" + t.name + "': need 0 < top_k <= experts");
    }
  }
  return out;
}

std::string expandPattern(const std::vector<PatternSegment>& segments) {
  std::string out;
  for (const auto& s : segments)
    for (int i = 0; i < s.repeat; ++i) out += s.pattern;
  return out;
}

} // namespace llmwb
