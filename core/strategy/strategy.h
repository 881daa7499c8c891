// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/registry/enum_names.h"

#include <optional>
#include <string>
#include <string_view>

namespace llmwb {

/// GEMM dataflow: which operand stays in the compute array (MemExplorer 4.2, Table 2).
enum class Dataflow { WeightStationary, InputStationary, OutputStationary };

/// Which data type gets on-chip capacity first (MemExplorer 4.2 "On-Chip Storage Priority").
enum class StoragePriority { Activations, KvCache, Weights, Equal };

/// How off-chip bandwidth is divided between the matrix stream (weights, KV cache) and the vector
/// stream (activations). MemExplorer 4.2 fixes 75%/25% for matrix priority; Shared lets every stream
/// use the whole bandwidth (a GPU's memory system).
enum class BandwidthPriority { Matrix, Vector, Equal, Shared };

struct Strategy {
  Dataflow dataflow = Dataflow::WeightStationary;
  StoragePriority storage = StoragePriority::Equal;
  BandwidthPriority bandwidth = BandwidthPriority::Equal;

  /// Fraction of each off-chip level's bandwidth the matrix stream may use (the vector stream gets
  /// the rest). 1 for Shared.
  double matrixShare() const;
  double vectorShare() const;
  std::string describe() const; ///< "Act/WS/Matrix"
};

/// Each enumeration's names, declared once (core/registry/enum_names.h).
inline constexpr EnumNames<Dataflow, 3> kDataflowNames{{{{Dataflow::WeightStationary, "WS", {"ws", "weight_stationary"}},
                                                           {Dataflow::InputStationary, "IS", {"is", "input_stationary"}},
                                                           {Dataflow::OutputStationary, "OS", {"os", "output_stationary"}}}}};
inline constexpr EnumNames<StoragePriority, 4> kStoragePriorityNames{{{{StoragePriority::Activations, "activations", {"act"}},
                                                                        {StoragePriority::KvCache, "kv_cache", {"kv"}},
                                                                        {StoragePriority::Weights, "weights", {"weight"}},
                                                                        {StoragePriority::Equal, "equal"}}}};
inline constexpr EnumNames<BandwidthPriority, 4> kBandwidthPriorityNames{{{{BandwidthPriority::Matrix, "matrix", {"weights"}},
                                                                            {BandwidthPriority::Vector, "vector", {"activations"}},
                                                                            {BandwidthPriority::Equal, "equal"},
                                                                            {BandwidthPriority::Shared, "shared"}}}};

std::string_view toString(Dataflow d);
std::string_view toString(StoragePriority s);
std::string_view toString(BandwidthPriority b);
std::optional<Dataflow> parseDataflow(std::string_view text);
std::optional<StoragePriority> parseStoragePriority(std::string_view text);
std::optional<BandwidthPriority> parseBandwidthPriority(std::string_view text);

} // namespace llmwb
