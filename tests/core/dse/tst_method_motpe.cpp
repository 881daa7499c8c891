// SPDX-License-Identifier: GPL-3.0-or-later
// MO-TPE (Fig. 6's fourth method): seeded, never proposes a design twice, and learns — on the tiny
// decode space it finds more hypervolume than random search with the same start and budget.
#include "core/dse/exploration.h"
#include "core/io/space_io.h"
#include "tests/core/support/tiny_space.h"

#include <gtest/gtest.h>

#include <set>

using namespace llmwb;
using namespace llmwb::dse;

namespace {
const DesignProblem& tiny() { return test::tinySpace(); }

ExplorationResult run(const std::string& method, std::uint64_t seed, std::size_t budget) {
  ExplorationOptions o;
  o.method = method;
  o.methodOptions.seed = seed;
  o.methodOptions.budget = budget;
  o.methodOptions.initialPoints = 8;
  return explore(tiny(), o);
}

std::vector<std::vector<double>> coordinates(const ExplorationResult& r) {
  std::vector<std::vector<double>> out;
  for (const auto& p : r.points) out.push_back(p.point.coordinates);
  return out;
}
} // namespace

TEST(Motpe, IsRegisteredSeededAndNeverRepeatsADesign) {
  const auto a = run("motpe", 3, 24), b = run("motpe", 3, 24), c = run("motpe", 4, 24);
  EXPECT_EQ(coordinates(a), coordinates(b));
  EXPECT_NE(coordinates(a), coordinates(c));
  ASSERT_EQ(a.points.size(), 24u);
  std::set<std::vector<double>> distinct;
  for (const auto& p : a.points) distinct.insert(tiny().canonical(p.point).coordinates);
  EXPECT_EQ(distinct.size(), a.points.size());
}

TEST(Motpe, FindsMoreHypervolumeThanRandomSearch) {
  double motpe = 0, random = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    motpe += run("motpe", seed, 20).hypervolume;
    random += run("random", seed, 20).hypervolume;
  }
  EXPECT_GT(motpe, random) << "MO-TPE " << motpe / 8 << " against random " << random / 8;
}

TEST(Motpe, StopsWhenTheSpaceIsExhausted) {
  const auto r = run("motpe", 1, 1000);
  EXPECT_LE(r.points.size(), tiny().designCount());
  EXPECT_GE(r.points.size(), tiny().designCount() - 1);
}
