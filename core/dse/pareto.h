// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Pareto filtering and hypervolume: thin wrappers over pagmo2 (non_dominated_front_2d,
// fast_non_dominated_sorting, pagmo::hypervolume). Minimisation is assumed throughout; a space
// turns maximised objectives round with DesignProblem::minimised().

#include <cstddef>
#include <vector>

namespace llmwb::dse {

using ObjectiveVector = std::vector<double>;

/// Indices of the points no other point dominates, ascending. Equal points are all kept.
/// Throws std::invalid_argument when the points differ in dimension.
std::vector<std::size_t> nonDominated(const std::vector<ObjectiveVector>& points);

/// Non-dominated fronts, best first (pagmo's fast non-dominated sorting); each front ascending.
std::vector<std::vector<std::size_t>> nonDominatedFronts(const std::vector<ObjectiveVector>& points);

/// Volume dominated by the points and bounded by `reference` (Eq. 7 of seed 000). Points that are
/// not strictly better than the reference in every objective add nothing (they are left out
/// before pagmo, which rejects them).
double hypervolume(const std::vector<ObjectiveVector>& points, const ObjectiveVector& reference);

} // namespace llmwb::dse
