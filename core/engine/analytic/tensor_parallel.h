// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/model/operators.h"
#include "core/system/system_spec.h"

#include <vector>

namespace llmwb {

/// Megatron-style tensor parallelism over `devices`: every device holds 1/devices of each weight
/// matrix and of the KV heads, sees the whole input and produces its slice of the output. Returns
/// one device's operators; a no-op for one device.
std::vector<Operator> shardForTensorParallel(const std::vector<Operator>& ops, int devices);

/// Activation bytes all-reduced after the operators that close a layer (o_proj, down_proj, ...).
Bytes allReduceBytes(const Operator& op, int devices);

/// Ring all-reduce of `bytes` over `devices` devices: 2 (n-1)/n x bytes over the link plus
/// 2 (n-1) link latencies.
Seconds allReduceTime(Bytes bytes, int devices, const LinkSpec& link);

} // namespace llmwb
