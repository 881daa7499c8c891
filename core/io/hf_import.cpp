// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/hf_import.h"

#include "core/io/json_reader.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace llmwb::io {

namespace {
const std::vector<std::string>& types() {
  static const std::vector<std::string> t = {"llama", "mistral", "qwen2", "qwen3", "mixtral", "qwen2_moe",
                                             "qwen3_moe", "deepseek_v2", "deepseek_v3", "nemotron_h"};
  return t;
}

/// Reads config keys and records where each model field came from.
class Config {
public:
  Config(const JsonReader& r, ModelSpec& m) : mR(r), mModel(m) {}

  bool has(const std::string& key) const { return mR.has(key) && !mR.json().at(key).is_null(); }
  /// A whole number > 0 (or >= 0 with `allowZero`); `fallback` when the key is absent or null.
  int integer(const std::string& key, const std::string& field, std::optional<int> fallback = std::nullopt, bool allowZero = false) {
    if (!has(key)) {
      if (!fallback) mR.fail(key, "missing required field (needed for " + field + ")");
      mModel.sources[field] = "default " + std::to_string(*fallback) + " (config.json has no " + key + ")";
      return *fallback;
    }
    const double v = mR.number(key);
    if (v != double(long(v)) || v < (allowZero ? 0 : 1) || v > 1e9)
      mR.fail(key, std::string("expected a whole number ") + (allowZero ? ">= 0" : "> 0") + " for " + field);
    mModel.sources[field] = "config.json: " + key;
    return int(v);
  }
  bool boolean(const std::string& key, const std::string& field, bool fallback) {
    mModel.sources[field] = has(key) ? "config.json: " + key : std::string("default (config.json has no ") + key + ")";
    return has(key) ? mR.boolean(key, fallback) : fallback;
  }
  std::string text(const std::string& key, const std::string& fallback) const { return has(key) ? mR.string(key) : fallback; }
  const JsonReader& reader() const { return mR; }

private:
  const JsonReader& mR;
  ModelSpec& mModel;
};

LayerType layer(char symbol, std::string name, LayerKind kind, decltype(LayerType::spec) spec) {
  LayerType t;
  t.symbol = symbol;
  t.name = std::move(name);
  t.kind = kind;
  t.spec = std::move(spec);
  return t;
}

AttentionSpec gqa(Config& c, int hidden) {
  AttentionSpec a;
  a.heads = c.integer("num_attention_heads", "layer_types.A.heads");
  a.kvHeads = c.integer("num_key_value_heads", "layer_types.A.kv_heads", a.heads);
  if (a.heads % a.kvHeads) c.reader().fail("num_key_value_heads", "must divide num_attention_heads (" + std::to_string(a.heads) + ")");
  if (hidden % a.heads && !c.has("head_dim"))
    c.reader().fail("head_dim", "missing, and hidden_size is not a multiple of num_attention_heads");
  a.headDim = c.integer("head_dim", "layer_types.A.head_dim", hidden / a.heads);
  return a;
}

MlpSpec mlp(Config& c, const std::string& key, const std::string& field, const std::string& act) {
  MlpSpec m;
  m.intermediate = c.integer(key, field);
  m.gated = act != "relu2";
  m.activation = act;
  return m;
}

/// Dense and MoE layers of transformer decoders: one attention letter, then per layer the MLP
/// letter that layer uses.
void transformer(Config& c, ModelSpec& m, const std::string& type, int layers) {
  const auto& r = c.reader();
  const std::string act = c.text("hidden_act", "silu");
  const bool mla = type == "deepseek_v2" || type == "deepseek_v3";
  if (mla) {
    AttentionSpec a;
    a.kind = AttentionSpec::Kind::Mla;
    a.heads = c.integer("num_attention_heads", "layer_types.A.heads");
    a.kvHeads = a.heads;
    a.qLoraRank = c.has("q_lora_rank") ? c.integer("q_lora_rank", "layer_types.A.q_lora_rank") : 0;
    a.kvLoraRank = c.integer("kv_lora_rank", "layer_types.A.kv_lora_rank");
    a.qkNopeHeadDim = c.integer("qk_nope_head_dim", "layer_types.A.qk_nope_head_dim");
    a.qkRopeHeadDim = c.integer("qk_rope_head_dim", "layer_types.A.qk_rope_head_dim");
    a.vHeadDim = c.integer("v_head_dim", "layer_types.A.v_head_dim");
    a.headDim = a.qkNopeHeadDim + a.qkRopeHeadDim;
    m.layerTypes.push_back(layer('A', "mla", LayerKind::Attention, a));
  } else {
    m.layerTypes.push_back(layer('A', "attention", LayerKind::Attention, gqa(c, m.hiddenSize)));
  }

  // Which layers are MoE, and the expert shapes.
  std::vector<bool> moe(std::size_t(layers), false);
  MoeSpec e;
  if (type == "mixtral") {
    e.experts = c.integer("num_local_experts", "layer_types.E.experts");
    e.expertIntermediate = c.integer("intermediate_size", "layer_types.E.expert_intermediate_size");
    std::fill(moe.begin(), moe.end(), true);
  } else if (type == "qwen2_moe" || type == "qwen3_moe") {
    e.experts = c.integer("num_experts", "layer_types.E.experts");
    e.expertIntermediate = c.integer("moe_intermediate_size", "layer_types.E.expert_intermediate_size");
    const int step = c.integer("decoder_sparse_step", "layer_pattern (decoder_sparse_step)", 1);
    std::set<int> dense;
    if (c.has("mlp_only_layers"))
      for (const auto& l : r.array("mlp_only_layers", true)) {
        const auto& v = l.json();
        if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() >= layers)
          l.failHere("expected a layer index, a whole number from 0 to " + std::to_string(layers - 1));
        dense.insert(int(v.get<std::int64_t>()));
      }
    for (int i = 0; i < layers; ++i) moe[std::size_t(i)] = !dense.count(i) && (i + 1) % step == 0;
    if (type == "qwen2_moe" && c.has("shared_expert_intermediate_size")) {
      e.sharedExperts = 1;
      e.sharedIntermediate = c.integer("shared_expert_intermediate_size", "layer_types.E.shared_intermediate_size");
    }
  } else if (mla) {
    if (c.has("n_routed_experts")) {
      e.experts = c.integer("n_routed_experts", "layer_types.E.experts");
      e.expertIntermediate = c.integer("moe_intermediate_size", "layer_types.E.expert_intermediate_size");
      e.sharedExperts = c.integer("n_shared_experts", "layer_types.E.shared_experts", 0, true);
      if (e.sharedExperts > 0) e.sharedIntermediate = e.expertIntermediate;
      const int firstMoe = c.integer("first_k_dense_replace", "layer_pattern (first_k_dense_replace)", 0, true);
      const int every = c.integer("moe_layer_freq", "layer_pattern (moe_layer_freq)", 1);
      for (int i = 0; i < layers; ++i) moe[std::size_t(i)] = i >= firstMoe && i % every == 0;
    }
  }
  const bool anyMoe = std::find(moe.begin(), moe.end(), true) != moe.end();
  const bool anyDense = std::find(moe.begin(), moe.end(), false) != moe.end();
  if (anyMoe) {
    e.topK = c.integer("num_experts_per_tok", "layer_types.E.top_k");
    if (e.topK > e.experts) r.fail("num_experts_per_tok", "exceeds the number of experts (" + std::to_string(e.experts) + ")");
    e.gated = act != "relu2";
    m.layerTypes.push_back(layer('E', "moe", LayerKind::Moe, e));
  }
  if (anyDense)
    m.layerTypes.push_back(layer(anyMoe ? 'D' : 'F', anyMoe ? "dense_mlp" : "mlp", LayerKind::Mlp,
                                 mlp(c, "intermediate_size", anyMoe ? "layer_types.D.intermediate_size" : "layer_types.F.intermediate_size", act)));
  for (int i = 0; i < layers; ++i) {
    m.layerPattern += 'A';
    m.layerPattern += moe[std::size_t(i)] ? 'E' : (anyMoe ? 'D' : 'F');
  }
}

/// Nemotron-H: `hybrid_override_pattern` names each layer: M (Mamba-2), * (attention), - (MLP).
void nemotronH(Config& c, ModelSpec& m) {
  const auto& r = c.reader();
  const std::string pattern = r.string("hybrid_override_pattern");
  for (std::size_t i = 0; i < pattern.size(); ++i)
    if (pattern[i] != 'M' && pattern[i] != '*' && pattern[i] != '-')
      r.fail("hybrid_override_pattern", "unknown layer '" + std::string(1, pattern[i]) + "' at position " + std::to_string(i) +
                                            " (expected M, * or -)");
  m.layerPattern = pattern;
  if (pattern.find('M') != std::string::npos) {
    Mamba2Spec s;
    s.heads = c.integer("mamba_num_heads", "layer_types.M.heads");
    s.headDim = c.integer("mamba_head_dim", "layer_types.M.head_dim");
    s.stateSize = c.integer("ssm_state_size", "layer_types.M.state_size");
    s.groups = c.integer("n_groups", "layer_types.M.groups", 1);
    s.convKernel = c.integer("conv_kernel", "layer_types.M.conv_kernel", 4);
    if (s.heads % s.groups) r.fail("n_groups", "must divide mamba_num_heads");
    m.layerTypes.push_back(layer('M', "mamba2", LayerKind::Mamba2, s));
  }
  if (pattern.find('*') != std::string::npos) {
    auto a = gqa(c, m.hiddenSize);
    if (c.has("attention_head_dim")) a.headDim = c.integer("attention_head_dim", "layer_types.*.head_dim");
    m.layerTypes.push_back(layer('*', "attention", LayerKind::Attention, a));
  }
  if (pattern.find('-') != std::string::npos)
    m.layerTypes.push_back(layer('-', "mlp", LayerKind::Mlp,
                                 mlp(c, "intermediate_size", "layer_types.-.intermediate_size", c.text("mlp_hidden_act", "relu2"))));
}
} // namespace

std::vector<std::string> supportedHuggingFaceTypes() { return types(); }

std::string defaultModelId(const std::string& path) {
  const auto file = std::filesystem::absolute(path);
  const std::string id = file.filename() == "config.json" ? file.parent_path().filename().string() : file.stem().string();
  return id.empty() ? std::string("imported-model") : id;
}

ModelSpec importHuggingFaceConfig(const std::string& path, const std::string& id, const std::string& name) {
  const nlohmann::json document = parseJsonFile(path);
  const JsonReader r(document, path);
  if (!document.is_object()) r.failHere("a config.json is a JSON object");
  ModelSpec m;
  m.id = id;
  Config c(r, m);
  if (!r.has("model_type")) r.fail("model_type", "missing required field (which architecture the config describes)");
  const std::string type = r.string("model_type");
  if (std::find(types().begin(), types().end(), type) == types().end()) {
    std::string known;
    for (const auto& t : types()) known += (known.empty() ? "" : ", ") + t;
    r.fail("model_type", "\"" + type + "\" is not supported (supported: " + known + ")");
  }
  m.hiddenSize = c.integer("hidden_size", "hidden_size");
  m.vocabSize = c.integer("vocab_size", "vocab_size");
  m.tiedEmbeddings = c.boolean("tie_word_embeddings", "tied_embeddings", false);
  const int layers = c.integer("num_hidden_layers", "layer_pattern (num_hidden_layers)");
  if (std::size_t(layers) * 2 > kMaxModelLayers) // a layer is two sub-layers (attention or mixer, and MLP)
    r.fail("num_hidden_layers", "expected at most " + std::to_string(kMaxModelLayers / 2) + " layers (" +
                                    std::to_string(kMaxModelLayers) + " sub-layers are modelled); got " + std::to_string(layers));
  if (type == "nemotron_h") nemotronH(c, m);
  else transformer(c, m, type, layers);
  if (type == "nemotron_h" && int(m.layerPattern.size()) != layers)
    r.fail("hybrid_override_pattern", "has " + std::to_string(m.layerPattern.size()) + " layers but num_hidden_layers is " +
                                          std::to_string(layers));

  std::string architecture = type;
  if (r.has("architectures")) {
    const auto list = r.array("architectures", true);
    if (!list.empty() && list.front().json().is_string()) architecture = list.front().json().get<std::string>();
  }
  m.name = name.empty() ? architecture + " (" + std::to_string(layers) + " layers)" : name;
  m.sources["all"] = "imported from " + path + " (model_type " + type + ") by llmwb-cli import-model";
  if (const auto problems = m.problems(); !problems.empty()) r.failHere(problems.front());
  return m;
}

} // namespace llmwb::io
