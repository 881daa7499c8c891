// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/readers.h"

#include "core/io/param_json.h"
#include "core/model/model_fields.h"

#include <set>

namespace llmwb::io {

namespace {
/// More layers than any real model has (the largest have a few hundred), so that a bad file cannot
/// ask for billions.
constexpr std::size_t kMaxLayers = kMaxModelLayers;

using params::keysWith;
using params::readFields;

/// Reads one layer-type block: the fields every type has, then its own table's.
template <class Spec>
Spec readLayerBlock(const JsonReader& r, const params::ParamTable<Spec>& table, std::vector<std::string> extra = {}) {
  extra.insert(extra.end(), {"type", "note"});
  const auto common = layerTypeFields().keys();
  extra.insert(extra.end(), common.begin(), common.end());
  r.allowOnly(keysWith(table, extra));
  Spec spec;
  readFields(table, JsonParamReader(r), spec);
  return spec;
}

AttentionSpec readAttention(const JsonReader& r) {
  const std::string variant = r.string("variant", "gqa");
  const bool mla = variant == "mla";
  if (!mla && variant != "gqa") r.fail("variant", "expected \"gqa\" or \"mla\", got \"" + variant + "\"");
  const auto& own = mla ? mlaFields() : gqaFields();
  auto keys = keysWith(own, {"variant"});
  AttentionSpec a = readLayerBlock(r, attentionFields(), keys);
  readFields(own, JsonParamReader(r), a);
  if (mla) {
    a.kind = AttentionSpec::Kind::Mla;
    a.kvHeads = a.heads;
    a.headDim = a.qkNopeHeadDim + a.qkRopeHeadDim;
  } else {
    if (!r.has("kv_heads")) a.kvHeads = a.heads;
    if (a.heads % a.kvHeads) r.fail("kv_heads", "must divide heads (" + std::to_string(a.heads) + ")");
  }
  return a;
}

LayerType readLayerType(const JsonReader& r, char symbol) {
  LayerType t;
  t.symbol = symbol;
  const std::string type = r.string("type");
  if (type == "attention") {
    t.kind = LayerKind::Attention;
    t.spec = readAttention(r);
  } else if (type == "mlp") {
    MlpSpec m = readLayerBlock(r, mlpFields());
    if (!r.has("activation")) m.activation = m.gated ? "silu" : "relu";
    t.kind = LayerKind::Mlp;
    t.spec = m;
  } else if (type == "moe") {
    const MoeSpec m = readLayerBlock(r, moeFields());
    if (m.topK > m.experts) r.fail("top_k", "cannot exceed experts (" + std::to_string(m.experts) + ")");
    t.kind = LayerKind::Moe;
    t.spec = m;
  } else if (type == "linear_attention") {
    t.kind = LayerKind::LinearAttention;
    t.spec = readLayerBlock(r, linearAttentionFields());
  } else if (type == "mamba2") {
    const Mamba2Spec m = readLayerBlock(r, mamba2Fields());
    if (m.heads % m.groups) r.fail("groups", "must divide heads (" + std::to_string(m.heads) + ")");
    t.kind = LayerKind::Mamba2;
    t.spec = m;
  } else {
    r.fail("type", "expected one of attention, mlp, moe, linear_attention, mamba2; got \"" + type + "\"");
  }
  t.name = type;
  readFields(layerTypeFields(), JsonParamReader(r), t);
  return t;
}
} // namespace

ModelSpec readModel(const JsonReader& r, const std::string& id) {
  checkHeader(r, "model");
  r.allowOnly(keysWith(modelFields(), {"format_version", "kind", "id", "layer_types", "layer_pattern", "diffusion",
                                        "total_parameters_reference", "note", "sources"}));
  ModelSpec m;
  m.id = id;
  m.name = id;
  readFields(modelFields(), JsonParamReader(r), m);
  for (const auto& [key, value] : r.child("layer_types").members()) {
    if (key.size() != 1 || key[0] == ' ')
      r.child("layer_types").fail(key, "layer letters are single characters, got \"" + key + "\"");
    m.layerTypes.push_back(readLayerType(value, key[0]));
  }
  if (m.layerTypes.empty()) r.fail("layer_types", "expected at least one layer type");

  const auto pattern = r.child("layer_pattern");
  if (pattern.json().is_string()) {
    m.layerPattern = pattern.asString();
    if (m.layerPattern.size() > kMaxLayers)
      r.fail("layer_pattern", "has " + std::to_string(m.layerPattern.size()) + " layers; at most " + std::to_string(kMaxLayers) +
                                  " are modelled");
  } else {
    std::vector<PatternSegment> segments;
    double layers = 0;
    for (const auto& s : pattern.elements()) {
      s.allowOnly({"pattern", "repeat"});
      segments.push_back({s.string("pattern"), s.positiveInteger("repeat", 1)});
      layers += double(segments.back().pattern.size()) * segments.back().repeat;
      if (layers > kMaxLayers)
        s.fail("repeat", "the pattern would have " + params::numberText(layers) + " layers; at most " +
                             std::to_string(kMaxLayers) + " are modelled");
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
    d->allowOnly(keysWith(diffusionFields(), {"note"}));
    m.diffusion.enabled = true;
    readFields(diffusionFields(), JsonParamReader(*d), m.diffusion);
  }
  m.sources = readSources(r);
  return m;
}

} // namespace llmwb::io
