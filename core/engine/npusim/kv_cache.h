// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// NpuSim's hierarchical KV-cache management on one core (section 4.2, Fig. 5; spec B.8): the KV
// cache lives in SRAM blocks (a request's blocks form a linked list, blocks of concurrent requests
// interleave, a free list takes them back), and what outgrows SRAM spills to the request's own
// contiguous buffer in HBM, sized for its maximum length and allocated at the tail of a ring
// buffer whose head advances over freed buffers. A request that finds no room waits.

#include <cstddef>
#include <map>
#include <vector>

namespace llmwb::engine::npusim {

class KvCacheManager {
public:
  /// `sramBlocks` blocks of `blockTokens` tokens; an HBM ring of `hbmTokens` tokens.
  KvCacheManager(long long sramBlocks, long long blockTokens, long long hbmTokens);

  /// Reserves the request's HBM buffer for `maxTokens` (admission); false when the ring has no room.
  bool admit(int request, long long maxTokens);
  /// Adds `tokens` to the request's cache: SRAM blocks while the free list has any, then its HBM buffer.
  void append(int request, long long tokens);
  /// Returns the request's blocks to the free list and frees its HBM buffer (the head moves on
  /// over freed buffers).
  void release(int request);

  long long sramBlocksUsed() const { return mSramBlocks - static_cast<long long>(mFree.size()); }
  long long sramBlocks() const { return mSramBlocks; }
  long long hbmTokensReserved() const; ///< between head and tail of the ring
  long long hbmTokens() const { return mHbmTokens; }
  long long hbmTokensSpilled() const; ///< tokens written to the requests' buffers (within the reservation)
  long long tokensInSram(int request) const;
  long long tokensInHbm(int request) const;
  /// The request's SRAM blocks, in list order.
  std::vector<long long> blocks(int request) const;
  /// Used share of SRAM blocks and of the HBM ring, 0..1.
  double sramOccupancy() const { return mSramBlocks ? double(sramBlocksUsed()) / double(mSramBlocks) : 0; }
  double hbmOccupancy() const { return mHbmTokens ? double(hbmTokensReserved()) / double(mHbmTokens) : 0; }

private:
  struct Request {
    long long tokens = 0;        ///< in SRAM blocks (the last one may be partly filled)
    long long hbmTokens = 0;     ///< spilled
    long long hbmOffset = 0, hbmSize = 0;
    long long head = -1, tail = -1; ///< first and last SRAM block
  };
  struct Buffer {
    long long offset = 0, size = 0;
    bool live = true;
  };
  long long mSramBlocks, mBlockTokens, mHbmTokens;
  std::vector<long long> mNext;  ///< block -> next block of the same list (-1: end)
  std::vector<long long> mFree;  ///< free list (a stack)
  std::map<int, Request> mRequests;
  std::vector<Buffer> mRing;     ///< buffers from head to tail
  long long mTail = 0;           ///< next free offset (mod mHbmTokens)
};

} // namespace llmwb::engine::npusim
