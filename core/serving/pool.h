// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A pool: one device group serving requests iteration by iteration, the machinery every scheduler
// shares. Its policy says how steps are formed; the event loop jumps over runs of identical decode
// steps (the batch unchanged, the context growing) in one closed-form StepCost::decodeRun, so its
// cost grows with the number of events (arrivals, admissions, completions, prefill steps), not
// with the number of generated tokens.

#include "core/engine/performance_model.h"
#include "core/serving/kv_tracker.h"
#include "core/serving/scheduler.h"
#include "core/serving/step_cost.h"

#include <memory>
#include <vector>

namespace llmwb::serving {

struct PoolPolicy {
  bool refill = true;          ///< admit while others run (static batching: only when the pool is empty)
  bool mixed = false;          ///< prefill work rides in the same step as the decodes
  long long tokenBudget = 0;   ///< mixed: tokens per step, decodes included (0: whole prompts)
  bool leaveAfterPrefill = false; ///< a disaggregated prefill pool: requests leave with their first token
  int maxBatch = 0;            ///< sequences per step (0: as many as the memory holds)
  MemoryPolicy memory = MemoryPolicy::Wait;
  /// The engine's own KV manager, driven as requests are admitted, grow and leave (empty: none).
  KvTrackerFactory kvTracker;
  /// The tracker's refusal holds a request back (it waits); off: the pool's byte budget alone
  /// admits and a refused request is served without a reservation (counted in a warning).
  bool kvTrackerGates = false;
};

/// The batch limit and memory policy of the configuration; the rest at its defaults.
PoolPolicy policyFrom(const ServingConfig& config);

/// The tighter of two batch limits, each 0 for none.
int tighterBatchLimit(int a, int b);

/// A request entering a pool.
struct PoolArrival {
  int request = 0;             ///< index into the run's records
  double time = 0;
  long long inputTokens = 0, outputTokens = 0;
  bool prefilled = false;      ///< its prompt's cache arrives with it (a disaggregated decode pool)
  /// Prefilled: tokens it generated before (the first at least); its cache holds the prompt and
  /// all of them but the last. `outputTokens` is the count it leaves the pool with.
  long long produced = 1;
  double lastToken = -1;       ///< prefilled: the time of its last token (-1: `time`)
};

/// What a pool reports per arrival.
struct PoolOutcome {
  double firstToken = -1;      ///< end of the step that produced the first token
  double finish = -1;          ///< last token, or (leaveAfterPrefill) the end of the prefill
  double prefillStep = 0;      ///< duration of the step that finished the prompt
  int preemptions = 0;
  bool completed = false;
};

class Pool {
public:
  /// `model` must outlive the pool.
  Pool(std::string name, const engine::PerformanceModel& model, PoolPolicy policy, bool memoiseSteps);

  /// Serves `arrivals` (sorted by time). Gaps between tokens go to run.gaps; the pool's account
  /// is appended to run.pools. `progressShare(done)` reports the share of arrivals finished.
  std::vector<PoolOutcome> serve(const std::vector<PoolArrival>& arrivals, ServingRun& run,
                                 const std::function<bool(double)>& progressShare);

  const engine::PerformanceModel& model() const { return mModel; }

private:
  std::string mName;
  const engine::PerformanceModel& mModel;
  PoolPolicy mPolicy;
  StepCost mCost;
};

/// The group that serves prefill and decode alike: the aggregated one, or (with a warning) the
/// decode group of a disaggregated system.
const DeviceGroup& singlePoolGroup(const SystemSpec& system, ServingRun& run);

/// Builds the group's performance model; a group whose weights do not fit, or that an engine
/// refuses, sets run.failure and gives null.
std::unique_ptr<engine::PerformanceModel> buildPoolModel(const SchedulerContext& context, const DeviceGroup& group,
                                                        bool streamsCacheOut, ServingRun& run);

/// The requests as arrivals at one pool.
std::vector<PoolArrival> arrivalsOf(const std::vector<RequestSpec>& requests);

/// A one-pool run (static, continuous, chunked, fused): records filled from the outcomes.
void serveOnOnePool(const SchedulerContext& context, ServingRun& run, PoolPolicy policy);
/// The same on a model already built.
void serveOnPool(const SchedulerContext& context, ServingRun& run, const engine::PerformanceModel& model, PoolPolicy policy);

/// A scheduler that serves on one pool with a policy made from the configuration.
class OnePoolScheduler final : public Scheduler {
public:
  using PolicyOf = PoolPolicy (*)(const ServingConfig&);
  explicit OnePoolScheduler(PolicyOf policy) : mPolicy(policy) {}
  void run(const SchedulerContext& context, ServingRun& run) const override {
    serveOnOnePool(context, run, mPolicy(context.config));
  }

private:
  PolicyOf mPolicy;
};

} // namespace llmwb::serving
