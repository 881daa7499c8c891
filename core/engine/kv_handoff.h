// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/system/system_spec.h"
#include "core/units/quantity.h"

#include <algorithm>

namespace llmwb::engine {

/// Time to move `bytes` of cache and state over a link: bytes / bandwidth + latency.
inline Seconds handoffTime(Bytes bytes, const LinkSpec& link) { return bytes / link.bandwidth + link.latency; }

/// Per-layer overlap of the KV hand-off with the prefill (DUET 3.1, MemExplorer Fig. 8 via LLMCompass):
/// layer l's cache leaves while layer l+1 computes, so only the part that outlasts the prefill and
/// the last layer's share are exposed.
inline Seconds exposedTransfer(Seconds transfer, Seconds prefill, int layers) {
  if (layers <= 0) return transfer;
  const Seconds last = transfer / double(layers);
  const Seconds overlapped = prefill * (double(layers - 1) / layers);
  return std::max(last, transfer - overlapped);
}

} // namespace llmwb::engine
