// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/npusim/chip_map.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <tuple>

namespace llmwb::engine::npusim {

int ChipMap::usedCores() const {
  return int(std::count_if(cores.begin(), cores.end(), [](const ChipCore& c) { return c.group >= 0; }));
}

std::vector<Coord> groupSlots(int columns, int rows, const GroupLayout& layout) {
  const int w = std::max(1, layout.width), h = std::max(1, layout.height);
  const int slotsX = std::max(0, columns) / w, slotsY = std::max(0, rows) / h;
  std::vector<Coord> slots;
  for (int sy = 0; sy < slotsY; ++sy)
    for (int i = 0; i < slotsX; ++i) slots.push_back({(sy % 2 ? slotsX - 1 - i : i) * w, sy * h});
  return slots;
}

std::vector<int> assignSlots(int groups, int slots, const std::vector<int>& order, std::string& error) {
  std::vector<int> out;
  std::vector<bool> taken(std::size_t(std::max(0, slots)), false);
  for (const int s : order) {
    if (s < 0 || s >= slots) {
      error = "slot " + std::to_string(s) + " is past the mesh's " + std::to_string(slots) + " group slots (0 to " +
              std::to_string(slots - 1) + ")";
      break;
    }
    if (taken[std::size_t(s)]) {
      error = "slot " + std::to_string(s) + " is given to two groups";
      break;
    }
    if (int(out.size()) == groups) {
      error = std::to_string(order.size()) + " slots for " + std::to_string(groups) + " groups";
      break;
    }
    taken[std::size_t(s)] = true;
    out.push_back(s);
  }
  if (!error.empty()) {
    out.clear();
    std::fill(taken.begin(), taken.end(), false);
  }
  for (int s = 0; s < slots && int(out.size()) < groups; ++s)
    if (!taken[std::size_t(s)]) out.push_back(s);
  return out;
}

int slotAt(const ChipMap& map, Coord core) {
  if (core.x < 0 || core.y < 0 || core.x >= map.columns || core.y >= map.rows) return -1;
  const auto slots = groupSlots(map.columns, map.rows, map.layout);
  const int w = std::max(1, map.layout.width), h = std::max(1, map.layout.height);
  const Coord origin{core.x / w * w, core.y / h * h};
  for (std::size_t i = 0; i < slots.size(); ++i)
    if (slots[i] == origin) return int(i);
  return -1;
}

std::vector<int> movedGroupSlots(const ChipMap& map, int fromGroup, int toSlot) {
  std::vector<int> slots;
  for (const auto& g : map.groups) slots.push_back(g.slot);
  const int count = int(groupSlots(map.columns, map.rows, map.layout).size());
  if (fromGroup < 0 || fromGroup >= int(slots.size()) || toSlot < 0 || toSlot >= count) return slots;
  const int fromSlot = slots[std::size_t(fromGroup)];
  for (auto& s : slots)
    if (s == toSlot) s = fromSlot; // the group there swaps places
  slots[std::size_t(fromGroup)] = toSlot;
  return slots;
}

namespace {
/// Busiest link's share of the activation bytes and the longest route from the group at `from`
/// to the group at `to`, rank i to rank i.
std::pair<double, int> boundaryRoute(const GroupLayout& layout, Coord from, Coord to) {
  std::vector<Flow> flows;
  const double share = 1.0 / double(std::max<std::size_t>(1, layout.position.size()));
  int hops = 0;
  for (const auto& p : layout.position) {
    const Coord a{from.x + p.x, from.y + p.y}, b{to.x + p.x, to.y + p.y};
    flows.push_back({a, b, share});
    hops = std::max(hops, std::abs(a.x - b.x) + std::abs(a.y - b.y));
  }
  double busiest = 0;
  for (const auto& l : linkLoads(flows)) busiest = std::max(busiest, l.bytes);
  return {busiest, hops};
}
} // namespace

BoundaryScale boundaryScale(const GroupLayout& layout, Coord placedFrom, Coord placedTo, Coord defaultFrom, Coord defaultTo) {
  const auto [placedShare, placedHops] = boundaryRoute(layout, placedFrom, placedTo);
  const auto [defaultShare, defaultHops] = boundaryRoute(layout, defaultFrom, defaultTo);
  BoundaryScale s;
  if (defaultShare > 0) s.bandwidth = placedShare / defaultShare;
  if (defaultHops > 0) s.hops = double(std::max(1, placedHops)) / double(defaultHops);
  return s;
}

ChipMap mapChip(int columns, int rows, const GroupLayout& layout, const std::vector<ChipPool>& pools,
                const std::vector<int>& order) {
  ChipMap map;
  map.columns = std::max(0, columns);
  map.rows = std::max(0, rows);
  map.layout = layout;
  map.pools = pools;
  map.cores.assign(std::size_t(map.columns * map.rows), ChipCore{});
  const int w = std::max(1, layout.width), h = std::max(1, layout.height);
  const auto slots = groupSlots(map.columns, map.rows, layout);
  int wanted = 0;
  for (const auto& p : pools) wanted += p.shape.pipelines * p.shape.pp;
  std::string orderError;
  const auto slotOf = assignSlots(wanted, int(slots.size()), order, orderError);
  std::size_t next = 0;
  for (std::size_t p = 0; p < pools.size(); ++p) {
    const auto& s = pools[p].shape;
    for (int pipe = 0; pipe < s.pipelines; ++pipe)
      for (int st = 0; st < s.pp; ++st) {
        if (next >= slotOf.size()) continue;
        const Coord origin = slots[std::size_t(slotOf[next++])];
        ChipGroup g{.pool = int(p), .pipeline = pipe, .stage = st, .slot = slotOf[next - 1], .position = {}};
        for (std::size_t r = 0; r < layout.position.size(); ++r) {
          const Coord c{origin.x + layout.position[r].x, origin.y + layout.position[r].y};
          g.position.push_back(c);
          map.cores[std::size_t(c.y * map.columns + c.x)] = {int(map.groups.size()), int(r)};
        }
        map.groups.push_back(std::move(g));
      }
  }
  if (!orderError.empty()) map.problem = orderError + " (/parallelism/group_slots); the groups are shown in order";
  if (int(map.groups.size()) < wanted) {
    map.problem = std::to_string(wanted) + " groups of " + std::to_string(w) + " x " + std::to_string(h) +
                  " cores do not fit the " + std::to_string(map.columns) + " x " + std::to_string(map.rows) +
                  " mesh as disjoint boxes; " + std::to_string(map.groups.size()) + " are shown";
  }
  return map;
}

std::vector<LinkLoad> linkLoads(const std::vector<Flow>& flows) {
  std::map<std::tuple<int, int, int, int>, LinkLoad> acc;
  for (const auto& f : flows) {
    if (f.from == f.to || f.bytes <= 0) continue;
    const auto path = xyRoute(f.from, f.to);
    for (std::size_t i = 1; i < path.size(); ++i) {
      auto& l = acc[{path[i - 1].x, path[i - 1].y, path[i].x, path[i].y}];
      l.from = path[i - 1];
      l.to = path[i];
      l.bytes += f.bytes;
      ++l.flows;
    }
  }
  std::vector<LinkLoad> out;
  out.reserve(acc.size());
  for (auto& [key, load] : acc) out.push_back(load);
  return out;
}

namespace {
/// Every rank of every ring sends `bytes` to its successor, `steps` times.
void ringFlows(const ChipGroup& g, const GroupLayout& layout, const RingSet& rings, double steps, double bytes,
               std::vector<Flow>& out) {
  if (steps <= 0 || bytes <= 0) return;
  // Rings are in the group's own frame: map each frame position to its rank, then to the chip.
  auto chip = [&](Coord local) {
    for (std::size_t r = 0; r < layout.position.size(); ++r)
      if (layout.position[r] == local) return g.position[r];
    return local;
  };
  for (const auto& ring : rings)
    if (ring.size() > 1)
      for (std::size_t i = 0; i < ring.size(); ++i)
        out.push_back({chip(ring[i]), chip(ring[(i + 1) % ring.size()]), steps * bytes});
}
} // namespace

std::vector<Flow> gemmFlows(const ChipMap& map, const ParallelismSpec& par, double m, double k, double n, double bytes) {
  std::vector<Flow> out;
  const auto& L = map.layout;
  const int p = L.tp;
  if (p <= 1) return out;
  const bool mesh = L.placement == CorePlacement::Mesh;
  for (const auto& g : map.groups) {
    switch (par.partition) {
    case TensorPartition::K: {
      const double total = m * n * bytes * reducePasses(par.reduce);
      if (mesh) {
        const int r = L.blockR, c = L.blockC;
        ringFlows(g, L, L.blockRows, c - 1, total / c, out);
        ringFlows(g, L, L.blockCols, r - 1, total / (double(c) * r), out);
      } else {
        ringFlows(g, L, L.ring, p - 1, total / p, out);
      }
      break;
    }
    case TensorPartition::MN: {
      const double block = k * n * bytes / p;
      if (mesh) {
        const int r = L.blockR, c = L.blockC;
        ringFlows(g, L, L.blockRows, c - 1, block, out);
        ringFlows(g, L, L.blockCols, r - 1, c * block, out);
      } else {
        ringFlows(g, L, L.ring, p - 1, block, out);
      }
      break;
    }
    case TensorPartition::MNK: {
      const auto grid = gridRings(L, NocLock::None);
      const double r = grid.r, c = grid.c;
      ringFlows(g, L, grid.rows, reducePasses(par.reduce) * r * (c - 1), (m / r) * (n / r) * bytes / c, out);
      ringFlows(g, L, grid.cols, r - 1, (k / c) * (n / r) * bytes, out);
      break;
    }
    }
  }
  return out;
}

std::vector<Flow> stageFlows(const ChipMap& map, double m, double hidden, double bytes) {
  std::vector<Flow> out;
  const double perRank = m * hidden * bytes / std::max(1, map.layout.tp);
  for (std::size_t i = 0; i + 1 < map.groups.size(); ++i) {
    const auto &a = map.groups[i], &b = map.groups[i + 1];
    if (a.pool != b.pool || a.pipeline != b.pipeline || b.stage != a.stage + 1) continue;
    for (std::size_t r = 0; r < a.position.size() && r < b.position.size(); ++r)
      out.push_back({a.position[r], b.position[r], perRank});
  }
  return out;
}

std::vector<Flow> kvHandoverFlows(const ChipMap& map, double bytesPerStage) {
  std::vector<Flow> out;
  int prefill = -1, decode = -1;
  for (std::size_t p = 0; p < map.pools.size(); ++p) {
    if (map.pools[p].role == DeviceRole::Prefill && prefill < 0) prefill = int(p);
    if (map.pools[p].role == DeviceRole::Decode && decode < 0) decode = int(p);
  }
  if (prefill < 0 || decode < 0) return out;
  const int decodePipes = std::max(1, map.pools[std::size_t(decode)].shape.pipelines);
  const double perRank = bytesPerStage / std::max(1, map.layout.tp);
  for (const auto& a : map.groups) {
    if (a.pool != prefill) continue;
    const int target = a.pipeline % decodePipes;
    for (const auto& b : map.groups)
      if (b.pool == decode && b.pipeline == target && b.stage == a.stage)
        for (std::size_t r = 0; r < a.position.size() && r < b.position.size(); ++r)
          out.push_back({a.position[r], b.position[r], perRank});
  }
  return out;
}

} // namespace llmwb::engine::npusim
