// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Schedulers, registered by name in one place (registerBuiltinSchedulers), the way
// SearchMethodRegistry holds the search methods. A scheduler decides which device groups serve as
// pools and how each pool batches (core/serving/pool.h); adding one is a folder under
// core/serving/schedulers/ and one registration line.

#include "core/serving/metrics.h"
#include "core/serving/serving.h"
#include "core/registry/named_registry.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace llmwb::serving {

/// What a scheduler serves: the system, the model, the configuration and the generated requests.
struct SchedulerContext {
  const SystemSpec& system;
  const ModelSpec& model;
  const ServingConfig& config;
  const std::vector<RequestSpec>& requests;
  /// Completed share -> false to cancel (never empty).
  std::function<bool(double)> progress;
};

/// One pool's account of a run, for the result's energy and timeline.
struct PoolReport {
  std::string name;          ///< "aggregated", "prefill", "decode"
  double busyTime = 0;       ///< seconds in steps
  double busyEnergy = 0;     ///< joules of the steps
  double idlePower = 0;      ///< watts while not stepping
  double prefillBusy = 0, decodeBusy = 0, decodeTokens = 0;
  long long steps = 0;
  long long engineCalls = 0;
  struct Sample {
    double time;
    int queued, running;
    double kvOccupancy;
    double sramKv, hbmKv, hbmKvSpilled; ///< a KvTracker's tiers (0 without one): TieredKvOccupancy
  };
  std::vector<Sample> samples;
  bool tieredKv = false; ///< the samples carry a KvTracker's SRAM and HBM occupancy
  long long sramKvBlocks = 0, sramKvBlockTokens = 0, hbmKvRingTokens = 0; ///< its TieredKvCapacity
};

/// What a scheduler fills in: one record per request (in the order of the requests), the gaps
/// between tokens, the pools, and energy outside the pools (the KV hand-off link).
struct ServingRun {
  std::vector<RequestRecord> records;
  GapHistogram gaps;
  std::vector<PoolReport> pools;
  double linkEnergy = 0;
  std::vector<std::string> warnings;
  bool cancelled = false;
  std::string failure; ///< set when the run could not be made (the result is then infeasible)
  /// Requests a pool could never hold, not even alone (dropped; the result is then infeasible),
  /// and what the first of them needed.
  int neverFit = 0;
  std::string firstNeverFit;
};

class Scheduler {
public:
  virtual ~Scheduler() = default;
  virtual void run(const SchedulerContext& context, ServingRun& run) const = 0;
};

class SchedulerRegistry : public NamedRegistry<std::function<std::unique_ptr<Scheduler>()>> {
public:
  SchedulerRegistry() : NamedRegistry("scheduler") {}
  /// Throws std::invalid_argument naming the known schedulers when there is none of that name.
  std::unique_ptr<Scheduler> create(const std::string& name) const { return get(name).factory(); }
};

/// static, continuous, chunked, disaggregated, fused (core/serving/schedulers/builtin_schedulers.cpp: one line each).
void registerBuiltinSchedulers(SchedulerRegistry& registry);
const SchedulerRegistry& schedulers();

} // namespace llmwb::serving
