// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/params/shared_text.h"
#include "core/model/model_spec.h"
#include "core/quant/number_format.h"
#include "core/units/quantity.h"

#include <string>
#include <vector>

namespace llmwb {

enum class DataKind { Weight, Activation, Cache };

/// How an operand takes part in a matrix product Out[M,N] = A[M,K] x B[K,N]; the dataflow decides
/// how often A and B are re-read. `Other` operands are read or written exactly once.
enum class OperandRole { A, B, Output, Other };

struct Operand {
  std::string what; ///< "weights", "input", "kv read", ...
  DataKind kind = DataKind::Activation;
  OperandRole role = OperandRole::Other;
  Bytes bytes;
  bool write = false;
};

/// `instances` independent products of the same shape (attention heads, experts). When `packK` is
/// set, instances with a short K (a head dimension) may share the array's K dimension. An attention
/// product sets `kvHeads`: its instances are sequences x key/value heads, its M the query heads that
/// share one KV head (x new tokens), so that tensor parallelism can split heads, not sequences.
struct GemmShape {
  double m = 0, k = 0, n = 0;
  double instances = 1;
  bool packK = false;
  double kvHeads = 0; ///< attention only: KV heads per sequence in `instances` (0: not attention)
  double macs() const { return m * k * n * instances; }
  bool operator==(const GemmShape&) const = default;
};

/// A recurrence over a sequence (Mamba-2 selective scan, linear-attention state update):
/// `sequences` x `tokens` steps, each updating `channels` x `stateSize` state elements.
struct ScanWork {
  double sequences = 0;
  double tokens = 0;
  double channels = 0;
  double stateSize = 0;
  double groups = 1;
  double macsPerUpdate = 3; ///< decay x state, B x input, C x state (DUET Eq. 1)
  double elementBytes = 2;  ///< bytes of one streamed input element (the activation format)
  double macs() const { return sequences * tokens * channels * stateSize * macsPerUpdate; }
  bool operator==(const ScanWork&) const = default;
};

enum class OperatorClass { Projection, Attention, Moe, Recurrence, Elementwise, Embedding, LmHead };
std::string_view toString(OperatorClass c);

/// One step of a layer in a phase. `repeat` is how many identical copies run per forward pass
/// (the number of layers of this type): identical layers are built once.
struct Operator {
  SharedText name;  ///< "attn.qkv_proj" (shared: a pass's operators are built once, copied into every result)
  SharedText layer; ///< layer type name, or "model" for embedding / head
  OperatorClass cls = OperatorClass::Projection;
  double repeat = 1;
  std::vector<GemmShape> gemms;
  double vectorOps = 0; ///< element operations for the vector unit (norms, softmax, activations)
  ScanWork scan;        ///< empty when scan.tokens == 0
  std::vector<Operand> operands;

  Flops flops() const;
  Bytes bytes(DataKind kind) const;
  Bytes totalBytes() const;
};

/// The shape of one forward pass: `batch` sequences, each adding `newTokens` tokens to a context
/// of `pastTokens`. A prefill is newTokens = prompt, pastTokens = 0; a decode step is newTokens = 1.
struct PassShape {
  double batch = 1;
  double newTokens = 1;
  double pastTokens = 0;
  /// Rows of the LM head per sequence: 1 for autoregressive generation, more for diffusion.
  double logitRows = 1;
};

/// Builds the operators of one forward pass of `model` at `quant`.
std::vector<Operator> buildOperators(const ModelSpec& model, const Quantisation& quant, const PassShape& pass);

/// Bytes of weights stored on the device (every layer, embeddings, head).
Bytes weightBytes(const ModelSpec& model, const Quantisation& quant);
/// Cache bytes one sequence holds at `contextTokens` (KV for attention layers plus fixed recurrent state).
Bytes cacheBytesPerSequence(const ModelSpec& model, const Quantisation& quant, double contextTokens);
/// Largest live activation working set of one pass (the biggest operator's inputs plus outputs).
Bytes activationWorkingSet(const ModelSpec& model, const Quantisation& quant, const PassShape& pass);

} // namespace llmwb
