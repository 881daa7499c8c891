// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Models from a Hugging Face `config.json`: the architectures architects meet most (Llama,
// Mistral, Qwen2/Qwen3 dense; Mixtral, Qwen2-MoE, Qwen3-MoE; DeepSeek-V2/V3 with MLA and shared
// experts; Nemotron-H hybrids) become a model spec whose every field records the config key it
// came from. Anything else gets an InputError naming the file and the field.

#include "core/model/model_spec.h"

#include <string>
#include <vector>

namespace llmwb::io {

/// The `model_type` values importHuggingFaceConfig understands.
std::vector<std::string> supportedHuggingFaceTypes();

/// The id a config gets when none is given: its folder's name for a `config.json` (the Hub names
/// the model by its folder: meta-llama/Llama-3.1-8B/config.json), else the file's stem.
std::string defaultModelId(const std::string& path);

/// Reads `path` (a config.json). `id` becomes the model id; `name` its display name (default: the
/// first entry of `architectures`, else `model_type`, plus the layer count).
ModelSpec importHuggingFaceConfig(const std::string& path, const std::string& id, const std::string& name = "");

} // namespace llmwb::io
