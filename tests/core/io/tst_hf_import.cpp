// SPDX-License-Identifier: GPL-3.0-or-later
// Models from Hugging Face config.json: imported Llama-3.1-8B and Qwen3-30B-A3B evaluate exactly
// like the shipped presets; unsupported or incomplete configs are named by file and field.
#include "core/engine/evaluate.h"
#include "core/io/hf_import.h"
#include "core/io/input_error.h"
#include "core/io/preset_library.h"
#include "core/io/spec_writer.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace llmwb {
namespace {

std::string config(const std::string& name) { return std::string(LLMWB_TEST_DATA) + "/hf/" + name + ".json"; }

void expectSameEvaluation(const std::string& file, const std::string& preset) {
  const auto& lib = test::presets();
  const ModelSpec imported = io::importHuggingFaceConfig(config(file), preset);
  const ModelSpec shipped = lib.model(preset);
  EXPECT_EQ(imported.layerPattern, shipped.layerPattern);
  EXPECT_DOUBLE_EQ(imported.parameterCount(), shipped.parameterCount());
  for (const char* system : {"memexplorer/base", "gpu/h100x4"}) {
    const auto a = evaluate(lib.system(system), imported, lib.workload("osworld"));
    const auto b = evaluate(lib.system(system), shipped, lib.workload("osworld"));
    EXPECT_DOUBLE_EQ(a.prefill.time.value(), b.prefill.time.value()) << system;
    EXPECT_DOUBLE_EQ(a.decode.time.value(), b.decode.time.value()) << system;
    EXPECT_EQ(a.decode.batch, b.decode.batch) << system;
  }
}

TEST(HfImport, LlamaEvaluatesLikeTheShippedPreset) { expectSameEvaluation("llama-3.1-8b", "llama-3.1-8b"); }

TEST(HfImport, Qwen3MoeEvaluatesLikeTheShippedPreset) { expectSameEvaluation("qwen3-30b-a3b", "qwen3-30b-a3b"); }

TEST(HfImport, DeepSeekV2HasMlaAndSharedExperts) {
  const ModelSpec m = io::importHuggingFaceConfig(config("deepseek-v2"), "deepseek-v2");
  const ModelSpec shipped = test::presets().model("deepseek-v2");
  EXPECT_DOUBLE_EQ(m.parameterCount(), shipped.parameterCount());
  EXPECT_DOUBLE_EQ(m.activeParameterCount(), shipped.activeParameterCount());
  EXPECT_EQ(m.layerPattern.substr(0, 4), "ADAE");
}

TEST(HfImport, EveryFieldRecordsItsOrigin) {
  const ModelSpec m = io::importHuggingFaceConfig(config("llama-3.1-8b"), "x");
  EXPECT_EQ(m.sources.at("hidden_size"), "config.json: hidden_size");
  EXPECT_EQ(m.sources.at("layer_types.A.kv_heads"), "config.json: num_key_value_heads");
  EXPECT_NE(m.sources.at("layer_types.A.head_dim").find("default 128"), std::string::npos);
}

TEST(HfImport, WrittenPresetReadsBackTheSame) {
  const ModelSpec m = io::importHuggingFaceConfig(config("qwen3-30b-a3b"), "imported");
  const auto dir = std::filesystem::temp_directory_path() / ("llmwb-hf-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "models");
  std::ofstream(dir / "models" / "imported.json") << io::modelJsonText(m);
  const PresetLibrary lib({dir, LLMWB_TEST_PRESETS});
  const ModelSpec back = lib.model("imported");
  EXPECT_EQ(back.layerPattern, m.layerPattern);
  EXPECT_DOUBLE_EQ(back.parameterCount(), m.parameterCount());
  EXPECT_EQ(back.sources.at("layer_types.E.experts"), "config.json: num_experts");
  std::filesystem::remove_all(dir);
}

void expectRefused(const std::string& file, const std::string& field, const std::string& words) {
  try {
    io::importHuggingFaceConfig(config(file), "x");
    ADD_FAILURE() << "no error for " << file;
  } catch (const InputError& e) {
    EXPECT_NE(e.file().find(file), std::string::npos) << e.what();
    EXPECT_EQ(e.field(), field) << e.what();
    EXPECT_NE(e.message().find(words), std::string::npos) << e.what();
  }
}

// Issue 37: shapes that would grow without bound are capped; a list of the wrong type is named,
// never the JSON library's exception.
TEST(HfImport, LayerCountIsCapped) { expectRefused("llama-1e9-layers", "/num_hidden_layers", "expected at most 5000 layers"); }
TEST(HfImport, LayerIndicesMustBeWholeNumbers) {
  expectRefused("qwen3-moe-string-layers", "/mlp_only_layers/0", "expected a layer index");
}

TEST(HfImport, UnsupportedArchitectureIsNamed) { expectRefused("gpt2", "/model_type", "supported: llama"); }

TEST(HfImport, MissingFieldIsNamed) { expectRefused("llama-no-heads", "/num_attention_heads", "missing required field"); }

} // namespace
} // namespace llmwb
