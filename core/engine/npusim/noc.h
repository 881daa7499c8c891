// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The NoC of a multi-core NPU as an analytic surrogate of NpuSim's cycle-level mesh (spec B.4,
// B.6): where a TP group's cores sit (linear-seq, linear-interleave, ring, mesh), dimension-
// ordered XY routes, and the time of one step of a ring collective under channel locking. A step
// sends one chunk from every rank to its ring successor; the flows are granted in rank order, a
// flow only when every resource it locks (NocLock) is free, and the rest wait for the next round.

#include "core/compute/npusim/npusim_spec.h"
#include "core/engine/npusim/parallelism.h"

#include <memory>
#include <string>
#include <vector>

namespace llmwb::engine::npusim {

struct Coord {
  int x = 0, y = 0;
  bool operator==(const Coord&) const = default;
};

/// The XY route from a to b: every router visited, a and b included.
std::vector<Coord> xyRoute(Coord a, Coord b);

/// Rings of ranks (positions in ring order) that run a collective step at the same time.
using RingSet = std::vector<std::vector<Coord>>;

/// One step of the rings: rounds of serialised flows and the longest path.
struct StepShape {
  int rounds = 0;  ///< flows that must wait for each other (the most loaded directed link without a lock)
  int maxHops = 0;
};
StepShape ringStep(const RingSet& rings, NocLock lock);

/// A TP group's cores on the mesh, in a frame of its own (groups occupy disjoint boxes and XY routes
/// stay inside a box, so groups do not disturb each other).
struct GroupLayout {
  int tp = 1;
  CorePlacement placement = CorePlacement::Ring;
  std::vector<Coord> position;  ///< rank -> core
  int width = 1, height = 1;    ///< bounding box
  /// 1-D collectives: one ring over the group, or (mesh placement) rows then columns of the block.
  RingSet ring;                 ///< linear and ring placements
  RingSet blockRows, blockCols; ///< mesh placement: interleaved rings along each dimension
  int blockR = 1, blockC = 1;   ///< mesh placement: rows x columns of the block
  /// Links from this group to the next pipeline stage's group (activations between stages).
  int boundaryLinks = 1;
  StepShape ringShape, rowShape, colShape;
};

/// A boundary between consecutive pipeline stages as placed on the chip against the default order:
/// the busiest link's share of the activations and the longest route, placed / default
/// (chip_map.h: boundaryScale).
struct BoundaryScale {
  double bandwidth = 1, hops = 1;
};

/// Lays a group of `tp` cores out by `placement` on a mesh of `columns` x `rows`; empty `error`
/// when it fits, else why not.
GroupLayout layoutGroup(int tp, CorePlacement placement, int columns, int rows, NocLock lock, std::string& error);

/// Ring order 1, 2, P, 3, P-1, ... laid on a line (Fig. 4 Pipe-1): position of each rank.
std::vector<int> interleavedPositions(int p);

/// The logical R x C grid of the 2-D (MNK) partition over a group: rings along rows (C ranks,
/// the K AllReduce) and along columns (R ranks, the W rotation); rank = r C + c.
struct GridRings {
  int r = 1, c = 1;
  RingSet rows, cols;
  StepShape rowShape, colShape;
};
GridRings gridRings(const GroupLayout& layout, NocLock lock);

/// Time of one ring step moving `bytes` per flow.
double stepSeconds(const NpusimComputeSpec& core, StepShape shape, double bytes);

/// A TP group's layout and its 2-D grid's rings (layoutGroup, then gridRings), or why the group
/// has no layout (`error`).
struct GroupMapping {
  GroupLayout layout;
  GridRings grid;
  std::string error;
};
/// The mapping, worked out once per thread for equal inputs: every model of a chip at one TP and
/// placement (a sweep's designs, a serving run's rebuilt models) shares it.
std::shared_ptr<const GroupMapping> groupMapping(int tp, CorePlacement placement, int columns, int rows, NocLock lock);

} // namespace llmwb::engine::npusim
