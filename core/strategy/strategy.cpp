// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/strategy/strategy.h"

namespace llmwb {

namespace {
// MemExplorer 4.2: "assigning 75% bandwidth to matrix data and 25% to vector data when matrix
// priority is selected"; Table 4 shows the mirror image for activation priority and 50/50 for Equal.
constexpr double kPriorityShare = 0.75;
} // namespace

double Strategy::matrixShare() const {
  switch (bandwidth) {
  case BandwidthPriority::Matrix: return kPriorityShare;
  case BandwidthPriority::Vector: return 1.0 - kPriorityShare;
  case BandwidthPriority::Equal: return 0.5;
  case BandwidthPriority::Shared: return 1.0;
  }
  return 0.5;
}

double Strategy::vectorShare() const {
  return bandwidth == BandwidthPriority::Shared ? 1.0 : 1.0 - matrixShare();
}

std::string Strategy::describe() const {
  return std::string(toString(storage)) + "/" + std::string(toString(dataflow)) + "/" +
         std::string(toString(bandwidth));
}

std::string_view toString(Dataflow d) { return kDataflowNames.toString(d); }
std::string_view toString(StoragePriority s) { return kStoragePriorityNames.toString(s); }
std::string_view toString(BandwidthPriority b) { return kBandwidthPriorityNames.toString(b); }
std::optional<Dataflow> parseDataflow(std::string_view t) { return kDataflowNames.parse(t); }
std::optional<StoragePriority> parseStoragePriority(std::string_view t) { return kStoragePriorityNames.parse(t); }
std::optional<BandwidthPriority> parseBandwidthPriority(std::string_view t) { return kBandwidthPriorityNames.parse(t); }

} // namespace llmwb
