// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to core/dse: the built-in methods' factories and the helpers they share.

#include "core/dse/search_method.h"

#include <boost/random/sobol.hpp>

#include <random>
#include <set>

namespace llmwb::dse::detail {

std::unique_ptr<SearchMethod> makeExhaustive(const DesignProblem&, const MethodOptions&);
std::unique_ptr<SearchMethod> makeRandom(const DesignProblem&, const MethodOptions&);
std::unique_ptr<SearchMethod> makeSobol(const DesignProblem&, const MethodOptions&);
std::unique_ptr<SearchMethod> makeNsga2(const DesignProblem&, const MethodOptions&);
std::unique_ptr<SearchMethod> makeMobo(const DesignProblem&, const MethodOptions&);
std::unique_ptr<SearchMethod> makeMotpe(const DesignProblem&, const MethodOptions&);

/// Points already proposed, so no method spends its budget on a design twice.
class SeenPoints {
public:
  /// True when the point is new (and remembers it).
  bool insert(const DesignPoint& p) { return mSeen.insert(p.coordinates).second; }
  bool contains(const DesignPoint& p) const { return mSeen.count(p.coordinates) > 0; }
  std::size_t size() const { return mSeen.size(); }

private:
  std::set<std::vector<double>> mSeen;
};

/// The start random, nsga2 and mobo share (Fig. 6: "the same random initialization for the first
/// 20 steps"): the first Sobol points for the seed, each proposed once.
class SharedStart {
public:
  SharedStart(const DesignProblem& problem, std::uint64_t seed, std::size_t count);
  /// Start points not yet proposed and not in `seen` (at most `budgetLeft`), now remembered there.
  std::vector<DesignPoint> take(std::size_t budgetLeft, SeenPoints& seen);
  bool given() const { return mNext >= mPoints.size(); }

private:
  std::vector<DesignPoint> mPoints;
  std::size_t mNext = 0;
};

/// Boost's Sobol sequence over [0,1)^d, randomised by a seed: the first 1 + seed % 1021 points are
/// skipped (the origin among them) and every coordinate gets a digital shift (an XOR with a
/// random mask), which keeps the sequence's low discrepancy.
class SobolSampler {
public:
  SobolSampler(const DesignProblem& problem, std::uint64_t seed);
  DesignPoint next();

private:
  const DesignProblem& mProblem;
  boost::random::sobol mEngine;
  std::vector<std::uint64_t> mShift;
};

/// A uniformly drawn point of the space (canonical).
DesignPoint randomPoint(const DesignProblem& problem, std::mt19937_64& rng);

} // namespace llmwb::dse::detail
