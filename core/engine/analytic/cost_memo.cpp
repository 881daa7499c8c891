// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/analytic/cost_memo.h"

#include <algorithm>

namespace llmwb {

namespace {
bool sameOperand(const Operand& a, const Operand& b) {
  return a.kind == b.kind && a.role == b.role && a.bytes == b.bytes && a.write == b.write;
}
} // namespace

bool sameWork(const Operator& a, const Operator& b) {
  return a.cls == b.cls && a.vectorOps == b.vectorOps && a.gemms == b.gemms && a.scan == b.scan &&
         std::equal(a.operands.begin(), a.operands.end(), b.operands.begin(), b.operands.end(), sameOperand);
}

CostMemo::Where CostMemo::where(const Operator& op, const Placement& placement) {
  Where w;
  for (const auto& o : op.operands) switch (o.kind) {
    case DataKind::Activation: w.activations = placement.activationShare.value(); break;
    case DataKind::Weight: w.weights = placement.weightsOnChip; break;
    case DataKind::Cache: w.cache = placement.cacheOnChip; break;
    }
  w.offChipFraction = placement.offChipFraction;
  return w;
}

const OperatorCost* CostMemo::find(const Operator& op, std::uint64_t hash) const {
  for (const auto& e : mEntries)
    if (e.hash == hash && sameWork(*e.op, op) && e.where == where(op, *mPlacement)) return e.cost;
  return nullptr;
}

void CostMemo::add(const Operator& op, std::uint64_t hash, const OperatorCost* cost) {
  mEntries.push_back({hash, &op, where(op, *mPlacement), cost});
}

} // namespace llmwb
