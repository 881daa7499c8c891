// SPDX-License-Identifier: GPL-3.0-or-later
// The cost memo a phase's passes share (cost_memo.h): equal work at an equal placement of the
// operator's data takes the earlier cost; anything a coster reads that differs does not.
#include "core/engine/analytic/cost_memo.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
Operator projection(const char* name, double rows) {
  Operator op;
  op.name = name;
  op.layer = "attention";
  op.cls = OperatorClass::Projection;
  op.repeat = 80;
  op.gemms.push_back({rows, 8192, 8192});
  op.vectorOps = 10;
  op.operands.push_back({"weights", DataKind::Weight, OperandRole::B, Bytes(8192.0 * 8192), false});
  op.operands.push_back({"input", DataKind::Activation, OperandRole::A, Bytes(rows * 8192), false});
  op.operands.push_back({"output", DataKind::Activation, OperandRole::Output, Bytes(rows * 8192), true});
  return op;
}

Placement placement(double weightsOnChip, double cacheOnChip) {
  Placement p;
  p.weightsOnChip = weightsOnChip;
  p.cacheOnChip = cacheOnChip;
  p.activationShare = Bytes(1e6);
  p.offChipFraction = {1.0};
  return p;
}

OperatorCost costOf(double seconds) {
  OperatorCost c;
  c.time = Seconds(seconds);
  return c;
}
} // namespace

TEST(CostMemo, NameLayerAndRepeatAreNotWork) {
  auto a = projection("attention.o_proj", 1), b = projection("mlp.down_proj", 1);
  b.layer = "mlp";
  b.repeat = 1;
  EXPECT_TRUE(sameWork(a, b));
  EXPECT_EQ(workHash(a), workHash(b));
  auto c = projection("attention.o_proj", 2);
  EXPECT_FALSE(sameWork(a, c));
  EXPECT_NE(workHash(a), workHash(c));
  auto d = a;
  d.operands[0].bytes = Bytes(1.0);
  EXPECT_FALSE(sameWork(a, d));
  EXPECT_NE(workHash(a), workHash(d));
  auto e = a;
  e.cls = OperatorClass::Moe;
  EXPECT_FALSE(sameWork(a, e));
}

TEST(CostMemo, SharesWhatTheOperatorsDataSees) {
  const auto op = projection("attention.o_proj", 1);
  const auto cost = costOf(3.0);
  const Placement first = placement(0.25, 0.5);
  CostMemo memo;
  memo.usePlacement(first);
  EXPECT_EQ(memo.find(op, workHash(op)), nullptr);
  memo.add(op, workHash(op), &cost);

  // The same operator under another name, and a placement whose cache share moved: the operator
  // holds no cache, so its cost is the same.
  const auto twin = projection("mlp.down_proj", 1);
  const Placement cacheMoved = placement(0.25, 0.9);
  memo.usePlacement(cacheMoved);
  ASSERT_NE(memo.find(twin, workHash(twin)), nullptr);
  EXPECT_EQ(memo.find(twin, workHash(twin))->time, Seconds(3.0));

  // Its weights' share moved: a new cost.
  const Placement weightsMoved = placement(0.5, 0.5);
  memo.usePlacement(weightsMoved);
  EXPECT_EQ(memo.find(op, workHash(op)), nullptr);

  // Where the off-chip bytes live moved: a new cost.
  Placement split = placement(0.25, 0.5);
  split.offChipFraction = {0.5, 0.5};
  memo.usePlacement(split);
  EXPECT_EQ(memo.find(op, workHash(op)), nullptr);
}
