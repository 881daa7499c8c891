// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/preset_library.h"
#include "core/model/operators.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace llmwb;

namespace {
const Quantisation kInt8{numberFormat("MXINT8"), numberFormat("MXINT8"), numberFormat("MXINT8")};

double matrixMacs(const std::vector<Operator>& ops, OperatorClass cls) {
  double macs = 0;
  for (const auto& op : ops)
    if (op.cls == cls)
      for (const auto& g : op.gemms) macs += g.macs() * op.repeat;
  return macs;
}
} // namespace

TEST(Operators, PrefillProjectionsDoTwoFlopsPerParameterPerToken) {
  const auto m = PresetLibrary({LLMWB_TEST_PRESETS}).model("llama-3.3-70b");
  const double S = 4096;
  const auto ops = buildOperators(m, kInt8, {1, S, 0, 1});
  // Every layer weight (norms aside) meets every token once.
  const double layerWeights = 80.0 * (8192.0 * (64 + 16) * 128 + 64.0 * 128 * 8192 + 3.0 * 8192 * 28672);
  EXPECT_NEAR(matrixMacs(ops, OperatorClass::Projection), layerWeights * S, 1.0);
}

TEST(Operators, CausalAttentionScoresHalfTheSquare) {
  const auto m = PresetLibrary({LLMWB_TEST_PRESETS}).model("llama-3.3-70b");
  const double S = 1000;
  const auto ops = buildOperators(m, kInt8, {1, S, 0, 1});
  // QK and PV: 2 x heads x head_dim x S x (S+1)/2 per layer.
  EXPECT_NEAR(matrixMacs(ops, OperatorClass::Attention), 80 * 2.0 * 64 * 128 * S * (S + 1) / 2, 1.0);
}

TEST(Operators, DecodeReadsTheWholeCacheOnce) {
  const auto m = PresetLibrary({LLMWB_TEST_PRESETS}).model("llama-3.3-70b");
  const double context = 10000, batch = 4;
  const auto ops = buildOperators(m, kInt8, {batch, 1, context - 1, 1});
  double cacheRead = 0;
  for (const auto& op : ops)
    for (const auto& o : op.operands)
      if (o.kind == DataKind::Cache && !o.write) cacheRead += o.bytes.value() * op.repeat;
  EXPECT_NEAR(cacheRead, batch * cacheBytesPerSequence(m, kInt8, context).value(), 1.0);
}

TEST(Operators, WeightBytesMatchTheStoredModel) {
  const auto m = PresetLibrary({LLMWB_TEST_PRESETS}).model("llama-3.1-8b");
  const auto ops = buildOperators(m, kInt8, {1, 1, 100, 1});
  double weights = 0;
  for (const auto& op : ops)
    if (op.name != "embedding") weights += op.bytes(DataKind::Weight).value() * op.repeat;
  // Everything but the embedding table is read once per step.
  const double embedding = kInt8.weights.bytesFor(128256.0 * 4096).value();
  EXPECT_NEAR(weights, weightBytes(m, kInt8).value() - embedding, weightBytes(m, kInt8).value() * 1e-4);
}

TEST(Operators, MoeDecodeTouchesOnlyRoutedExperts) {
  const auto m = PresetLibrary({LLMWB_TEST_PRESETS}).model("qwen3-30b-a3b");
  const auto ops = buildOperators(m, kInt8, {1, 1, 100, 1});
  for (const auto& op : ops)
    if (op.name == "moe.experts_up") {
      ASSERT_EQ(op.gemms.size(), 1u);
      EXPECT_NEAR(op.gemms.front().instances, 8.0, 1e-9); // one token, top-8
      EXPECT_NEAR(op.gemms.front().m, 1.0, 1e-9);
    }
}

TEST(Operators, MlaDecodeAttendsInTheLatentSpace) {
  const auto m = PresetLibrary({LLMWB_TEST_PRESETS}).model("deepseek-v2");
  const double context = 4096;
  const auto ops = buildOperators(m, kInt8, {1, 1, context - 1, 1});
  bool found = false;
  for (const auto& op : ops)
    if (op.cls == OperatorClass::Attention) {
      found = true;
      // 128 heads share one latent "KV head" of 576 values: QK over 576, PV over the 512-wide latent.
      ASSERT_EQ(op.gemms.size(), 2u);
      EXPECT_DOUBLE_EQ(op.gemms[0].m, 128.0);
      EXPECT_DOUBLE_EQ(op.gemms[0].k, 576.0);
      EXPECT_DOUBLE_EQ(op.gemms[1].n, 512.0);
      EXPECT_NEAR(op.bytes(DataKind::Cache).value(), kInt8.kvCache.bytesFor(context * 576).value(), 1.0);
    }
  EXPECT_TRUE(found);
}
