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

std::string_view toString(Dataflow d) {
  switch (d) {
  case Dataflow::WeightStationary: return "WS";
  case Dataflow::InputStationary: return "IS";
  case Dataflow::OutputStationary: return "OS";
  }
  return "?";
}

std::string_view toString(StoragePriority s) {
  switch (s) {
  case StoragePriority::Activations: return "activations";
  case StoragePriority::KvCache: return "kv_cache";
  case StoragePriority::Weights: return "weights";
  case StoragePriority::Equal: return "equal";
  }
  return "?";
}

std::string_view toString(BandwidthPriority b) {
  switch (b) {
  case BandwidthPriority::Matrix: return "matrix";
  case BandwidthPriority::Vector: return "vector";
  case BandwidthPriority::Equal: return "equal";
  case BandwidthPriority::Shared: return "shared";
  }
  return "?";
}

std::optional<Dataflow> parseDataflow(std::string_view t) {
  if (t == "WS" || t == "ws" || t == "weight_stationary") return Dataflow::WeightStationary;
  if (t == "IS" || t == "is" || t == "input_stationary") return Dataflow::InputStationary;
  if (t == "OS" || t == "os" || t == "output_stationary") return Dataflow::OutputStationary;
  return std::nullopt;
}

std::optional<StoragePriority> parseStoragePriority(std::string_view t) {
  if (t == "activations" || t == "act") return StoragePriority::Activations;
  if (t == "kv_cache" || t == "kv") return StoragePriority::KvCache;
  if (t == "weights" || t == "weight") return StoragePriority::Weights;
  if (t == "equal") return StoragePriority::Equal;
  return std::nullopt;
}

std::optional<BandwidthPriority> parseBandwidthPriority(std::string_view t) {
  if (t == "matrix" || t == "weights") return BandwidthPriority::Matrix;
  if (t == "vector" || t == "activations") return BandwidthPriority::Vector;
  if (t == "equal") return BandwidthPriority::Equal;
  if (t == "shared") return BandwidthPriority::Shared;
  return std::nullopt;
}

} // namespace llmwb
