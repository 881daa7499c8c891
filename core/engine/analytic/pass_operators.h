// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The operators of one pass, built once and shared: they depend only on the model, its
// quantisation, the pass shape and the tensor-parallel group size, so every design of an
// exploration that shares those (and every evaluation of the same pass) reuses them.

#include "core/model/operators.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace llmwb {

struct PassOperators {
  std::vector<Operator> full;    ///< the whole model's operators
  std::vector<Operator> sharded; ///< one device's (shardForTensorParallel); empty for one device
  std::vector<Bytes> allReduce;  ///< per operator: the message all-reduced after it (allReduceBytes)
  /// Per device operator: bytes of each DataKind (Weight, Activation, Cache), Operator::bytes.
  std::vector<std::array<Bytes, 3>> kindBytes;
  Bytes liveActivations; ///< the largest device operator's activation bytes
  /// Per device operator: a hash of its work (workHash), so that a CostMemo compares most
  /// operators by one number.
  std::vector<std::uint64_t> workHashes;

  const std::vector<Operator>& perDevice() const { return sharded.empty() ? full : sharded; }
};

/// What a model stores at a quantisation: its weights, a sequence's fixed recurrent state and the
/// cache one token adds (weightBytes, cacheBytesPerSequence at 0 and the step to 1).
struct ModelFootprint {
  Bytes weights;
  Bytes statePerSequence;
  Bytes cachePerToken;
};
/// The footprint, computed once per thread for equal inputs as passOperators() does.
ModelFootprint modelFootprint(const ModelSpec& model, const Quantisation& quant);

/// A hash of everything a coster reads of an operator (its work: class, products, vector and scan
/// work, operands; not its name, layer or repeat count). Equal work hashes equal.
std::uint64_t workHash(const Operator& op);

/// Builds the pass's operators (buildOperators, then the tensor-parallel split over `devices`)
/// or returns the same ones built before on this thread for equal inputs.
std::shared_ptr<const PassOperators> passOperators(const ModelSpec& model, const Quantisation& quant,
                                                   const PassShape& pass, int devices);

} // namespace llmwb
