// SPDX-License-Identifier: GPL-3.0-or-later
// Pareto filtering and hypervolume (core/dse/pareto.h, over pagmo2) on small exact cases.
#include "core/dse/pareto.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

using namespace llmwb::dse;

TEST(Pareto, NonDominatedTwoObjectives) {
  // pagmo's own example (tests/multi_objective.cpp): fronts {0..5}, {6, 7, 8}, {9, 10}.
  const std::vector<ObjectiveVector> points = {{0, 7}, {1, 5}, {2, 3}, {4, 2}, {7, 1}, {10, 0}, {2, 6}, {4, 4}, {10, 2}, {6, 6}, {9, 5}};
  EXPECT_EQ(nonDominated(points), (std::vector<std::size_t>{0, 1, 2, 3, 4, 5}));
  const auto fronts = nonDominatedFronts(points);
  ASSERT_EQ(fronts.size(), 3u);
  EXPECT_EQ(fronts[1], (std::vector<std::size_t>{6, 7, 8}));
  EXPECT_EQ(fronts[2], (std::vector<std::size_t>{9, 10}));
}

TEST(Pareto, NonDominatedThreeObjectivesAndEdgeCases) {
  const std::vector<ObjectiveVector> points = {{1, 2, 3}, {2, 1, 3}, {2, 2, 2}, {3, 3, 3}, {1, 2, 3}};
  EXPECT_EQ(nonDominated(points), (std::vector<std::size_t>{0, 1, 2, 4})); // equal points are both kept
  EXPECT_TRUE(nonDominated({}).empty());
  EXPECT_EQ(nonDominated({{5, 5}}), (std::vector<std::size_t>{0}));
  EXPECT_THROW(nonDominated({{1, 2}, {1, 2, 3}}), std::invalid_argument);
}

TEST(Pareto, NonDominatedMatchesPagmosFirstFrontInFourObjectives) {
  // The lexicographic front finder against pagmo's pairwise sorting, with repeated values so
  // equal and weakly dominated points occur.
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> value(0, 5);
  for (int round = 0; round < 20; ++round) {
    std::vector<ObjectiveVector> points(200);
    for (auto& p : points) p = {double(value(rng)), double(value(rng)), double(value(rng)), double(value(rng))};
    EXPECT_EQ(nonDominated(points), nonDominatedFronts(points).front()) << "round " << round;
  }
}

TEST(Hypervolume, StaircaseInTwoDimensions) {
  // Five points on a line, reference (6, 6): 5 + 4 + 3 + 2 + 1 = 15 unit squares.
  const std::vector<ObjectiveVector> points = {{1, 5}, {2, 4}, {3, 3}, {4, 2}, {5, 1}};
  EXPECT_DOUBLE_EQ(hypervolume(points, {6, 6}), 15.0);
  // A dominated point and a point beyond the reference change nothing.
  auto more = points;
  more.push_back({4, 4});
  more.push_back({0.5, 7});
  EXPECT_DOUBLE_EQ(hypervolume(more, {6, 6}), 15.0);
  EXPECT_DOUBLE_EQ(hypervolume({}, {6, 6}), 0.0);
  EXPECT_DOUBLE_EQ(hypervolume({{6, 1}}, {6, 6}), 0.0); // on the reference's edge: no volume
}

TEST(Hypervolume, BoxesInThreeDimensions) {
  // Two boxes of 2x2x1 and 1x1x2 against reference (2, 2, 2) that overlap in 1x1x1: 4 + 2 - 1 = 5.
  EXPECT_DOUBLE_EQ(hypervolume({{0, 0, 1}, {1, 1, 0}}, {2, 2, 2}), 5.0);
  EXPECT_DOUBLE_EQ(hypervolume({{0, 0, 0}}, {1, 2, 3}), 6.0);
}

TEST(Hypervolume, OneObjective) { EXPECT_DOUBLE_EQ(hypervolume({{3}, {1}, {2}}, {5}), 4.0); }
