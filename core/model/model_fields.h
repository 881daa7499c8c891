// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The fields of a model preset (kind "model"), declared once: the top level, the `diffusion`
// block, and each layer type's block in `layer_types` (by its `type`; attention by its `variant`).
// Structure — which letters exist, the layer pattern, the variant — and checks across fields
// (kv_heads dividing heads, top_k within experts) stay in the reader.

#include "core/model/model_spec.h"
#include "core/params/param_table.h"

namespace llmwb {

/// hidden_size, vocab_size, tied_embeddings. `name` defaults to the preset id in the reader.
const params::ParamTable<ModelSpec>& modelFields();
/// `diffusion`: tokens_per_step.
const params::ParamTable<ModelSpec::Diffusion>& diffusionFields();
/// Fields every layer type has: name, shared_weight_copies.
const params::ParamTable<LayerType>& layerTypeFields();
/// Attention common to both variants (heads, causal, output_gate), then GQA's and MLA's own.
const params::ParamTable<AttentionSpec>& attentionFields();
const params::ParamTable<AttentionSpec>& gqaFields();
const params::ParamTable<AttentionSpec>& mlaFields();
const params::ParamTable<MlpSpec>& mlpFields();
const params::ParamTable<MoeSpec>& moeFields();
const params::ParamTable<LinearAttentionSpec>& linearAttentionFields();
const params::ParamTable<Mamba2Spec>& mamba2Fields();

} // namespace llmwb
