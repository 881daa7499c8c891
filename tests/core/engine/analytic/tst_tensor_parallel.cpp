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

namespace {
// NVLink 4 as the GPU system presets give it: 450 GB/s, 2 us per ring step, 6 us per call, bus
// bandwidth 0.82 of the line rate (369 GB/s).
LinkSpec ncclNvlink4() {
  LinkSpec l;
  l.bandwidth = gigabytesPerSecond(450);
  l.latency = microseconds(2);
  l.collectiveLatency = microseconds(6);
  l.collectiveBandwidthFraction = 0.82;
  return l;
}
} // namespace

TEST(TensorParallel, SmallAllReducesAreLatencyBoundLargeOnesBandwidthBound) {
  const LinkSpec link = ncclNvlink4();
  // 8 GPUs, 16 KiB (a decode step's o_proj output at batch 1): 6 + 14 x 2 = 34 us of latency, and
  // 16,384 x 14/8 B at 369 GB/s = 0.0777 us on the wire.
  const Seconds small = allReduceTime(bytes(16384.0), 8, link);
  EXPECT_NEAR(small.value(), 34e-6 + 16384.0 * 1.75 / 369e9, 1e-15);
  EXPECT_GT(34e-6 / small.value(), 0.99);
  // 256 MiB: 469,762,048 B sent per GPU at 369 GB/s = 1.273 ms, the 34 us a 2.6 % extra.
  const Seconds large = allReduceTime(bytes(268435456.0), 8, link);
  EXPECT_NEAR(large.value(), 34e-6 + 268435456.0 * 1.75 / 369e9, 1e-12);
  EXPECT_GT((268435456.0 * 1.75 / 369e9) / large.value(), 0.97);
  // nccl-tests' bus bandwidth (bytes x 2 (n-1)/n over the time) grows with the message towards 369 GB/s.
  double previous = 0;
  for (double message : {8.0, 65536.0, 1048576.0, 16777216.0, 268435456.0}) {
    const double busBandwidth = message * 1.75 / allReduceTime(bytes(message), 8, link).value();
    EXPECT_GT(busBandwidth, previous) << message;
    EXPECT_LT(busBandwidth, 369e9);
    previous = busBandwidth;
  }
  EXPECT_GT(previous, 0.97 * 369e9);
  // Fewer GPUs, fewer ring steps: 4 GPUs pay 6 + 6 x 2 = 18 us.
  EXPECT_NEAR(allReduceTime(bytes(8.0), 4, link).value(), 18e-6 + 8.0 * 1.5 / 369e9, 1e-15);
}

TEST(TensorParallel, ALinkWithoutCollectiveFieldsIsABareRing) {
  LinkSpec bare; // defaults: no per-call latency, the line rate
  bare.bandwidth = gigabytesPerSecond(450);
  bare.latency = microseconds(1);
  EXPECT_DOUBLE_EQ(allReduceTime(bytes(33554432.0), 4, bare).value(), 50331648.0 / 450e9 + 6e-6);
}

namespace {
const Operator& attentionOf(const std::vector<Operator>& ops) {
  for (const auto& op : ops)
    if (op.cls == OperatorClass::Attention) return op;
  throw std::runtime_error("no attention operator");
}
Bytes keysAndValues(const Operator& op) {
  for (const auto& o : op.operands)
    if (o.role == OperandRole::B) return o.bytes;
  return Bytes();
}
struct Split {
  GemmShape qk;
  Bytes kv, fullKv;
};
// One decode step of `model` at batch 8, 4K context, split over `tp` devices.
Split decodeAttention(const std::string& model, int tp) {
  const auto m = lib().model(model);
  const auto full = buildOperators(m, Quantisation{}, PassShape{8, 1, 4096, 1});
  const auto sharded = shardForTensorParallel(full, tp);
  const auto& one = attentionOf(sharded);
  return {one.gemms[0], keysAndValues(one), keysAndValues(attentionOf(full))};
}
} // namespace

// Tensor parallelism splits attention by heads, never by sequence: every device serves all 8
// sequences. With fewer KV heads than devices each device keeps one KV head (replicated, as vLLM
// does) and the query heads sharing it are split instead. Before, the (sequence, KV head) pairs were
// divided by the device count, so a TP-8 DeepSeek-V2 device ran all its sequences' latent attention
// as one 128-head product on one Snake PU (4.5 ms of a 6.1 ms step at batch 8).
TEST(TensorParallel, AttentionIsSplitByHeads) {
  // Llama-3.3-70B: 64 query heads, 8 KV heads; TP 8: one KV head and its 8 query heads per device.
  const auto llama = decodeAttention("llama-3.3-70b", 8);
  EXPECT_DOUBLE_EQ(llama.qk.instances, 8.0); // 8 sequences x 1 KV head
  EXPECT_DOUBLE_EQ(llama.qk.m, 8.0);
  EXPECT_DOUBLE_EQ(llama.kv.value(), llama.fullKv.value() / 8);
  // Qwen3-30B-A3B: 32 query heads, 4 KV heads; TP 8: KV heads replicated in pairs of devices,
  // 4 query heads each; every device reads a quarter of the cache, not an eighth.
  const auto qwen = decodeAttention("qwen3-30b-a3b", 8);
  EXPECT_DOUBLE_EQ(qwen.qk.instances, 8.0);
  EXPECT_DOUBLE_EQ(qwen.qk.m, 4.0);
  EXPECT_DOUBLE_EQ(qwen.kv.value(), qwen.fullKv.value() / 4);
  // DeepSeek-V2 (MLA, absorbed decode): one latent head shared by 128 query heads; TP 8: the whole
  // latent cache on every device, 16 query heads each.
  const auto dsv2 = decodeAttention("deepseek-v2", 8);
  EXPECT_DOUBLE_EQ(dsv2.qk.instances, 8.0);
  EXPECT_DOUBLE_EQ(dsv2.qk.m, 16.0);
  EXPECT_DOUBLE_EQ(dsv2.kv.value(), dsv2.fullKv.value());
  // The work is the same, only its shape changed.
  const auto m = lib().model("deepseek-v2");
  const auto full = buildOperators(m, Quantisation{}, PassShape{8, 1, 4096, 1});
  EXPECT_NEAR(attentionOf(full).gemms[0].macs() / 8, dsv2.qk.macs(), 1e-6 * dsv2.qk.macs());
}

// The cache of replicated KV heads is stored as many times: what the devices hold together.
TEST(TensorParallel, ReplicatedKvHeadsStoreTheirCacheOnEveryCopy) {
  EXPECT_DOUBLE_EQ(kvCacheCopies(lib().model("llama-3.3-70b"), 8), 1.0);  // 8 KV heads on 8 devices
  EXPECT_DOUBLE_EQ(kvCacheCopies(lib().model("qwen3-30b-a3b"), 8), 2.0);  // 4 KV heads, each on 2 devices
  EXPECT_DOUBLE_EQ(kvCacheCopies(lib().model("qwen3-30b-a3b"), 4), 1.0);
  EXPECT_DOUBLE_EQ(kvCacheCopies(lib().model("deepseek-v2"), 8), 8.0);    // MLA: the latent cache on every device
  EXPECT_DOUBLE_EQ(kvCacheCopies(lib().model("deepseek-v2"), 1), 1.0);
}
