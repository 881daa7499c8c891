// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/units/quantity.h"

#include <span>
#include <string>
#include <vector>

namespace llmwb {

/// One level of a double-buffered transfer chain (MemExplorer 2.2). Index 0 is the level next to
/// the compute unit (the on-chip SRAM), the last index the farthest memory.
struct ChainLevel {
  BytesPerSecond peakBandwidth; ///< B_peak_i available to this stream at this level
  Seconds latency;              ///< lambda_i, the fixed latency of a transfer across the boundary
  Bytes homed;                  ///< bytes of this transfer stored at this level (alpha_i of the data)
};

struct TransferTime {
  Seconds time;
  int boundLevel = -1; ///< the level whose term sets the time; -1 when nothing moves
  bool feasible = true;
  std::string reason;
};

/// Eq. 2: B_eff_i = B_peak_i - B_eff_{i+1}, from the farthest level (whose effective bandwidth is
/// its peak) inwards. A level that double-buffers for the level beneath it gives up that level's
/// effective bandwidth. Values may come out zero or negative: such a level cannot relay.
std::vector<BytesPerSecond> effectiveBandwidths(const std::vector<BytesPerSecond>& peaks);

/// Eq. 3: time to load the alpha_i part of x that is stored at a level.
Seconds levelLoadTime(Seconds latency, Bytes storedHere, BytesPerSecond effectiveBandwidth);

/// Eq. 4-5: total time to bring every byte of the chain to the compute unit, with double
/// buffering. Level i passes on everything stored at or beyond it; its term is
/// lambda_i + x_i / B_eff_i, and T_i = max(that term, T_{i+1}(x_i - stored_i)): case 1 when level i
/// is the slower (deeper loads are hidden), case 2 when the deeper level stalls it.
/// Eq. 2 is applied to the levels the transfer actually reaches (levels beyond the deepest one
/// holding data of this transfer do not take bandwidth from it). A level left with no effective
/// bandwidth makes the transfer infeasible; its reason is written only when `explain` is set
/// (formatting it costs more than the rest of the computation).
TransferTime transferTime(std::span<const ChainLevel> chain, bool explain = true);

/// Most levels a chain may have (on-chip + 7 off-chip levels).
inline constexpr std::size_t kMaxChainLevels = 8;

} // namespace llmwb
