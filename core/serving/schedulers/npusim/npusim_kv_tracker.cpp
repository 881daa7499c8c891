// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving/schedulers/npusim/npusim_kv_tracker.h"

#include <algorithm>
#include <numeric>

namespace llmwb::serving {

NpusimKvTracker::NpusimKvTracker(int pipelines, const std::vector<engine::npusim::StageKvCapacity>& stages, int blockTokens)
    : mPipelines(std::size_t(std::max(1, pipelines))), mBlockTokens(std::max(1, blockTokens)) {
  for (auto& pipeline : mPipelines)
    for (const auto& st : stages) pipeline.emplace_back(st.sramTokens / mBlockTokens, mBlockTokens, st.hbmTokens);
}

long long NpusimKvTracker::freeBlocks(std::size_t pipeline) const {
  long long free = 0;
  for (const auto& m : mPipelines[pipeline]) free += m.sramBlocks() - m.sramBlocksUsed();
  return free;
}

bool NpusimKvTracker::admit(int request, long long maxTokens) {
  if (mPipelineOf.count(request)) return true;
  std::vector<std::size_t> order(mPipelines.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  // Most free SRAM blocks first; among equals the least reserved HBM (the fewest requests).
  auto reserved = [&](std::size_t p) {
    long long r = 0;
    for (const auto& m : mPipelines[p]) r += m.hbmTokensReserved();
    return r;
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const long long fa = freeBlocks(a), fb = freeBlocks(b);
    return fa != fb ? fa > fb : reserved(a) < reserved(b);
  });
  for (const std::size_t p : order) {
    auto& stages = mPipelines[p];
    std::size_t admitted = 0;
    while (admitted < stages.size() && stages[admitted].admit(request, maxTokens)) ++admitted;
    if (admitted == stages.size()) {
      mPipelineOf[request] = p;
      return true;
    }
    for (std::size_t s = 0; s < admitted; ++s) stages[s].release(request); // not every stage had room
  }
  return false;
}

void NpusimKvTracker::append(int request, long long tokens) {
  const auto it = mPipelineOf.find(request);
  if (tokens <= 0) return;
  // A request admitted without a reservation (a non-gating pool) goes to the first pipeline.
  const std::size_t p = it != mPipelineOf.end() ? it->second : 0;
  if (it == mPipelineOf.end()) mPipelineOf[request] = p;
  for (auto& stage : mPipelines[p]) stage.append(request, tokens);
}

void NpusimKvTracker::appendEach(const std::vector<int>& requests, long long tokens) {
  for (long long done = 0; done < tokens; done += mBlockTokens)
    for (const int r : requests) append(r, std::min(mBlockTokens, tokens - done));
}

void NpusimKvTracker::release(int request) {
  const auto it = mPipelineOf.find(request);
  if (it == mPipelineOf.end()) return;
  for (auto& stage : mPipelines[it->second]) stage.release(request);
  mPipelineOf.erase(it);
}

TieredKvOccupancy NpusimKvTracker::occupancy() const {
  double blocks = 0, used = 0, ring = 0, reserved = 0, spilled = 0;
  for (const auto& pipeline : mPipelines)
    for (const auto& m : pipeline) {
      blocks += double(m.sramBlocks());
      used += double(m.sramBlocksUsed());
      ring += double(m.hbmTokens());
      reserved += double(m.hbmTokensReserved());
      spilled += double(m.hbmTokensSpilled());
    }
  return {blocks > 0 ? used / blocks : 0.0, ring > 0 ? reserved / ring : 0.0, ring > 0 ? spilled / ring : 0.0};
}

TieredKvCapacity NpusimKvTracker::capacity() const {
  TieredKvCapacity c;
  c.sramBlockTokens = mBlockTokens;
  for (const auto& pipeline : mPipelines)
    for (const auto& m : pipeline) {
      c.sramBlocks += m.sramBlocks();
      c.hbmTokens += m.hbmTokens();
    }
  return c;
}

std::unique_ptr<KvTracker> makeNpusimKvTracker(const engine::PerformanceModel& model) {
  const auto* npu = dynamic_cast<const engine::npusim::NpusimModel*>(&model);
  if (!npu) return nullptr;
  return std::make_unique<NpusimKvTracker>(npu->pool().pipelines, npu->stageKvCapacity(), npu->core().kvBlockTokens);
}

} // namespace llmwb::serving
