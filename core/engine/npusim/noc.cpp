// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/npusim/noc.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace llmwb::engine::npusim {

std::vector<Coord> xyRoute(Coord a, Coord b) {
  std::vector<Coord> path{a};
  while (a.x != b.x) {
    a.x += b.x > a.x ? 1 : -1;
    path.push_back(a);
  }
  while (a.y != b.y) {
    a.y += b.y > a.y ? 1 : -1;
    path.push_back(a);
  }
  return path;
}

namespace {
using Resource = std::tuple<int, int, int, int>;

std::set<Resource> resources(const std::vector<Coord>& path, NocLock lock) {
  std::set<Resource> out;
  if (lock == NocLock::Router) {
    for (const auto& c : path) out.insert({c.x, c.y, -1, -1});
    return out;
  }
  for (std::size_t i = 1; i < path.size(); ++i) {
    Coord a = path[i - 1], b = path[i];
    if (lock == NocLock::HalfDuplex && std::tie(b.x, b.y) < std::tie(a.x, a.y)) std::swap(a, b);
    out.insert({a.x, a.y, b.x, b.y});
  }
  return out;
}

RingSet rowsOf(const std::vector<Coord>& pos, int r, int c, bool alongRows) {
  RingSet out;
  if (alongRows)
    for (int i = 0; i < r; ++i) {
      std::vector<Coord> ring;
      for (int j = 0; j < c; ++j) ring.push_back(pos[std::size_t(i * c + j)]);
      out.push_back(ring);
    }
  else
    for (int j = 0; j < c; ++j) {
      std::vector<Coord> ring;
      for (int i = 0; i < r; ++i) ring.push_back(pos[std::size_t(i * c + j)]);
      out.push_back(ring);
    }
  return out;
}

int largestDivisorAtMostRoot(int p) {
  int best = 1;
  for (int d = 1; d * d <= p; ++d)
    if (p % d == 0) best = d;
  return best;
}
} // namespace

StepShape ringStep(const RingSet& rings, NocLock lock) {
  std::vector<std::vector<Coord>> paths;
  for (const auto& ring : rings)
    if (ring.size() > 1)
      for (std::size_t i = 0; i < ring.size(); ++i) paths.push_back(xyRoute(ring[i], ring[(i + 1) % ring.size()]));
  StepShape s;
  if (paths.empty()) return s;
  for (const auto& p : paths) s.maxHops = std::max(s.maxHops, int(p.size()) - 1);
  if (lock == NocLock::None) {
    std::map<Resource, int> load;
    for (const auto& p : paths)
      for (const auto& r : resources(p, NocLock::Link)) s.rounds = std::max(s.rounds, ++load[r]);
    s.rounds = std::max(s.rounds, 1);
    return s;
  }
  std::vector<std::set<Resource>> held;
  for (const auto& p : paths) held.push_back(resources(p, lock));
  std::vector<std::size_t> pending(paths.size());
  for (std::size_t i = 0; i < pending.size(); ++i) pending[i] = i;
  while (!pending.empty()) {
    std::set<Resource> busy;
    std::vector<std::size_t> waiting;
    for (auto f : pending) {
      const bool free = std::none_of(held[f].begin(), held[f].end(), [&](const Resource& r) { return busy.count(r) > 0; });
      if (free) busy.insert(held[f].begin(), held[f].end());
      else waiting.push_back(f);
    }
    pending = std::move(waiting);
    ++s.rounds;
  }
  return s;
}

std::vector<int> interleavedPositions(int p) {
  // Ring order on the line: 1, 2, P, 3, P-1, 4, ... (ranks from 0 here).
  std::vector<int> order;
  if (p >= 1) order.push_back(0);
  if (p >= 2) order.push_back(1);
  int lo = 2, hi = p - 1;
  while (int(order.size()) < p) {
    order.push_back(hi--);
    if (int(order.size()) < p) order.push_back(lo++);
  }
  std::vector<int> pos(std::size_t(p), 0);
  for (int i = 0; i < p; ++i) pos[std::size_t(order[std::size_t(i)])] = i;
  return pos;
}

GroupLayout layoutGroup(int tp, CorePlacement placement, int columns, int rows, NocLock lock, std::string& error) {
  GroupLayout g;
  g.tp = tp;
  g.placement = placement;
  error.clear();
  if (tp == 1) {
    g.position = {{0, 0}};
    return g;
  }
  switch (placement) {
  case CorePlacement::LinearSeq:
  case CorePlacement::LinearInterleave: {
    if (tp > columns) {
      error = "a linear placement of " + std::to_string(tp) + " cores needs a mesh row that long; the mesh has " +
              std::to_string(columns) + " columns";
      return g;
    }
    const auto inter = interleavedPositions(tp);
    for (int r = 0; r < tp; ++r)
      g.position.push_back({placement == CorePlacement::LinearSeq ? r : inter[std::size_t(r)], 0});
    g.width = tp;
    g.boundaryLinks = tp;
    g.ring = {g.position};
    break;
  }
  case CorePlacement::Ring: {
    if (tp % 2 || tp / 2 > columns || rows < 2) {
      error = "a ring placement needs an even group (2 x TP/2 cores) whose half fits a mesh row; TP " + std::to_string(tp) +
              " on " + std::to_string(columns) + " x " + std::to_string(rows);
      return g;
    }
    const int half = tp / 2;
    for (int i = 0; i < half; ++i) g.position.push_back({i, 0});
    for (int i = half - 1; i >= 0; --i) g.position.push_back({i, 1});
    g.width = half;
    g.height = 2;
    g.boundaryLinks = half; // two of the group's four sides face its own other row
    g.ring = {g.position};
    break;
  }
  case CorePlacement::Mesh: {
    const int r = largestDivisorAtMostRoot(tp), c = tp / r;
    if (c > columns || r > rows) {
      error = "a mesh placement of " + std::to_string(r) + " x " + std::to_string(c) + " cores does not fit the " +
              std::to_string(columns) + " x " + std::to_string(rows) + " mesh";
      return g;
    }
    const auto px = interleavedPositions(c), py = interleavedPositions(r);
    for (int i = 0; i < r; ++i)
      for (int j = 0; j < c; ++j) g.position.push_back({px[std::size_t(j)], py[std::size_t(i)]});
    g.width = c;
    g.height = r;
    g.blockR = r;
    g.blockC = c;
    g.boundaryLinks = std::min(r, c);
    g.blockRows = rowsOf(g.position, r, c, true);
    g.blockCols = rowsOf(g.position, r, c, false);
    break;
  }
  }
  g.ringShape = ringStep(g.ring, lock);
  g.rowShape = ringStep(g.blockRows, lock);
  g.colShape = ringStep(g.blockCols, lock);
  return g;
}

GridRings gridRings(const GroupLayout& layout, NocLock lock) {
  GridRings g;
  const int p = layout.tp;
  g.r = layout.placement == CorePlacement::Mesh ? layout.blockR : largestDivisorAtMostRoot(p);
  g.c = p / g.r;
  g.rows = rowsOf(layout.position, g.r, g.c, true);
  g.cols = rowsOf(layout.position, g.r, g.c, false);
  g.rowShape = ringStep(g.rows, lock);
  g.colShape = ringStep(g.cols, lock);
  return g;
}

double stepSeconds(const NpusimComputeSpec& core, StepShape shape, double bytes) {
  if (shape.rounds == 0 || bytes <= 0) return 0;
  // Per round: the handshake sets the path up (2 cycles per hop), the head crosses it (hop cycles
  // per hop), then the payload at the link bandwidth (spec B.4), once per pass through the cores'
  // NoC interfaces (noc_payload_passes: the artefact receives, computes, then sends each step).
  const double setup = (2.0 + core.hopCycles) * shape.maxHops / core.frequencyHz();
  return shape.rounds * (setup + core.nocPayloadPasses * bytes / core.nocBandwidth());
}

std::shared_ptr<const GroupMapping> groupMapping(int tp, CorePlacement placement, int columns, int rows, NocLock lock) {
  struct Entry {
    int tp, columns, rows;
    CorePlacement placement;
    NocLock lock;
    std::shared_ptr<const GroupMapping> mapping;
  };
  thread_local std::vector<Entry> cache;
  for (const auto& e : cache)
    if (e.tp == tp && e.columns == columns && e.rows == rows && e.placement == placement && e.lock == lock) return e.mapping;
  auto mapping = std::make_shared<GroupMapping>();
  mapping->layout = layoutGroup(tp, placement, columns, rows, lock, mapping->error);
  if (mapping->error.empty()) mapping->grid = gridRings(mapping->layout, lock);
  constexpr std::size_t kMaxEntries = 32;
  if (cache.size() >= kMaxEntries) cache.clear();
  cache.push_back({tp, columns, rows, placement, lock, mapping});
  return mapping;
}

} // namespace llmwb::engine::npusim
