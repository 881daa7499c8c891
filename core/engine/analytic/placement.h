// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/memory/hierarchy.h"
#include "core/strategy/strategy.h"

#include <boost/container/small_vector.hpp>

#include <string>

namespace llmwb {

/// Where one phase keeps its data (MemExplorer 4.2). The on-chip storage priority decides how the
/// on-chip capacity is shared: the priority data type first, the others equally with what is left
/// (Equal: all three equally, capacity one does not need passing to the others). Weights and caches
/// that do not stay on chip live off chip, filling the levels nearest first; all data types share
/// the resulting level fractions. Activations that do not fit on chip spill the same way.
struct Placement {
  Bytes activationShare;        ///< on-chip bytes the operators' activations may occupy
  double weightsOnChip = 0.0;   ///< fraction of the weights resident on chip
  double cacheOnChip = 0.0;     ///< fraction of the KV cache / recurrent state resident on chip
  /// Per off-chip level: share of the off-chip bytes stored there (inline for a few levels: a pass
  /// places its data once, an exploration millions of times).
  boost::container::small_vector<double, 4> offChipFraction;
  Bytes offChipDemand;
  bool fits = true;
  std::string reason;
};

struct PlacementDemand {
  Bytes weights;
  Bytes cache;
  Bytes activations; ///< the largest operator's live activations
};

Placement place(const MemoryHierarchy& memory, StoragePriority priority, const PlacementDemand& demand);

} // namespace llmwb
