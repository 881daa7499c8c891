// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace llmwb {

/// A request shape: prompt length and generated length, in tokens.
struct Workload {
  std::string id;
  std::string name;
  long long inputTokens = 0;
  long long outputTokens = 0;
  std::string source; ///< where the lengths come from

  long long contextTokens() const { return inputTokens + outputTokens; }
};

/// Parses "IN:OUT" such as "90000:8000" or "90K:8K" (K = 1000, M = 1,000,000, decimals allowed:
/// "1.4K:0.2K"). Returns nothing when the text is not of that form; `error` then says why.
std::optional<Workload> parseWorkloadPair(std::string_view text, std::string* error = nullptr);

} // namespace llmwb
