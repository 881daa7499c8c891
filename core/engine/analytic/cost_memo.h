// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The costs of one phase's operators, by the work each does. A coster's answer depends on an
// operator's work (class, products, vector and scan work, operands) and the pass's placement, never
// on its name, layer or repeat count (OperatorCoster's contract): so the decode segments of a phase
// share every operator whose shape does not grow with the context, and equal operators of one pass
// (the two norms of a layer) share one cost. A coster reads the placement only through the on-chip
// share of each kind of data the operator has and the off-chip levels' fractions (operator_coster.h).

#include "core/engine/analytic/operator_coster.h"
#include "core/engine/analytic/pass_operators.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace llmwb {

class CostMemo {
public:
  CostMemo() { mEntries.reserve(32); }
  /// The placement the next find() and add() calls are for (a pass's); it must outlive them.
  void usePlacement(const Placement& placement) { mPlacement = &placement; }
  /// The cost of an operator of equal work (`hash`: its workHash) at an equal placement of its
  /// data, or nullptr.
  const OperatorCost* find(const Operator& op, std::uint64_t hash) const;
  /// Remembers `cost` for `op`; both must stay alive as long as this memo (keep(...) the pass's
  /// operators; a pass's costs are kept with them by the phase).
  void add(const Operator& op, std::uint64_t hash, const OperatorCost* cost);
  /// Keeps a pass's operators alive for the entries that point into them.
  void keep(std::shared_ptr<const PassOperators> ops) { mKept.push_back(std::move(ops)); }

private:
  /// The placement as an operator's cost reads it: the on-chip share of each kind of data it has,
  /// and where the off-chip bytes live.
  struct Where {
    double activations = 0, weights = 0, cache = 0;
    decltype(Placement::offChipFraction) offChipFraction;
    bool operator==(const Where&) const = default;
  };
  static Where where(const Operator& op, const Placement& placement);

  struct Entry {
    std::uint64_t hash;
    const Operator* op;
    Where where;
    const OperatorCost* cost;
  };
  const Placement* mPlacement = nullptr;
  std::vector<Entry> mEntries;
  std::vector<std::shared_ptr<const PassOperators>> mKept;
};

/// Whether two operators do the same work (everything a coster reads; not name, layer or repeat).
bool sameWork(const Operator& a, const Operator& b);

} // namespace llmwb
