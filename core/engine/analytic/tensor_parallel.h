// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/model/operators.h"
#include "core/system/system_spec.h"

#include <vector>

namespace llmwb {

/// Megatron-style tensor parallelism over `devices`: every device holds 1/devices of each weight
/// matrix and of the KV heads. Column-parallel operators (QKV, gate/up, attention by heads) see the
/// whole input and produce a slice of the output columns; the row-parallel operator that closes a
/// layer (o_proj, down_proj, ...) splits its reduction depth K instead: a slice of the input in,
/// partial sums of the whole output out (all-reduced, allReduceBytes). Heads and experts that
/// outnumber the devices are split by instance. Returns one device's operators; a no-op for one
/// device.
std::vector<Operator> shardForTensorParallel(const std::vector<Operator>& ops, int devices);

/// How many copies of the KV cache `devices` tensor-parallel devices hold together, as a factor on
/// the model's cache per token: 1 while every attention layer has at least as many KV heads as
/// devices; a layer with fewer keeps each KV head on devices / kvHeads of them (MLA's latent head on
/// every device), as shardForTensorParallel reads it. Weighted by each layer type's cache.
double kvCacheCopies(const ModelSpec& model, int devices);

/// The message all-reduced after an operator that closes a layer (o_proj, down_proj, ...), given
/// the full (unsharded) operator: its whole output, of which every device holds partial sums.
/// Zero for other operators and for one device.
Bytes allReduceBytes(const Operator& fullOp, int devices);

/// What each device sends (and receives) in a ring all-reduce of `message` over `devices`: n - 1
/// reduce-scatter and n - 1 all-gather steps of message / n each, 2 (n-1)/n x message.
Bytes ringAllReduceBytesSent(Bytes message, int devices);

/// Ring all-reduce of `message` over `devices` devices, as NCCL's cost model has it: a fixed
/// collective latency, 2 (n-1) link latencies, and ringAllReduceBytesSent at the link's bus
/// bandwidth (bandwidth x collectiveBandwidthFraction). Small messages are latency-bound, large
/// ones bandwidth-bound; the bus bandwidth reached grows with the message.
Seconds allReduceTime(Bytes message, int devices, const LinkSpec& link);

} // namespace llmwb
