// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where a system's TP groups sit on the whole NpuSim mesh, and the load a set of flows puts on
// every directed mesh link (for views and tests; the engine itself costs one group in its own
// frame, noc.h). Groups are boxes of the group layout in the mesh's slots (group-sized boxes in
// boustrophedon order: row 0 left to right, row 1 right to left, ...), prefill pool first, pipeline
// after pipeline, stage after stage, so by default consecutive stages are neighbours;
// ParallelismSpec::groupSlots places them elsewhere. Flows follow XY routes.

#include "core/system/system_spec.h"
#include "core/engine/npusim/noc.h"
#include "core/engine/npusim/pool_shape.h"

#include <string>
#include <vector>

namespace llmwb::engine::npusim {

/// A pool of the chip: its role and shape (NpusimModel::pool()).
struct ChipPool {
  DeviceRole role = DeviceRole::Both;
  PoolShape shape;
};

/// One TP group on the chip.
struct ChipGroup {
  int pool = 0, pipeline = 0, stage = 0;
  int slot = -1; ///< index into groupSlots()
  std::vector<Coord> position; ///< rank -> core on the chip
};

struct ChipCore {
  int group = -1; ///< index into ChipMap::groups; -1: idle
  int rank = -1;
};

struct ChipMap {
  int columns = 0, rows = 0;
  GroupLayout layout;
  std::vector<ChipPool> pools;
  std::vector<ChipGroup> groups;
  std::vector<ChipCore> cores; ///< y * columns + x
  std::string problem;         ///< empty when every group has a place
  const ChipCore& at(Coord c) const { return cores[std::size_t(c.y * columns + c.x)]; }
  int usedCores() const;
};

/// Top-left corners of the mesh's group-sized boxes (slots), in boustrophedon order.
std::vector<Coord> groupSlots(int columns, int rows, const GroupLayout& layout);

/// The slot of each of `groups` groups: `order` (ParallelismSpec::groupSlots) for the first ones,
/// then the free slots in order; at most `slots` groups get one. `error` says why `order` does not
/// fit (a slot past the mesh, more slots than groups); the result is then the default order.
std::vector<int> assignSlots(int groups, int slots, const std::vector<int>& order, std::string& error);

/// Lays the pools' groups of `layout` out on a `columns` x `rows` mesh, in the slots `order` gives.
ChipMap mapChip(int columns, int rows, const GroupLayout& layout, const std::vector<ChipPool>& pools,
                const std::vector<int>& order = {});

/// The slot (index into groupSlots) of the box holding `core`, or -1 outside every slot.
int slotAt(const ChipMap& map, Coord core);

/// The slot of every group of the map (in pool, pipeline, stage order) with the group at `from`
/// moved to slot `to`: the group there, if any, takes `from`'s place. The ParallelismSpec::groupSlots
/// that lays the map out so; unchanged when `from` is not a group or `to` is not a slot.
std::vector<int> movedGroupSlots(const ChipMap& map, int fromGroup, int toSlot);

/// How a re-placement changes the activations between two consecutive stages' groups, against the
/// default order (groups in order): the busiest link's share of the bytes and the longest route,
/// each as placed / default (1, 1 when both are the same).
BoundaryScale boundaryScale(const GroupLayout& layout, Coord placedFrom, Coord placedTo, Coord defaultFrom, Coord defaultTo);

struct Flow {
  Coord from, to;
  double bytes = 0;
};

/// Bytes and flows over one directed mesh link (neighbouring routers).
struct LinkLoad {
  Coord from, to;
  double bytes = 0;
  int flows = 0;
};

/// Every directed link some flow crosses, with its bytes and flows, in a stable order.
std::vector<LinkLoad> linkLoads(const std::vector<Flow>& flows);

/// The flows of one GEMM Y[m x n] = X[m x k] W[k x n] on every group of the chip under `par`'s
/// partition (the collectives of NpusimModel): K: the partial sums reduce-scattered (twice for
/// AllReduce) round the ring, or rows then columns of a mesh block; MN: the W blocks rotated;
/// MNK: row reductions and column rotations of the R x C grid. `bytes` per element.
std::vector<Flow> gemmFlows(const ChipMap& map, const ParallelismSpec& par, double m, double k, double n, double bytes);

/// Activations `m x hidden` from every stage's group to the next stage's (rank i to rank i).
std::vector<Flow> stageFlows(const ChipMap& map, double m, double hidden, double bytes);

/// The KV cache a prefill pool hands to the decode pool: `bytesPerStage` from every prefill
/// pipeline's stage to the same stage of a decode pipeline (round robin), rank i to rank i.
std::vector<Flow> kvHandoverFlows(const ChipMap& map, double bytesPerStage);

} // namespace llmwb::engine::npusim
