// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/model_fields.h"

namespace llmwb {

namespace {
constexpr double kMaxWidth = 1e6;   ///< generous limit on widths and head counts
constexpr double kMaxVocab = 1e8;
constexpr const char* kHf = "the model's config.json";
} // namespace

const params::ParamTable<ModelSpec>& modelFields() {
  using S = ModelSpec;
  static const params::ParamTable<S> table(
      "model",
      {params::text<S>("name", &S::name).withLabel("Name").withDoc("display name (default: the preset id)"),
       params::integer<S>("hidden_size", &S::hiddenSize).withLabel("Hidden size").withRange(1, kMaxWidth).isRequired()
           .withDoc("width of the residual stream").withSource(kHf),
       params::integer<S>("vocab_size", &S::vocabSize).withLabel("Vocabulary").withUnit("tokens").withRange(1, kMaxVocab)
           .isRequired().withDoc("rows of the embedding and the LM head").withSource(kHf),
       params::flag<S>("tied_embeddings", &S::tiedEmbeddings).withLabel("Tied embeddings")
           .withDoc("the LM head reuses the embedding matrix (stored once)").withSource(kHf)});
  return table;
}

const params::ParamTable<ModelSpec::Diffusion>& diffusionFields() {
  using S = ModelSpec::Diffusion;
  static const params::ParamTable<S> table(
      "diffusion",
      {params::real<S>("tokens_per_step", &S::tokensPerStep).withLabel("Tokens per step").withUnit("tokens")
           .withRange(1, 65536).withDoc("tokens unmasked per denoising pass (the block makes the model a diffusion model)"),
       params::real<S>("block_tokens", &S::blockTokens).withLabel("Cached block").withUnit("tokens")
           .withRange(0, 65536).withDoc("0: no K/V cache, every pass recomputes prompt and answer; N: block-wise decoding "
                                        "with a prefix cache (Fast-dLLM), each pass recomputes N answer tokens against the "
                                        "cached K/V of the prompt and the finished blocks")});
  return table;
}

const params::ParamTable<LayerType>& layerTypeFields() {
  using S = LayerType;
  static const params::ParamTable<S> table(
      "layer type",
      {params::text<S>("name", &S::name).withLabel("Name").withDoc("display name (default: the type)"),
       params::integer<S>("shared_weight_copies", &S::sharedWeightCopies).withLabel("Shared weight copies").withRange(1, 1e6)
           .withDoc("the layer's weights exist only this many times however often its letter occurs (Zamba2's shared blocks)")
           .onlyWhen([](const S& t) { return t.sharedWeightCopies > 0; })});
  return table;
}

const params::ParamTable<AttentionSpec>& attentionFields() {
  using S = AttentionSpec;
  static const params::ParamTable<S> table(
      "attention",
      {params::integer<S>("heads", &S::heads).withLabel("Heads").withRange(1, kMaxWidth).isRequired()
           .withDoc("query heads").withSource(kHf),
       params::flag<S>("causal", &S::causal).withLabel("Causal").withDoc("causal mask (false: bidirectional, as in LLaDA)"),
       params::flag<S>("output_gate", &S::outputGate).withLabel("Output gate")
           .withDoc("a sigmoid gate the width of the Q projection (Qwen3.5 gated attention)")});
  return table;
}

const params::ParamTable<AttentionSpec>& gqaFields() {
  using S = AttentionSpec;
  static const params::ParamTable<S> table(
      "attention, variant gqa",
      {params::integer<S>("kv_heads", &S::kvHeads).withLabel("KV heads").withRange(1, kMaxWidth)
           .withDoc("key/value heads; must divide heads (default: heads, i.e. MHA)").withSource(kHf),
       params::integer<S>("head_dim", &S::headDim).withLabel("Head dim").withRange(1, kMaxWidth).isRequired()
           .withDoc("width of one head").withSource(kHf)});
  return table;
}

const params::ParamTable<AttentionSpec>& mlaFields() {
  using S = AttentionSpec;
  static const params::ParamTable<S> table(
      "attention, variant mla",
      {params::integer<S>("q_lora_rank", &S::qLoraRank).withLabel("Q LoRA rank").withRange(1, kMaxWidth)
           .withDoc("rank of the query down-projection (absent: full-rank queries)").withSource(kHf)
           .onlyWhen([](const S& a) { return a.qLoraRank > 0; }),
       params::integer<S>("kv_lora_rank", &S::kvLoraRank).withLabel("KV LoRA rank").withRange(1, kMaxWidth).isRequired()
           .withDoc("width of the cached latent").withSource(kHf),
       params::integer<S>("qk_nope_head_dim", &S::qkNopeHeadDim).withLabel("QK no-RoPE dim").withRange(1, kMaxWidth)
           .isRequired().withDoc("per-head query/key width without rotary embedding").withSource(kHf),
       params::integer<S>("qk_rope_head_dim", &S::qkRopeHeadDim).withLabel("QK RoPE dim").withRange(1, kMaxWidth)
           .isRequired().withDoc("per-head rotary width (its key part is cached beside the latent)").withSource(kHf),
       params::integer<S>("v_head_dim", &S::vHeadDim).withLabel("V head dim").withRange(1, kMaxWidth).isRequired()
           .withDoc("per-head value width").withSource(kHf)});
  return table;
}

const params::ParamTable<MlpSpec>& mlpFields() {
  using S = MlpSpec;
  static const params::ParamTable<S> table(
      "mlp",
      {params::integer<S>("intermediate_size", &S::intermediate).withLabel("Intermediate size").withRange(1, kMaxWidth)
           .isRequired().withDoc("width of the up projection").withSource(kHf),
       params::flag<S>("gated", &S::gated).withLabel("Gated")
           .withDoc("gate, up and down matrices (SwiGLU); false: up and down only (OPT's ReLU MLP)"),
       params::text<S>("activation", &S::activation).withLabel("Activation")
           .withDoc("activation function, for display (default: silu when gated, relu otherwise)")});
  return table;
}

const params::ParamTable<MoeSpec>& moeFields() {
  using S = MoeSpec;
  static const params::ParamTable<S> table(
      "moe",
      {params::integer<S>("experts", &S::experts).withLabel("Experts").withRange(1, kMaxWidth).isRequired()
           .withDoc("routed experts").withSource(kHf),
       params::integer<S>("top_k", &S::topK).withLabel("Top-k").withRange(1, kMaxWidth).isRequired()
           .withDoc("routed experts each token runs; at most experts").withSource(kHf),
       params::integer<S>("expert_intermediate_size", &S::expertIntermediate).withLabel("Expert intermediate")
           .withRange(1, kMaxWidth).isRequired().withDoc("intermediate width of one expert").withSource(kHf),
       params::integer<S>("shared_experts", &S::sharedExperts).withLabel("Shared experts").withRange(0, kMaxWidth)
           .withDoc("experts every token runs").withSource(kHf),
       params::integer<S>("shared_intermediate_size", &S::sharedIntermediate).withLabel("Shared intermediate")
           .withRange(1, kMaxWidth).withDoc("intermediate width of one shared expert (default: the expert width)")
           .withSource(kHf).onlyWhen([](const S& m) { return m.sharedIntermediate > 0; }),
       params::flag<S>("gated", &S::gated).withLabel("Gated").withDoc("gated experts (gate, up, down)")});
  return table;
}

const params::ParamTable<LinearAttentionSpec>& linearAttentionFields() {
  using S = LinearAttentionSpec;
  static const params::ParamTable<S> table(
      "linear_attention",
      {params::integer<S>("qk_heads", &S::qkHeads).withLabel("QK heads").withRange(1, kMaxWidth).isRequired()
           .withDoc("query/key heads").withSource(kHf),
       params::integer<S>("v_heads", &S::vHeads).withLabel("V heads").withRange(1, kMaxWidth).isRequired()
           .withDoc("value heads (one recurrent state each)").withSource(kHf),
       params::integer<S>("qk_head_dim", &S::qkHeadDim).withLabel("QK head dim").withRange(1, kMaxWidth).isRequired()
           .withDoc("query/key width per head").withSource(kHf),
       params::integer<S>("v_head_dim", &S::vHeadDim).withLabel("V head dim").withRange(1, kMaxWidth).isRequired()
           .withDoc("value width per head").withSource(kHf),
       params::integer<S>("conv_kernel", &S::convKernel).withLabel("Conv kernel").withUnit("tokens").withRange(1, 1024)
           .withDoc("depthwise convolution window (part of the fixed state)").withSource(kHf)});
  return table;
}

const params::ParamTable<Mamba2Spec>& mamba2Fields() {
  using S = Mamba2Spec;
  static const params::ParamTable<S> table(
      "mamba2",
      {params::integer<S>("heads", &S::heads).withLabel("Heads").withRange(1, kMaxWidth).isRequired()
           .withDoc("SSM heads; d_inner = heads × head_dim").withSource(kHf),
       params::integer<S>("head_dim", &S::headDim).withLabel("Head dim").withRange(1, kMaxWidth).isRequired()
           .withDoc("width of one head").withSource(kHf),
       params::integer<S>("state_size", &S::stateSize).withLabel("State size").withRange(1, kMaxWidth).isRequired()
           .withDoc("SSM state N per head").withSource(kHf),
       params::integer<S>("groups", &S::groups).withLabel("Groups").withRange(1, kMaxWidth)
           .withDoc("B/C groups; must divide heads").withSource(kHf),
       params::integer<S>("conv_kernel", &S::convKernel).withLabel("Conv kernel").withUnit("tokens").withRange(1, 1024)
           .withDoc("depthwise convolution window").withSource(kHf)});
  return table;
}

} // namespace llmwb
