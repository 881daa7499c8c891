// SPDX-License-Identifier: GPL-3.0-or-later
// Dataflow re-reads and one operator's time, by hand.
#include "core/compute/plena/plena_spec.h"
#include "core/engine/memexplorer/operator_cost.h"

#include <gtest/gtest.h>

using namespace llmwb;
using namespace llmwb::units;

namespace {
Operator projection(double m, double k, double n) {
  Operator op;
  op.name = "proj";
  op.cls = OperatorClass::Projection;
  op.gemms.push_back({m, k, n, 1, false});
  op.operands = {{"weights", DataKind::Weight, OperandRole::B, bytes(k * n), false},
                 {"input", DataKind::Activation, OperandRole::A, bytes(m * k), false},
                 {"output", DataKind::Activation, OperandRole::Output, bytes(m * n), true}};
  return op;
}

DeviceSpec device(Dataflow dataflow, StoragePriority storage, BandwidthPriority bandwidth) {
  DeviceSpec d;
  d.compute = PlenaComputeSpec{2048, 128, 2048, gigahertz(1)};
  MemoryTechnology sram;
  sram.name = "SRAM";
  sram.capacity = gibibytes(1);
  sram.bandwidth = terabytesPerSecond(16);
  MemoryTechnology hbm;
  hbm.name = "HBM";
  hbm.capacity = gibibytes(100);
  hbm.bandwidth = terabytesPerSecond(2);
  d.memory.onChip.parts.push_back({sram, 1});
  d.memory.offChip.push_back(MemoryLevel{{{hbm, 1}}});
  d.strategy = {dataflow, storage, bandwidth};
  d.quantisation = {numberFormat("INT8"), numberFormat("INT8"), numberFormat("INT8")};
  return d;
}

/// Activations fit on chip; weights live in the single off-chip level.
Placement activationsOnChip() {
  Placement p;
  p.activationShare = gibibytes(1);
  p.offChipFraction = {1.0};
  return p;
}
} // namespace

TEST(Dataflow, ReReadsPerStationaryTile) {
  const GemmTiling tile{128, 128, 2048, 2048};
  const auto op = projection(4096, 8192, 1024);
  const auto& w = op.operands[0];
  const auto& a = op.operands[1];
  const auto& o = op.operands[2];
  // WS: weights once, inputs once per 128-wide column tile (1024 / 128 = 8)
  EXPECT_DOUBLE_EQ(operandTraffic(w, op, Dataflow::WeightStationary, tile).reads, 1);
  EXPECT_DOUBLE_EQ(operandTraffic(a, op, Dataflow::WeightStationary, tile).reads, 8);
  // IS: weights once per 128-row tile (4096 / 128 = 32); partial sums per 2048-deep tile (8192 / 2048 = 4)
  EXPECT_DOUBLE_EQ(operandTraffic(w, op, Dataflow::InputStationary, tile).reads, 32);
  EXPECT_DOUBLE_EQ(operandTraffic(o, op, Dataflow::InputStationary, tile).writes, 4);
  EXPECT_DOUBLE_EQ(operandTraffic(o, op, Dataflow::InputStationary, tile).reads, 3);
  // OS: weights once per row tile, inputs once (row buffer), outputs written once
  EXPECT_DOUBLE_EQ(operandTraffic(w, op, Dataflow::OutputStationary, tile).reads, 32);
  EXPECT_DOUBLE_EQ(operandTraffic(a, op, Dataflow::OutputStationary, tile).reads, 1);
  EXPECT_DOUBLE_EQ(operandTraffic(o, op, Dataflow::OutputStationary, tile).writes, 1);
}

TEST(OperatorCost, ComputeBoundProjectionByHand) {
  // WS, activations on chip: [4096 x 8192] x [8192 x 1024] = 32 x 4 x 8 x 128 cycles = 131 us at 1 GHz.
  const DeviceModel dev(device(Dataflow::WeightStationary, StoragePriority::Activations, BandwidthPriority::Matrix));
  const auto c = costOperator(projection(4096, 8192, 1024), dev, activationsOnChip());
  EXPECT_DOUBLE_EQ(c.computeTime.value(), 32.0 * 4 * 8 * 128 * 1e-9);
  // Weights (8 MiB) come once from HBM at 75% of 2 TB/s (~5.6 us): hidden behind the compute.
  EXPECT_TRUE(c.computeBound);
  EXPECT_DOUBLE_EQ(c.time.value(), c.computeTime.value());
  EXPECT_NEAR(c.offChipBytes.value(), 8192.0 * 1024, 1e-6);
}

TEST(OperatorCost, MemoryBoundUnderOutputStationary) {
  // OS re-reads the 8 MiB of weights 32 times from HBM: 268 MB over the matrix share.
  const DeviceModel dev(device(Dataflow::OutputStationary, StoragePriority::Activations, BandwidthPriority::Equal));
  const auto c = costOperator(projection(4096, 8192, 1024), dev, activationsOnChip());
  const double weightBytes = 8192.0 * 1024 * 32;
  // Eq. 2 on the matrix chain: HBM share 1 TB/s; on-chip 16 - 1 = 15 TB/s.
  const double expected = weightBytes / 1e12;
  EXPECT_FALSE(c.computeBound);
  EXPECT_EQ(c.boundStream, int(Stream::MatrixRead));
  EXPECT_EQ(c.boundLevel, 1);
  EXPECT_NEAR(c.time.value(), expected, expected * 1e-9);
}

TEST(OperatorCost, EnergyCountsEveryLevelTheDataCross) {
  const DeviceModel dev(device(Dataflow::WeightStationary, StoragePriority::Activations, BandwidthPriority::Matrix));
  const auto c = costOperator(projection(4096, 8192, 1024), dev, activationsOnChip());
  // Weights: read from HBM, written into SRAM, read by the compute.
  EXPECT_NEAR(c.traffic[1].read.value(), 8192.0 * 1024, 1e-6);
  EXPECT_NEAR(c.traffic[0].written.value(), 8192.0 * 1024 + 4096.0 * 1024, 1e-6); // + the output
}
