// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving/pool.h"

#include "core/engine/engine_registry.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <limits>
#include <stdexcept>

namespace llmwb::serving {

namespace {

constexpr long long kNever = std::numeric_limits<long long>::max();

/// A sequence in the running batch.
struct Slot {
  int arrival = 0;           ///< index into the pool's arrivals
  double context = 0;        ///< tokens in its cache
  long long prefillLeft = 0; ///< prompt (or recompute) tokens still to process
  long long chunk = 0;       ///< of those, the ones in the current step
  long long toGenerate = 0;  ///< tokens still to produce
  double reserved = 0;       ///< bytes of cache it holds
  bool done = false;         ///< leaves the pool at the end of the current step
};

/// The event loop of one pool; the state lives here so the steps are small functions.
class PoolRun {
public:
  PoolRun(const std::vector<PoolArrival>& arrivals, const PoolPolicy& policy, const StepCost& cost,
          const engine::MemoryBudget& memory, KvTracker* tracker, ServingRun& run, PoolReport& report,
          const std::function<bool(double)>& progress)
      : mArrivals(arrivals), mPolicy(policy), mCost(cost), mTracker(tracker), mRun(run), mReport(report), mProgress(progress),
        mOutcomes(arrivals.size()), mProduced(arrivals.size(), 0), mLastToken(arrivals.size(), -1.0) {
    mCapacity = memory.cacheCapacity().value();
    mPerToken = memory.cachePerToken.value();
    mPerSequence = memory.statePerSequence.value();
    for (std::size_t i = 0; i < arrivals.size(); ++i)
      if (arrivals[i].prefilled) {
        mProduced[i] = std::max(1LL, arrivals[i].produced); // the first token at least came with it
        mLastToken[i] = arrivals[i].lastToken >= 0 ? arrivals[i].lastToken : arrivals[i].time;
      }
  }

  std::vector<PoolOutcome> serve();

private:
  double need(int a) const;
  void admit();
  void sample();
  void sampleArrivalsDuring(double end);
  bool preemptFor(double growth);
  void prefillStep();
  void mixedStep();
  void decodeRun();
  void emitToken(Slot& s);
  void finishPrefill(Slot& s, double stepTime);
  void retire();
  void account(const StepCostValue& c, bool prefillWork);
  bool trackerAdmits(int a);
  PoolReport::Sample state(double time, int queued) const;

  const std::vector<PoolArrival>& mArrivals;
  const PoolPolicy& mPolicy;
  const StepCost& mCost;
  KvTracker* mTracker; ///< may be null
  ServingRun& mRun;
  PoolReport& mReport;
  const std::function<bool(double)>& mProgress;

  std::vector<PoolOutcome> mOutcomes;
  std::vector<long long> mProduced; ///< tokens generated so far, per arrival
  std::vector<double> mLastToken;   ///< time of its last token (-1: none)
  std::deque<int> mQueue;
  std::vector<Slot> mSlots;         ///< in admission order
  std::size_t mNext = 0;            ///< next arrival not yet queued
  double mNow = 0;
  double mUsed = 0, mCapacity = 0, mPerToken = 0, mPerSequence = 0;
  std::size_t mFinished = 0;
  bool mOutgrowWarned = false;
  int mUnreserved = 0; ///< admissions the tracker found no room for
};

bool PoolRun::trackerAdmits(int a) {
  if (!mTracker) return true;
  const auto& r = mArrivals[std::size_t(a)];
  // A prefill pool's requests leave with their prompt's cache; elsewhere the buffer holds the whole context.
  const long long maxTokens = r.inputTokens + (mPolicy.leaveAfterPrefill ? 0 : r.outputTokens);
  if (mTracker->admit(a, maxTokens)) return true;
  if (mPolicy.kvTrackerGates && !mSlots.empty()) return false; // waits for a buffer to be freed
  // Admitted by the pool's byte budget without a buffer of its own (or, gating, alone and still
  // too long for the ring): its spilled tokens are counted, its reservation is not.
  ++mUnreserved;
  return true;
}

PoolReport::Sample PoolRun::state(double time, int queued) const {
  const double kv = mCapacity > 0 ? std::min(1.0, mUsed / mCapacity) : 0.0;
  const auto tiers = mTracker ? mTracker->occupancy() : TieredKvOccupancy{};
  return {time, queued, int(mSlots.size()), kv, tiers.sram, tiers.hbm, tiers.hbmSpilled};
}

namespace {
std::string gib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g GiB", bytes / double(1ull << 30));
  return text;
}
} // namespace

double PoolRun::need(int a) const {
  const auto& r = mArrivals[std::size_t(a)];
  const double tokens = mPolicy.memory == MemoryPolicy::Wait ? double(r.inputTokens + r.outputTokens)
                                                             : double(r.inputTokens + mProduced[std::size_t(a)]);
  return mPerSequence + mPerToken * tokens;
}

void PoolRun::admit() {
  const bool mayAdmit = mPolicy.refill || mSlots.empty();
  while (mayAdmit && !mQueue.empty() && (mPolicy.maxBatch <= 0 || int(mSlots.size()) < mPolicy.maxBatch)) {
    const int a = mQueue.front();
    const double bytes = need(a);
    if (bytes > mCapacity) {
      if (!mSlots.empty()) break;
      // Not even alone: it can never be served here.
      mQueue.pop_front();
      if (mRun.neverFit++ == 0) {
        const auto& r = mArrivals[std::size_t(a)];
        mRun.firstNeverFit = "request " + std::to_string(r.request) + " (" + std::to_string(r.inputTokens) + " input + " +
                             std::to_string(r.outputTokens) + " output tokens) needs " + gib(bytes) + " of KV cache; the " +
                             mReport.name + " pool holds " + gib(mCapacity);
      }
      mRun.warnings.push_back("request " + std::to_string(mArrivals[std::size_t(a)].request) + " (" +
                              std::to_string(mArrivals[std::size_t(a)].inputTokens) + " input tokens) does not fit the " +
                              mReport.name + " pool's KV cache and was dropped");
      ++mFinished;
      continue;
    }
    if (mUsed + bytes > mCapacity) break;
    if (!trackerAdmits(a)) break;
    mQueue.pop_front();
    const auto& r = mArrivals[std::size_t(a)];
    Slot s;
    s.arrival = a;
    s.reserved = bytes;
    const long long produced = mProduced[std::size_t(a)];
    if (r.prefilled && mOutcomes[std::size_t(a)].preemptions == 0) {
      // The prompt's cache came with it, and that of every token it generated but the last.
      const long long cached = r.inputTokens + produced - 1;
      s.context = double(cached);
      s.toGenerate = r.outputTokens - produced;
      if (mTracker) mTracker->append(a, cached);
    } else {
      // A fresh prompt, or a preempted sequence recomputing its prompt and what it generated.
      s.prefillLeft = r.inputTokens + produced;
      s.toGenerate = r.outputTokens - produced;
    }
    mUsed += bytes;
    mSlots.push_back(s);
  }
}

void PoolRun::sample() {
  const auto now = state(mNow, int(mQueue.size()));
  auto& samples = mReport.samples;
  if (!samples.empty()) {
    const auto& last = samples.back();
    if (last.queued == now.queued && last.running == now.running && std::abs(last.kvOccupancy - now.kvOccupancy) < 0.005 &&
        std::abs(last.sramKv - now.sramKv) < 0.005 && std::abs(last.hbmKv - now.hbmKv) < 0.005 &&
        std::abs(last.hbmKvSpilled - now.hbmKvSpilled) < 0.005)
      return;
    if (last.time == mNow) samples.pop_back();
  }
  samples.push_back(now);
}

void PoolRun::sampleArrivalsDuring(double end) {
  // Arrivals inside a step change the queue, not the batch: one sample each, so the timeline's
  // queue is exact between events.
  // The batch and its caches stay as they are: the state is read once, only time and queue move.
  auto s = state(mNow, int(mQueue.size()));
  for (std::size_t i = mNext; i < mArrivals.size() && mArrivals[i].time <= end; ++i) {
    s.time = mArrivals[i].time;
    ++s.queued;
    mReport.samples.push_back(s);
  }
}

bool PoolRun::preemptFor(double growth) {
  // Preempt policy: when the next step's cache growth does not fit, the latest admitted sequence
  // gives its cache back and waits at the front of the queue (vLLM's recompute preemption).
  if (mPolicy.memory != MemoryPolicy::Preempt || mUsed + growth <= mCapacity) return false;
  if (mSlots.size() <= 1) {
    if (!mOutgrowWarned)
      mRun.warnings.push_back("a sequence outgrows the " + mReport.name + " pool's KV cache on its own; it is kept");
    mOutgrowWarned = true;
    return false;
  }
  const Slot s = mSlots.back();
  mSlots.pop_back();
  mUsed -= s.reserved;
  if (mTracker) mTracker->release(s.arrival);
  ++mOutcomes[std::size_t(s.arrival)].preemptions;
  mQueue.push_front(s.arrival);
  return true;
}

void PoolRun::account(const StepCostValue& c, bool prefillWork) {
  mNow += c.time;
  mReport.busyTime += c.time;
  mReport.busyEnergy += c.energy;
  (prefillWork ? mReport.prefillBusy : mReport.decodeBusy) += c.time;
}

void PoolRun::emitToken(Slot& s) {
  const auto a = std::size_t(s.arrival);
  if (mLastToken[a] >= 0) mRun.gaps.add(mNow - mLastToken[a]);
  if (mOutcomes[a].firstToken < 0) mOutcomes[a].firstToken = mNow;
  mLastToken[a] = mNow;
  ++mProduced[a];
  if (--s.toGenerate <= 0) s.done = true;
}

void PoolRun::finishPrefill(Slot& s, double stepTime) {
  if (mTracker) mTracker->append(s.arrival, s.chunk);
  s.context += double(s.chunk);
  s.prefillLeft -= s.chunk;
  s.chunk = 0;
  if (s.prefillLeft > 0) return;
  mOutcomes[std::size_t(s.arrival)].prefillStep = stepTime;
  if (mPolicy.leaveAfterPrefill) {
    auto& o = mOutcomes[std::size_t(s.arrival)];
    o.firstToken = mNow;
    s.done = true;
    return;
  }
  emitToken(s);
}

void PoolRun::prefillStep() {
  // Prefills first, batched together; the running decodes wait (vLLM's default schedule).
  double sequences = 0, tokens = 0;
  for (auto& s : mSlots)
    if (s.prefillLeft > 0) {
      s.chunk = s.prefillLeft;
      sequences += 1;
      tokens += double(s.chunk);
    }
  const auto c = mCost.mixed(sequences, tokens / sequences, 0);
  sampleArrivalsDuring(mNow + c.time);
  account(c, true);
  ++mReport.steps;
  for (auto& s : mSlots)
    if (s.chunk > 0) finishPrefill(s, c.time);
}

void PoolRun::mixedStep() {
  // Decodes first, then prompt chunks in admission order under the token budget (Sarathi); at
  // least a quarter of the budget goes to prompts so none starves behind a large batch.
  long long decodes = 0;
  for (const auto& s : mSlots)
    if (s.prefillLeft == 0) ++decodes;
  if (preemptFor(double(decodes) * mPerToken)) return;
  const long long budget = mPolicy.tokenBudget > 0 ? mPolicy.tokenBudget : kNever;
  long long left = budget == kNever ? kNever : std::max(budget - decodes, std::max(1LL, budget / 4));
  double sequences = 0, tokens = 0, weightedContext = 0;
  for (auto& s : mSlots) {
    if (s.prefillLeft == 0) {
      sequences += 1;
      tokens += 1;
      weightedContext += s.context;
    } else if (left > 0) {
      s.chunk = std::min(s.prefillLeft, left);
      left -= s.chunk;
      sequences += 1;
      tokens += double(s.chunk);
      weightedContext += double(s.chunk) * s.context;
    }
  }
  const auto c = mCost.mixed(sequences, tokens / sequences, weightedContext / tokens);
  sampleArrivalsDuring(mNow + c.time);
  account(c, true);
  ++mReport.steps;
  for (auto& s : mSlots) {
    if (s.prefillLeft == 0) {
      s.context += 1;
      if (mTracker) mTracker->append(s.arrival, 1);
      if (mPolicy.memory == MemoryPolicy::Preempt) {
        s.reserved += mPerToken;
        mUsed += mPerToken;
      }
      emitToken(s);
    } else if (s.chunk > 0) {
      finishPrefill(s, c.time);
    }
  }
}

void PoolRun::decodeRun() {
  // Every sequence decodes: the batch stays as it is until a sequence finishes, an arrival can
  // join, or (Preempt) the cache fills, so the steps up to then are one closed-form run.
  const double batch = double(mSlots.size());
  double context = 0;
  long long steps = kNever;
  for (const auto& s : mSlots) {
    context += s.context;
    steps = std::min(steps, s.toGenerate);
  }
  context /= batch;
  if (mPolicy.memory == MemoryPolicy::Preempt && mPerToken > 0 && !(mSlots.size() <= 1)) {
    const long long fits = static_cast<long long>(std::floor((mCapacity - mUsed) / (batch * mPerToken)));
    if (fits < 1) {
      preemptFor(batch * mPerToken);
      return;
    }
    steps = std::min(steps, fits);
  }
  const bool canJoin = mPolicy.refill && mQueue.empty() && mNext < mArrivals.size() &&
                       (mPolicy.maxBatch <= 0 || int(mSlots.size()) < mPolicy.maxBatch);
  if (canJoin) steps = mCost.stepsToReach(batch, context, mArrivals[mNext].time - mNow, steps);

  const auto run = mCost.decodeRun(batch, context, steps);
  const double first = mCost.decode(batch, context).time;
  for (const auto& s : mSlots) mRun.gaps.add(mNow + first - mLastToken[std::size_t(s.arrival)]);
  if (steps > 1)
    mRun.gaps.addRange(mCost.decode(batch, context + 1).time, mCost.decode(batch, context + double(steps - 1)).time,
                       batch * double(steps - 1), batch * (run.time - first));
  sampleArrivalsDuring(mNow + run.time);
  account(run, false);
  mReport.decodeTokens += batch * double(steps);
  mReport.steps += steps;
  if (mTracker) {
    std::vector<int> requests;
    for (const auto& s : mSlots) requests.push_back(s.arrival);
    mTracker->appendEach(requests, steps);
  }
  for (auto& s : mSlots) {
    const auto a = std::size_t(s.arrival);
    s.context += double(steps);
    s.toGenerate -= steps;
    mProduced[a] += steps;
    mLastToken[a] = mNow;
    if (mPolicy.memory == MemoryPolicy::Preempt) {
      s.reserved += mPerToken * double(steps);
      mUsed += mPerToken * double(steps);
    }
    if (s.toGenerate <= 0) s.done = true;
  }
}

void PoolRun::retire() {
  auto keep = mSlots.begin();
  for (auto& s : mSlots) {
    if (!s.done) {
      *keep++ = s;
      continue;
    }
    auto& o = mOutcomes[std::size_t(s.arrival)];
    o.finish = mNow;
    o.completed = true;
    mUsed -= s.reserved;
    if (mTracker) mTracker->release(s.arrival);
    ++mFinished;
  }
  mSlots.erase(keep, mSlots.end());
  if (mSlots.empty()) mUsed = 0; // no drift from the sums
}

std::vector<PoolOutcome> PoolRun::serve() {
  const std::size_t n = mArrivals.size();
  long long loops = 0;
  while (true) {
    while (mNext < n && mArrivals[mNext].time <= mNow) mQueue.push_back(int(mNext++));
    if (mSlots.empty() && mQueue.empty()) {
      if (mNext == n) break;
      sample(); // empty until the next request
      mNow = mArrivals[mNext].time;
      continue;
    }
    admit();
    sample();
    if (mSlots.empty()) continue; // the head was dropped
    if ((++loops & 255) == 0 && !mProgress(double(mFinished) / double(n))) {
      mRun.cancelled = true;
      break;
    }
    bool prefillPending = false;
    for (const auto& s : mSlots) prefillPending |= s.prefillLeft > 0;
    if (!prefillPending) decodeRun();
    else if (mPolicy.mixed) mixedStep();
    else prefillStep();
    retire();
  }
  sample();
  if (mUnreserved > 0)
    mRun.warnings.push_back(std::to_string(mUnreserved) + " admissions to the " + mReport.name +
                            " pool found no room in its KV manager's HBM ring buffers (each core keeps its own stage's KV, "
                            "the pool's byte budget pools every core); they were served without a ring buffer");
  return std::move(mOutcomes);
}

} // namespace

Pool::Pool(std::string name, const engine::PerformanceModel& model, PoolPolicy policy, bool memoiseSteps)
    : mName(std::move(name)), mModel(model), mPolicy(policy), mCost(model, memoiseSteps) {}

std::vector<PoolOutcome> Pool::serve(const std::vector<PoolArrival>& arrivals, ServingRun& run,
                                     const std::function<bool(double)>& progressShare) {
  PoolReport report;
  report.name = mName;
  report.idlePower = mModel.idlePower().value();
  const long long callsBefore = mCost.engineCalls();
  const auto tracker = mPolicy.kvTracker ? mPolicy.kvTracker(mModel) : nullptr;
  report.tieredKv = tracker != nullptr;
  if (tracker) {
    const auto c = tracker->capacity();
    report.sramKvBlocks = c.sramBlocks;
    report.sramKvBlockTokens = c.sramBlockTokens;
    report.hbmKvRingTokens = c.hbmTokens;
  }
  PoolRun loop(arrivals, mPolicy, mCost, mModel.memory(), tracker.get(), run, report, progressShare);
  auto outcomes = loop.serve();
  report.engineCalls = mCost.engineCalls() - callsBefore;
  run.pools.push_back(std::move(report));
  return outcomes;
}

PoolPolicy policyFrom(const ServingConfig& config) {
  PoolPolicy policy;
  policy.maxBatch = config.maxBatch;
  policy.memory = config.memory;
  return policy;
}

int tighterBatchLimit(int a, int b) {
  if (a <= 0) return std::max(0, b);
  return b <= 0 ? a : std::min(a, b);
}

const DeviceGroup& singlePoolGroup(const SystemSpec& system, ServingRun& run) {
  if (system.disaggregated()) {
    run.warnings.push_back("a one-pool scheduler on a disaggregated system: the decode group does prefill and decode");
    return *system.decodeGroup();
  }
  return *system.prefillGroup();
}

std::unique_ptr<engine::PerformanceModel> buildPoolModel(const SchedulerContext& context, const DeviceGroup& group,
                                                        bool streamsCacheOut, ServingRun& run) {
  std::unique_ptr<engine::PerformanceModel> model;
  try {
    model = engine::buildModel(context.system, group, context.model, streamsCacheOut);
  } catch (const std::invalid_argument& e) {
    run.failure = group.device.name + ": " + e.what();
    return nullptr;
  }
  if (model->memory().cacheCapacity().value() <= 0) {
    run.failure = group.device.name + ": the weights alone do not fit the memory";
    return nullptr;
  }
  // A group the engine cannot run at all (NpuSim pools above the chip's cores, a DUET package
  // whose area holds no array) refuses even the smallest step; serving it would cost every step
  // as free.
  const auto smallest = model->step(engine::OperatingPoint{engine::Phase::Decode, 1, 1, 0});
  if (!smallest.feasible) {
    run.failure = group.device.name + ": the engine cannot run even one sequence's single-token step: " +
                  (smallest.reason.empty() ? std::string("it gives no reason") : smallest.reason);
    return nullptr;
  }
  return model;
}

std::vector<PoolArrival> arrivalsOf(const std::vector<RequestSpec>& requests) {
  std::vector<PoolArrival> out(requests.size());
  for (std::size_t i = 0; i < requests.size(); ++i)
    out[i] = {int(i), requests[i].arrival.value(), requests[i].inputTokens, requests[i].outputTokens, false};
  return out;
}

void serveOnOnePool(const SchedulerContext& context, ServingRun& run, PoolPolicy policy) {
  const auto& group = singlePoolGroup(context.system, run);
  const auto model = buildPoolModel(context, group, false, run);
  if (!model) return;
  serveOnPool(context, run, *model, policy);
}

void serveOnPool(const SchedulerContext& context, ServingRun& run, const engine::PerformanceModel& model, PoolPolicy policy) {
  Pool pool("aggregated", model, policy, context.config.memoiseSteps);
  const auto outcomes = pool.serve(arrivalsOf(context.requests), run, context.progress);
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    auto& r = run.records[i];
    r.firstToken = Seconds(outcomes[i].firstToken);
    r.finish = Seconds(outcomes[i].finish);
    r.preemptions = outcomes[i].preemptions;
    r.completed = outcomes[i].completed;
  }
}

} // namespace llmwb::serving
