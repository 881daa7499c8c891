// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/npusim/kv_cache.h"

#include <algorithm>

namespace llmwb::engine::npusim {

KvCacheManager::KvCacheManager(long long sramBlocks, long long blockTokens, long long hbmTokens)
    : mSramBlocks(std::max(0LL, sramBlocks)), mBlockTokens(std::max(1LL, blockTokens)), mHbmTokens(std::max(0LL, hbmTokens)),
      mNext(std::size_t(mSramBlocks), -1) {
  for (long long b = mSramBlocks - 1; b >= 0; --b) mFree.push_back(b);
}

long long KvCacheManager::hbmTokensReserved() const {
  long long used = 0;
  for (const auto& b : mRing) used += b.size;
  return used;
}

long long KvCacheManager::hbmTokensSpilled() const {
  long long spilled = 0;
  for (const auto& [id, r] : mRequests) spilled += r.hbmTokens;
  return spilled;
}

bool KvCacheManager::admit(int request, long long maxTokens) {
  if (mRequests.count(request)) return true;
  const long long size = std::max(0LL, maxTokens);
  if (hbmTokensReserved() + size > mHbmTokens) return false;
  // Contiguous: a buffer that would straddle the end of the ring starts again at 0 (the skipped
  // tail counts as used until the head passes it).
  long long offset = mTail;
  if (offset + size > mHbmTokens) {
    const long long skipped = mHbmTokens - offset;
    if (hbmTokensReserved() + skipped + size > mHbmTokens) return false;
    mRing.push_back({offset, skipped, false});
    offset = 0;
  }
  mRing.push_back({offset, size, true});
  mTail = (offset + size) % std::max(1LL, mHbmTokens);
  Request r;
  r.hbmOffset = offset;
  r.hbmSize = size;
  mRequests[request] = r;
  return true;
}

void KvCacheManager::append(int request, long long tokens) {
  auto& r = mRequests[request];
  while (tokens > 0) {
    const long long room = r.tail >= 0 ? (mBlockTokens - r.tokens % mBlockTokens) % mBlockTokens : 0;
    if (room > 0) {
      const long long n = std::min(room, tokens);
      r.tokens += n;
      tokens -= n;
      continue;
    }
    if (mFree.empty() || r.hbmTokens > 0) { // once spilled, the rest follows in HBM
      r.hbmTokens += tokens;
      return;
    }
    const long long b = mFree.back();
    mFree.pop_back();
    mNext[std::size_t(b)] = -1;
    if (r.tail >= 0) mNext[std::size_t(r.tail)] = b;
    else r.head = b;
    r.tail = b;
    const long long n = std::min(mBlockTokens, tokens);
    r.tokens += n;
    tokens -= n;
  }
}

void KvCacheManager::release(int request) {
  const auto it = mRequests.find(request);
  if (it == mRequests.end()) return;
  for (long long b = it->second.head; b >= 0;) {
    const long long next = mNext[std::size_t(b)];
    mFree.push_back(b);
    b = next;
  }
  for (auto& buf : mRing)
    if (buf.live && buf.offset == it->second.hbmOffset && buf.size == it->second.hbmSize) {
      buf.live = false;
      break;
    }
  while (!mRing.empty() && !mRing.front().live) mRing.erase(mRing.begin());
  if (mRing.empty()) mTail = 0;
  mRequests.erase(it);
}

long long KvCacheManager::tokensInSram(int request) const {
  const auto it = mRequests.find(request);
  return it == mRequests.end() ? 0 : it->second.tokens;
}

long long KvCacheManager::tokensInHbm(int request) const {
  const auto it = mRequests.find(request);
  return it == mRequests.end() ? 0 : it->second.hbmTokens;
}

std::vector<long long> KvCacheManager::blocks(int request) const {
  std::vector<long long> out;
  const auto it = mRequests.find(request);
  if (it == mRequests.end()) return out;
  for (long long b = it->second.head; b >= 0; b = mNext[std::size_t(b)]) out.push_back(b);
  return out;
}

} // namespace llmwb::engine::npusim
