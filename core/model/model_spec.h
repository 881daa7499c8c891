// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/params/source_notes.h"
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace llmwb {

/// Softmax attention: grouped-query (GQA, MHA when kvHeads == heads) or multi-head latent (MLA).
struct AttentionSpec {
  enum class Kind { Gqa, Mla };
  Kind kind = Kind::Gqa;
  int heads = 0;
  int kvHeads = 0;
  int headDim = 0;
  bool causal = true;
  bool outputGate = false; ///< Qwen3.5 gated attention: a sigmoid gate the width of the Q projection
  // MLA (DeepSeek-V2 notation); the cache holds kvLoraRank + qkRopeHeadDim values per token.
  int qLoraRank = 0;
  int kvLoraRank = 0;
  int qkNopeHeadDim = 0;
  int qkRopeHeadDim = 0;
  int vHeadDim = 0;
  bool operator==(const AttentionSpec&) const = default;
};

/// Feed-forward block: gated (SwiGLU: gate, up, down) or plain (up, down).
struct MlpSpec {
  int intermediate = 0;
  bool gated = true;
  std::string activation = "silu";
  bool operator==(const MlpSpec&) const = default;
};

/// Mixture of experts replacing the MLP: `experts` routed experts of which `topK` run per token,
/// plus `sharedExperts` that every token uses.
struct MoeSpec {
  int experts = 0;
  int topK = 0;
  int expertIntermediate = 0;
  int sharedExperts = 0;
  int sharedIntermediate = 0; ///< 0: same as expertIntermediate
  bool gated = true;
  bool operator==(const MoeSpec&) const = default;
};

/// Linear attention with a recurrent matrix state per head (Gated DeltaNet in Qwen3.5): the state
/// is qkHeadDim x vHeadDim per value head and does not grow with the context.
struct LinearAttentionSpec {
  int qkHeads = 0;
  int vHeads = 0;
  int qkHeadDim = 0;
  int vHeadDim = 0;
  int convKernel = 4;
  bool operator==(const LinearAttentionSpec&) const = default;
};

/// Mamba-2 mixer (SSD): d_inner = heads x headDim, state N per head, B/C shared within groups.
struct Mamba2Spec {
  int heads = 0;
  int headDim = 0;
  int stateSize = 0;
  int groups = 1;
  int convKernel = 4;
  bool operator==(const Mamba2Spec&) const = default;
};

enum class LayerKind { Attention, Mlp, Moe, LinearAttention, Mamba2 };

/// One letter of a model's layer pattern. A layer is a pre-norm residual sub-block: norm, mixer or
/// MLP, residual add. `sharedWeightCopies` > 0 means the layer's weights exist only that many
/// times however often the letter occurs (Zamba2's shared attention blocks).
struct LayerType {
  char symbol = '?';
  std::string name;
  LayerKind kind = LayerKind::Attention;
  std::variant<AttentionSpec, MlpSpec, MoeSpec, LinearAttentionSpec, Mamba2Spec> spec;
  int sharedWeightCopies = 0;
  bool operator==(const LayerType&) const = default;
};

/// Most sub-layers (letters of the layer pattern) a model may have: the largest published models
/// have a few hundred; beyond this the input is a mistake, and the pattern's text would grow with it.
inline constexpr std::size_t kMaxModelLayers = 10000;

/// A language model: embedding, a sequence of layers given by a pattern over its layer types,
/// final norm and LM head. Diffusion models (LLaDA) generate by repeated full-sequence passes.
struct ModelSpec {
  std::string id;
  std::string name;
  int hiddenSize = 0;
  int vocabSize = 0;
  bool tiedEmbeddings = false;
  std::vector<LayerType> layerTypes;
  std::string layerPattern; ///< expanded: one symbol per layer

  struct Diffusion {
    bool enabled = false;
    double tokensPerStep = 1.0; ///< tokens unmasked per denoising pass
    /// 0: no cache, every pass recomputes prompt and answer (LLaDA as released). > 0: block-wise
    /// decoding with a prefix cache (Fast-dLLM): each pass recomputes one block of this many answer
    /// tokens against the cached K/V of the prompt and the finished blocks.
    double blockTokens = 0;
    bool operator==(const Diffusion&) const = default;
  } diffusion;

  /// The model keeps a K/V cache (or recurrent state) between passes: every autoregressive model,
  /// and a diffusion model decoded block by block with a prefix cache.
  bool keepsCache() const { return !diffusion.enabled || diffusion.blockTokens > 0; }

  SourceNotes sources;

  const LayerType* layerType(char symbol) const;
  int layerCount() const { return static_cast<int>(layerPattern.size()); }
  int occurrences(char symbol) const;
  /// Parameters of one instance of a layer type (norm weights included).
  double layerParameters(const LayerType& type) const;
  /// Total stored parameters: embeddings (+ untied LM head), every layer, final norm.
  double parameterCount() const;
  /// Parameters used per token (MoE: top-k + shared experts only).
  double activeParameterCount() const;
  /// Cache values (elements) one token leaves per layer of this type: K and V for attention, the
  /// latent for MLA, 0 for layers whose state does not grow.
  double cacheElementsPerToken(const LayerType& type) const;
  /// Fixed-size recurrent state per sequence for this layer type (elements): SSM/linear state and
  /// the depthwise-conv window.
  double stateElementsPerSequence(const LayerType& type) const;
  /// Validates cross-field consistency; returns a message per problem, empty when the model is sound.
  std::vector<std::string> problems() const;
};

/// Expands pattern segments: each segment repeated `repeat` times, concatenated.
struct PatternSegment {
  std::string pattern;
  int repeat = 1;
};
std::string expandPattern(const std::vector<PatternSegment>& segments);

} // namespace llmwb
