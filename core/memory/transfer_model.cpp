// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memory/transfer_model.h"

#include <algorithm>
#include <cstdio>

namespace llmwb {

std::vector<BytesPerSecond> effectiveBandwidths(const std::vector<BytesPerSecond>& peaks) {
  std::vector<BytesPerSecond> effective(peaks.size());
  BytesPerSecond deeper;
  for (std::size_t i = peaks.size(); i-- > 0;) {
    effective[i] = peaks[i] - deeper;
    deeper = effective[i];
  }
  return effective;
}

Seconds levelLoadTime(Seconds latency, Bytes storedHere, BytesPerSecond effectiveBandwidth) {
  return latency + storedHere / effectiveBandwidth;
}

TransferTime transferTime(std::span<const ChainLevel> chain, bool explain) {
  TransferTime result;
  Bytes total;
  int deepest = -1;
  for (std::size_t i = 0; i < chain.size(); ++i) {
    total += chain[i].homed;
    if (chain[i].homed.value() > 0.0) deepest = static_cast<int>(i);
  }
  if (deepest < 0) return result;

  // Eq. 2 over the levels this transfer reaches (no allocation: this runs per operator and stream).
  BytesPerSecond peaks[kMaxChainLevels], effective[kMaxChainLevels];
  BytesPerSecond deeper;
  for (int i = deepest; i >= 0; --i) {
    peaks[i] = chain[std::size_t(i)].peakBandwidth;
    effective[i] = peaks[i] - deeper;
    deeper = effective[i];
  }

  Bytes passing = total; // x_i: everything stored at level i or beyond
  for (int i = 0; i <= deepest; ++i) {
    if (effective[i].value() <= 0.0) {
      result.feasible = false;
      if (explain) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "level %d has no bandwidth left (Eq. 2: %.3g TB/s peak minus %.3g TB/s relayed from below)", i,
                      units::inTerabytesPerSecond(peaks[i]), units::inTerabytesPerSecond(peaks[i] - effective[i]));
        result.reason = text;
      }
      result.boundLevel = i;
      return result;
    }
    const Seconds term = chain[i].latency + passing / effective[i];
    if (term > result.time) {
      result.time = term;
      result.boundLevel = i;
    }
    passing -= chain[i].homed; // Eq. 4: x_remain = (1 - alpha_i) x_i
  }
  return result;
}

} // namespace llmwb
