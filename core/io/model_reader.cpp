// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/readers.h"

#include <set>

namespace llmwb::io {

namespace {
LayerType readLayerType(const JsonReader& r, char symbol) {
  LayerType t;
  t.symbol = symbol;
  const std::string type = r.string("type");
  t.name = r.string("name", type);
  t.sharedWeightCopies = r.has("shared_weight_copies") ? r.positiveInteger("shared_weight_copies") : 0;
  if (type == "attention") {
    r.allowOnly({"type", "name", "variant", "heads", "kv_heads", "head_dim", "causal", "output_gate", "q_lora_rank",
                 "kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim", "shared_weight_copies", "note"});
    AttentionSpec a;
    const std::string variant = r.string("variant", "gqa");
    a.heads = r.positiveInteger("heads");
    a.causal = r.boolean("causal", true);
    a.outputGate = r.boolean("output_gate", false);
    if (variant == "gqa") {
      a.kind = AttentionSpec::Kind::Gqa;
      a.kvHeads = r.positiveInteger("kv_heads", a.heads);
      a.headDim = r.positiveInteger("head_dim");
      if (a.heads % a.kvHeads) r.fail("kv_heads", "must divide heads (" + std::to_string(a.heads) + ")");
    } else if (variant == "mla") {
      a.kind = AttentionSpec::Kind::Mla;
      a.kvHeads = a.heads;
      a.qLoraRank = r.has("q_lora_rank") ? r.positiveInteger("q_lora_rank") : 0;
      a.kvLoraRank = r.positiveInteger("kv_lora_rank");
      a.qkNopeHeadDim = r.positiveInteger("qk_nope_head_dim");
      a.qkRopeHeadDim = r.positiveInteger("qk_rope_head_dim");
      a.vHeadDim = r.positiveInteger("v_head_dim");
      a.headDim = a.qkNopeHeadDim + a.qkRopeHeadDim;
    } else {
      r.fail("variant", "expected \"gqa\" or \"mla\", got \"" + variant + "\"");
    }
    t.kind = LayerKind::Attention;
    t.spec = a;
  } else if (type == "mlp") {
    r.allowOnly({"type", "name", "intermediate_size", "gated", "activation", "shared_weight_copies", "note"});
    MlpSpec m;
    m.intermediate = r.positiveInteger("intermediate_size");
    m.gated = r.boolean("gated", true);
    m.activation = r.string("activation", m.gated ? "silu" : "relu");
    t.kind = LayerKind::Mlp;
    t.spec = m;
  } else if (type == "moe") {
    r.allowOnly({"type", "name", "experts", "top_k", "expert_intermediate_size", "shared_experts",
                 "shared_intermediate_size", "gated", "shared_weight_copies", "note"});
    MoeSpec m;
    m.experts = r.positiveInteger("experts");
    m.topK = r.positiveInteger("top_k");
    if (m.topK > m.experts) r.fail("top_k", "cannot exceed experts (" + std::to_string(m.experts) + ")");
    m.expertIntermediate = r.positiveInteger("expert_intermediate_size");
    m.sharedExperts = r.has("shared_experts") ? int(r.nonNegative("shared_experts")) : 0;
    m.sharedIntermediate = r.has("shared_intermediate_size") ? r.positiveInteger("shared_intermediate_size") : 0;
    m.gated = r.boolean("gated", true);
    t.kind = LayerKind::Moe;
    t.spec = m;
  } else if (type == "linear_attention") {
    r.allowOnly({"type", "name", "qk_heads", "v_heads", "qk_head_dim", "v_head_dim", "conv_kernel", "shared_weight_copies", "note"});
    LinearAttentionSpec l;
    l.qkHeads = r.positiveInteger("qk_heads");
    l.vHeads = r.positiveInteger("v_heads");
    l.qkHeadDim = r.positiveInteger("qk_head_dim");
    l.vHeadDim = r.positiveInteger("v_head_dim");
    l.convKernel = r.positiveInteger("conv_kernel", 4);
    t.kind = LayerKind::LinearAttention;
    t.spec = l;
  } else if (type == "mamba2") {
    r.allowOnly({"type", "name", "heads", "head_dim", "state_size", "groups", "conv_kernel", "shared_weight_copies", "note"});
    Mamba2Spec m;
    m.heads = r.positiveInteger("heads");
    m.headDim = r.positiveInteger("head_dim");
    m.stateSize = r.positiveInteger("state_size");
    m.groups = r.positiveInteger("groups", 1);
    m.convKernel = r.positiveInteger("conv_kernel", 4);
    if (m.heads % m.groups) r.fail("groups", "must divide heads (" + std::to_string(m.heads) + ")");
    t.kind = LayerKind::Mamba2;
    t.spec = m;
  } else {
    r.fail("type", "expected one of attention, mlp, moe, linear_attention, mamba2; got \"" + type + "\"");
  }
  return t;
}
} // namespace

ModelSpec readModel(const JsonReader& r, const std::string& id) {
  checkHeader(r, "model");
  r.allowOnly({"format_version", "kind", "id", "name", "hidden_size", "vocab_size", "tied_embeddings", "layer_types",
               "layer_pattern", "diffusion", "total_parameters_reference", "note", "sources"});
  ModelSpec m;
  m.id = id;
  m.name = r.string("name", id);
  m.hiddenSize = r.positiveInteger("hidden_size");
  m.vocabSize = r.positiveInteger("vocab_size");
  m.tiedEmbeddings = r.boolean("tied_embeddings", false);
  for (const auto& [key, value] : r.child("layer_types").members()) {
    if (key.size() != 1 || key[0] == ' ')
      r.child("layer_types").fail(key, "layer letters are single characters, got \"" + key + "\"");
    m.layerTypes.push_back(readLayerType(value, key[0]));
  }
  if (m.layerTypes.empty()) r.fail("layer_types", "expected at least one layer type");

  const auto pattern = r.child("layer_pattern");
  if (pattern.json().is_string()) {
    m.layerPattern = pattern.asString();
  } else {
    std::vector<PatternSegment> segments;
    for (const auto& s : pattern.elements()) {
      s.allowOnly({"pattern", "repeat"});
      segments.push_back({s.string("pattern"), s.positiveInteger("repeat", 1)});
    }
    m.layerPattern = expandPattern(segments);
  }
  if (m.layerPattern.empty()) r.fail("layer_pattern", "expected at least one layer");
  for (std::size_t i = 0; i < m.layerPattern.size(); ++i)
    if (!m.layerType(m.layerPattern[i])) {
      std::string letters;
      for (const auto& t : m.layerTypes) letters += t.symbol;
      r.fail("layer_pattern", "unknown layer letter '" + std::string(1, m.layerPattern[i]) + "' at position " +
                                  std::to_string(i) + " (layer_types define: " + letters + ")");
    }
  if (const auto d = r.optionalChild("diffusion")) {
    d->allowOnly({"tokens_per_step", "note"});
    m.diffusion.enabled = true;
    m.diffusion.tokensPerStep = d->positive("tokens_per_step", 1.0);
  }
  m.sources = readSources(r);
  return m;
}

} // namespace llmwb::io
