// SPDX-License-Identifier: GPL-3.0-or-later
// Tensor-parallel all-reduce: the message is the whole output of an operator that closes a layer,
// and a ring sends 2 (n-1)/n of it from every device (issue 14: the message was counted once per
// device too many, in time and in energy).
#include "core/engine/analytic/tensor_parallel.h"
#include "core/engine/evaluate.h"
#include "core/io/preset_library.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

using namespace llmwb;
using namespace llmwb::units;

namespace {
const PresetLibrary& lib() { return test::presets(); }

// o_proj of 2048 tokens at hidden 8192 in FP16: a 2048 x 8192 x 2 B = 33,554,432 B output.
Operator oProj(std::string name = "attn.o_proj") {
  Operator op;
  op.name = std::move(name);
  op.operands = {{"input", DataKind::Activation, OperandRole::A, bytes(2048.0 * 8192 * 2), false},
                 {"weights", DataKind::Weight, OperandRole::B, bytes(8192.0 * 8192 * 2), false},
                 {"output", DataKind::Activation, OperandRole::Output, bytes(2048.0 * 8192 * 2), true}};
  return op;
}
} // namespace

TEST(TensorParallel, TheMessageIsTheWholeOutputOnce) {
  for (int n : {2, 4, 8}) EXPECT_DOUBLE_EQ(allReduceBytes(oProj(), n).value(), 33554432.0) << n;
  EXPECT_DOUBLE_EQ(allReduceBytes(oProj(), 1).value(), 0.0);               // nothing to reduce
  EXPECT_DOUBLE_EQ(allReduceBytes(oProj("attn.q_proj"), 8).value(), 0.0); // column-parallel: no reduction
}

TEST(TensorParallel, ARingSendsEachByteOncePerStep) {
  // n - 1 reduce-scatter and n - 1 all-gather steps, each of message / n from every device.
  const Bytes message = bytes(33554432.0);
  EXPECT_DOUBLE_EQ(ringAllReduceBytesSent(message, 2).value(), 33554432.0); // 2 steps x 16 MiB
  EXPECT_DOUBLE_EQ(ringAllReduceBytesSent(message, 4).value(), 50331648.0); // 6 steps x 8 MiB
  EXPECT_DOUBLE_EQ(ringAllReduceBytesSent(message, 8).value(), 58720256.0); // 14 steps x 4 MiB
  EXPECT_DOUBLE_EQ(ringAllReduceBytesSent(message, 1).value(), 0.0);

  LinkSpec link;
  link.bandwidth = gigabytesPerSecond(450);
  link.latency = microseconds(1);
  EXPECT_NEAR(allReduceTime(message, 8, link).value(), 58720256.0 / 450e9 + 14e-6, 1e-12);
  EXPECT_NEAR(allReduceTime(message, 2, link).value(), 33554432.0 / 450e9 + 2e-6, 1e-12);
}

TEST(TensorParallel, APrefillOnEightGpusSendsTwoReductionsPerLayer) {
  // Llama-3.3-70B's whole OSWorld prompt on 8 x H100: every one of the 80 layers all-reduces the
  // o_proj and down_proj outputs (tokens x 8192 x 2 B in FP16); each device sends 1.75x of each
  // over NVLink at the link's energy per byte.
  const auto system = lib().system("gpu/h100x8");
  const auto r = evaluate(system, lib().model("llama-3.3-70b"), lib().workload("osworld"));
  ASSERT_TRUE(r.prefill.feasible) << r.prefill.reason;
  const double message = r.prefill.tokens * 8192 * 2;
  const double sentPerDevice = 2 * 80 * 1.75 * message;
  const double expected = 8 * sentPerDevice * system.groupLink.energy.value();
  EXPECT_NEAR(r.prefill.energyBreakdown.communication.value(), expected, 1e-6 * expected);
}
