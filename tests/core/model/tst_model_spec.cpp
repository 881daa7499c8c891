// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter counts of the shipped models against shared/reference/models_gpus_memory.md.
#include "core/io/preset_library.h"
#include "core/model/operators.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
const PresetLibrary& library() { return test::presets(); }

struct Case {
  const char* id;
  double totalBillions;
  double activeBillions;
  double tolerance; ///< relative
};

class ParameterCounts : public ::testing::TestWithParam<Case> {};
} // namespace

TEST_P(ParameterCounts, MatchTheReference) {
  const auto& c = GetParam();
  const auto m = library().model(c.id);
  EXPECT_TRUE(m.problems().empty());
  EXPECT_NEAR(m.parameterCount() / 1e9, c.totalBillions, c.totalBillions * c.tolerance) << c.id;
  EXPECT_NEAR(m.activeParameterCount() / 1e9, c.activeBillions, c.activeBillions * c.tolerance) << c.id;
}

INSTANTIATE_TEST_SUITE_P(Models, ParameterCounts,
                         ::testing::Values(Case{"llama-3.3-70b", 70.55, 70.55, 0.002},   // DERIVED 70.55B
                                           Case{"llama-3.1-8b", 8.03, 8.03, 0.002},      // DERIVED 8.03B
                                           Case{"qwen3-32b", 32.76, 32.76, 0.002},       // DERIVED 32.76B
                                           Case{"qwen3-30b-a3b", 30.53, 3.35, 0.005},    // DERIVED 30.53B / 3.35B
                                           Case{"llada-8b", 8.02, 8.02, 0.002},          // DERIVED 8.02B
                                           Case{"qwen3.5-397b-a17b", 397, 17, 0.03},     // model card 397B / 17B
                                           Case{"deepseek-v2", 235.7, 21.4, 0.005}),     // DERIVED 235.7B / 21.4B
                         [](const auto& param) {
                           std::string n = param.param.id;
                           for (auto& ch : n)
                             if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });

TEST(ModelSpec, LlamaLayerPatternExpands) {
  const auto m = library().model("llama-3.3-70b");
  EXPECT_EQ(m.layerCount(), 160); // 80 x (attention + MLP)
  EXPECT_EQ(m.occurrences('A'), 80);
  EXPECT_EQ(m.occurrences('F'), 80);
}

TEST(ModelSpec, KvCachePerTokenIsTwoTimesKvHeadsTimesHeadDim) {
  const auto m = library().model("llama-3.3-70b");
  EXPECT_DOUBLE_EQ(m.cacheElementsPerToken(*m.layerType('A')), 2.0 * 8 * 128);
  // 80 layers x 2048 values x 8.25 bits per token
  const Quantisation q{numberFormat("MXINT8"), numberFormat("MXINT8"), numberFormat("MXINT8")};
  EXPECT_DOUBLE_EQ(cacheBytesPerSequence(m, q, 1).value(), 80 * 2048 * 8.25 / 8);
}

TEST(ModelSpec, LinearAttentionStateDoesNotGrow) {
  const auto m = library().model("qwen3.5-397b-a17b");
  const auto& deltanet = *m.layerType('L');
  EXPECT_EQ(m.cacheElementsPerToken(deltanet), 0.0);
  // 64 value heads x 128 x 128 state + conv window
  EXPECT_GE(m.stateElementsPerSequence(deltanet), 64.0 * 128 * 128);
  const Quantisation q{numberFormat("BF16"), numberFormat("BF16"), numberFormat("BF16")};
  const double grow = (cacheBytesPerSequence(m, q, 2000) - cacheBytesPerSequence(m, q, 1000)).value();
  // Only the 15 attention layers grow: 15 x 2 x 2 KV heads x 256 x 2 bytes per token.
  EXPECT_DOUBLE_EQ(grow, 1000.0 * 15 * 2 * 2 * 256 * 2);
}

TEST(ModelSpec, DiffusionModelsKeepNoCache) {
  const auto m = library().model("llada-8b");
  EXPECT_TRUE(m.diffusion.enabled);
  const Quantisation q{numberFormat("MXINT8"), numberFormat("MXINT8"), numberFormat("MXINT8")};
  EXPECT_EQ(cacheBytesPerSequence(m, q, 1600).value(), 0.0);
}

TEST(ModelSpec, MlaCachesTheLatent) {
  const auto m = library().model("deepseek-v2");
  EXPECT_DOUBLE_EQ(m.cacheElementsPerToken(*m.layerType('A')), 512.0 + 64.0);
  EXPECT_EQ(m.occurrences('D'), 1);
  EXPECT_EQ(m.occurrences('E'), 59);
}
