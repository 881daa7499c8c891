// SPDX-License-Identifier: GPL-3.0-or-later
// The methods whose proposals do not depend on results: exhaustive (every design of the grid or
// of the shard [gridBegin, gridEnd), in index order), random and Sobol.
#include "core/dse/methods.h"

#include <algorithm>
#include <stdexcept>

namespace llmwb::dse::detail {

namespace {
constexpr std::size_t kBatch = 256;

class Exhaustive final : public SearchMethod {
public:
  Exhaustive(const DesignProblem& problem, const MethodOptions& options) : mProblem(problem) {
    if (!problem.discrete()) throw std::invalid_argument("an exhaustive sweep needs every parameter to be discrete");
    mNext = options.gridBegin;
    mEnd = options.gridEnd > options.gridBegin ? std::min(options.gridEnd, problem.gridSize()) : problem.gridSize();
    // The whole grid: its canonical designs; a shard: its grid range (an upper bound).
    const bool whole = mNext == 0 && mEnd == problem.gridSize();
    mSize = whole ? std::size_t(problem.designCount()) : mEnd > mNext ? std::size_t(mEnd - mNext) : 0;
  }

  std::optional<std::size_t> designsAtMost() const override { return mSize; }

  std::vector<DesignPoint> next(std::size_t budgetLeft) override {
    std::vector<DesignPoint> batch;
    const std::size_t size = std::min<std::size_t>(budgetLeft, kGridBatch);
    for (; mNext < mEnd && batch.size() < size; ++mNext)
      if (mProblem.isCanonical(mNext)) batch.push_back(mProblem.pointAt(mNext));
    return batch;
  }

  void tell(const std::vector<PointResult>&) override {}

private:
  static constexpr std::size_t kGridBatch = 4096;
  const DesignProblem& mProblem;
  std::uint64_t mNext = 0, mEnd = 0;
  std::size_t mSize = 0;
};

class RandomSearch final : public SearchMethod {
public:
  RandomSearch(const DesignProblem& problem, const MethodOptions& options)
      : mProblem(problem), mRng(options.seed), mStart(problem, options.seed, std::min(options.initialPoints, options.budget)) {}

  std::vector<DesignPoint> next(std::size_t budgetLeft) override {
    auto batch = mStart.take(budgetLeft, mSeen);
    if (!batch.empty()) return batch;
    // Proposals do not depend on results, so they go out in batches the threads can share.
    for (int tries = 0; tries < 100000 && batch.size() < std::min(budgetLeft, kBatch); ++tries) {
      auto p = randomPoint(mProblem, mRng);
      if (mSeen.insert(p)) batch.push_back(std::move(p));
    }
    return batch;
  }

  void tell(const std::vector<PointResult>&) override {}

private:
  const DesignProblem& mProblem;
  std::mt19937_64 mRng;
  SharedStart mStart;
  SeenPoints mSeen;
};

class SobolSearch final : public SearchMethod {
public:
  SobolSearch(const DesignProblem& problem, const MethodOptions& options) : mSampler(problem, options.seed) {}

  std::vector<DesignPoint> next(std::size_t budgetLeft) override {
    std::vector<DesignPoint> batch;
    for (int tries = 0; tries < 100000 && batch.size() < std::min(budgetLeft, kBatch); ++tries) {
      auto p = mSampler.next();
      if (mSeen.insert(p)) batch.push_back(std::move(p));
    }
    return batch;
  }

  void tell(const std::vector<PointResult>&) override {}

private:
  SobolSampler mSampler;
  SeenPoints mSeen;
};
} // namespace

std::unique_ptr<SearchMethod> makeExhaustive(const DesignProblem& p, const MethodOptions& o) { return std::make_unique<Exhaustive>(p, o); }
std::unique_ptr<SearchMethod> makeRandom(const DesignProblem& p, const MethodOptions& o) { return std::make_unique<RandomSearch>(p, o); }
std::unique_ptr<SearchMethod> makeSobol(const DesignProblem& p, const MethodOptions& o) { return std::make_unique<SobolSearch>(p, o); }

} // namespace llmwb::dse::detail
