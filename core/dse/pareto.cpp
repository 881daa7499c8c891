// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dse/pareto.h"

#include <pagmo/utils/hypervolume.hpp>
#include <pagmo/utils/multi_objective.hpp>

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace llmwb::dse {

namespace {
void checkDimensions(const std::vector<ObjectiveVector>& points) {
  for (const auto& p : points)
    if (p.size() != points.front().size()) throw std::invalid_argument("objective vectors of different dimension");
}

bool dominates(const ObjectiveVector& a, const ObjectiveVector& b) {
  bool better = false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a[k] > b[k]) return false;
    better = better || a[k] < b[k];
  }
  return better;
}

/// The first front of any dimension in O(N log N + N F M) (F: the front's size), where pagmo's
/// fast non-dominated sorting compares every pair (O(M N^2): a third of a second at 10,000
/// points). In lexicographic order a point's dominators all come before it, and one of them is
/// on the front, so each point is compared with the front found so far only.
std::vector<std::size_t> sortedFront(const std::vector<ObjectiveVector>& points) {
  std::vector<std::size_t> order(points.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return points[a] < points[b]; });
  std::vector<std::size_t> front;
  for (auto i : order)
    if (std::none_of(front.begin(), front.end(), [&](std::size_t f) { return dominates(points[f], points[i]); })) front.push_back(i);
  return front;
}
} // namespace

std::vector<std::size_t> nonDominated(const std::vector<ObjectiveVector>& points) {
  if (points.size() < 2) return points.empty() ? std::vector<std::size_t>{} : std::vector<std::size_t>{0};
  checkDimensions(points);
  std::vector<std::size_t> front;
  if (points.front().size() == 2) {
    for (auto i : pagmo::non_dominated_front_2d(points)) front.push_back(std::size_t(i));
  } else if (points.front().size() == 1) {
    const double best = std::min_element(points.begin(), points.end())->front();
    for (std::size_t i = 0; i < points.size(); ++i)
      if (points[i].front() == best) front.push_back(i);
  } else {
    front = sortedFront(points);
  }
  std::sort(front.begin(), front.end());
  return front;
}

std::vector<std::vector<std::size_t>> nonDominatedFronts(const std::vector<ObjectiveVector>& points) {
  if (points.size() < 2) return points.empty() ? std::vector<std::vector<std::size_t>>{} : std::vector<std::vector<std::size_t>>{{0}};
  checkDimensions(points);
  std::vector<std::vector<std::size_t>> fronts;
  const auto sorted = pagmo::fast_non_dominated_sorting(points);
  for (const auto& f : std::get<0>(sorted)) {
    fronts.emplace_back(f.begin(), f.end());
    std::sort(fronts.back().begin(), fronts.back().end());
  }
  return fronts;
}

double hypervolume(const std::vector<ObjectiveVector>& points, const ObjectiveVector& reference) {
  std::vector<ObjectiveVector> inside;
  for (const auto& p : points) {
    if (p.size() != reference.size()) throw std::invalid_argument("objective vector and reference point differ in dimension");
    bool better = true;
    for (std::size_t k = 0; k < p.size(); ++k) better = better && p[k] < reference[k];
    if (better) inside.push_back(p);
  }
  if (inside.empty()) return 0.0;
  if (reference.size() == 1) return reference[0] - std::min_element(inside.begin(), inside.end())->front();
  // pagmo's algorithms want the non-dominated set; dominated points add no volume anyway.
  std::vector<ObjectiveVector> front;
  for (auto i : nonDominated(inside)) front.push_back(inside[i]);
  return pagmo::hypervolume(front, true).compute(reference);
}

} // namespace llmwb::dse
