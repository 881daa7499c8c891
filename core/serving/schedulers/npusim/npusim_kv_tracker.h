// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// NpuSim's KV-cache manager (spec B.8, core/engine/npusim/kv_cache.h) driven by a serving pool:
// one KvCacheManager per pipeline stage of every pipeline of the pool, counted in tokens of
// context (a stage's TP cores each hold their slice of every token's KV for the stage's layers, in
// lock-step, so one manager stands for them). A request goes to the pipeline with the most free
// SRAM blocks whose every stage's HBM ring takes its buffer; when none has room it is refused.

#include "core/engine/npusim/kv_cache.h"
#include "core/engine/npusim/npusim_model.h"
#include "core/serving/kv_tracker.h"

#include <map>
#include <vector>

namespace llmwb::serving {

class NpusimKvTracker final : public KvTracker {
public:
  /// `pipelines` pipelines of one manager per entry of `stages`, in SRAM blocks of `blockTokens` tokens.
  NpusimKvTracker(int pipelines, const std::vector<engine::npusim::StageKvCapacity>& stages, int blockTokens);

  bool admit(int request, long long maxTokens) override;
  void append(int request, long long tokens) override;
  /// Block by block round the requests, so concurrent requests' blocks interleave (spec B.8).
  void appendEach(const std::vector<int>& requests, long long tokens) override;
  void release(int request) override;
  TieredKvOccupancy occupancy() const override;
  TieredKvCapacity capacity() const override;

  /// The managers of pipeline `p`, first stage to last.
  const std::vector<engine::npusim::KvCacheManager>& pipeline(std::size_t p) const { return mPipelines[p]; }

private:
  long long freeBlocks(std::size_t pipeline) const;
  std::vector<std::vector<engine::npusim::KvCacheManager>> mPipelines;
  long long mBlockTokens = 1;
  std::map<int, std::size_t> mPipelineOf; ///< request -> its pipeline
};

/// The tracker of an npusim pool; nullptr for another engine's model.
std::unique_ptr<KvTracker> makeNpusimKvTracker(const engine::PerformanceModel& model);

} // namespace llmwb::serving
