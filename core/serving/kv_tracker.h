// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An engine's own KV-cache manager, driven by a pool as its requests progress (NpuSim's SRAM
// blocks + HBM ring, core/serving/schedulers/npusim/npusim_kv_tracker.h). The pool keeps its own
// byte budget for admission; a tracker can refuse an admission on top of it (the request waits)
// and reports a two-tier occupancy for the timeline. Schedulers without one leave it out.

#include "core/engine/performance_model.h"

#include <functional>
#include <memory>
#include <vector>

namespace llmwb::serving {

/// The two tiers of a tracked KV cache, each a used share 0..1.
struct TieredKvOccupancy {
  double sram = 0; ///< on-chip blocks in use / blocks
  double hbm = 0;  ///< off-chip buffers reserved / capacity
  double hbmSpilled = 0; ///< tokens written to the off-chip buffers / capacity (<= hbm)
};

/// What the two tiers hold in all.
struct TieredKvCapacity {
  long long sramBlocks = 0;     ///< on-chip blocks (summed over the managers)
  long long sramBlockTokens = 0; ///< tokens per block
  long long hbmTokens = 0;      ///< tokens of the off-chip buffers (summed over the managers)
};

class KvTracker {
public:
  virtual ~KvTracker() = default;
  /// The request (an index of the pool's arrivals) enters the batch and may grow to `maxTokens`;
  /// false: no room, it waits.
  virtual bool admit(int request, long long maxTokens) = 0;
  /// `tokens` more tokens of the request's context are cached.
  virtual void append(int request, long long tokens) = 0;
  /// `tokens` more tokens for each of `requests` (a run of decode steps); a manager that
  /// interleaves concurrent requests' blocks overrides it.
  virtual void appendEach(const std::vector<int>& requests, long long tokens) {
    for (const int r : requests) append(r, tokens);
  }
  /// The request leaves (finished or preempted); its cache is freed.
  virtual void release(int request) = 0;
  virtual TieredKvOccupancy occupancy() const = 0;
  virtual TieredKvCapacity capacity() const = 0;
};

/// Makes a pool's tracker from the pool's performance model (nullptr: none for this model).
using KvTrackerFactory = std::function<std::unique_ptr<KvTracker>(const engine::PerformanceModel&)>;

} // namespace llmwb::serving
