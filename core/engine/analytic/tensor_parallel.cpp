// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/analytic/tensor_parallel.h"

#include <string_view>

namespace llmwb {

namespace {
bool closesLayer(const Operator& op) {
  const std::string& name = op.name;
  auto endsWith = [&](std::string_view suffix) {
    return name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  return endsWith(".o_proj") || endsWith(".down_proj") || endsWith(".out_proj") || endsWith(".experts_down");
}
} // namespace

std::vector<Operator> shardForTensorParallel(const std::vector<Operator>& ops, int devices) {
  if (devices <= 1) return ops;
  const double n = devices;
  std::vector<Operator> out = ops;
  for (auto& op : out) {
    // A row-parallel operator (the one that closes a layer) splits its reduction: each device
    // multiplies its slice of the input by its rows of the weights and holds partial sums of the
    // whole output, which the all-reduce then adds. Every other operator is column-parallel: the
    // whole input in, a slice of the output columns out.
    const bool closes = closesLayer(op);
    bool rowParallel = false;
    double kvShare = 1.0 / n; // the part of an attention's keys and values one device reads
    for (auto& g : op.gemms) {
      if (g.kvHeads > 0) {
        // Attention is split by heads, never by sequence. With fewer KV heads than devices each
        // device keeps one KV head, replicated (vLLM's rule; MLA's single latent head on every
        // device), and the query heads that share it are split instead.
        const double kvPerDevice = g.kvHeads >= n ? g.kvHeads / n : 1.0;
        const double sequences = g.instances / g.kvHeads;
        if (g.kvHeads < n) g.m *= g.kvHeads / n;
        kvShare = kvPerDevice / g.kvHeads;
        g.instances = sequences * kvPerDevice;
        g.kvHeads = kvPerDevice;
      } else if (g.instances >= n) g.instances /= n; // heads or experts split across devices
      else if (closes) {
        g.k /= n; // rows of the weights (the reduction) split across devices
        rowParallel = true;
      } else g.n /= n; // columns split across devices
    }
    op.vectorOps /= n;
    op.scan.channels /= n;
    for (auto& o : op.operands) {
      const bool whole = o.kind == DataKind::Activation && op.cls != OperatorClass::Attention &&
                         (rowParallel ? o.role == OperandRole::Output : o.role == OperandRole::A);
      if (op.cls == OperatorClass::Attention && o.role == OperandRole::B) o.bytes = o.bytes * kvShare;
      else if (!whole) o.bytes = o.bytes / n;
    }
  }
  return out;
}

double kvCacheCopies(const ModelSpec& model, int devices) {
  if (devices <= 1) return 1.0;
  double unique = 0, stored = 0;
  for (const auto& t : model.layerTypes) {
    if (t.kind != LayerKind::Attention) continue;
    const auto& a = std::get<AttentionSpec>(t.spec);
    const double kvHeads = a.kind == AttentionSpec::Kind::Mla ? 1.0 : double(a.kvHeads);
    const double perToken = model.occurrences(t.symbol) * model.cacheElementsPerToken(t);
    unique += perToken;
    stored += perToken * std::max(1.0, double(devices) / std::max(1.0, kvHeads));
  }
  return unique > 0 ? stored / unique : 1.0;
}

Bytes allReduceBytes(const Operator& fullOp, int devices) {
  if (devices <= 1 || !closesLayer(fullOp)) return Bytes();
  for (const auto& o : fullOp.operands)
    if (o.role == OperandRole::Output) return o.bytes; // every device holds partial sums of the whole output
  return Bytes();
}

Bytes ringAllReduceBytesSent(Bytes message, int devices) {
  if (devices <= 1) return Bytes();
  const double n = devices;
  return message * (2.0 * (n - 1.0) / n);
}

Seconds allReduceTime(Bytes message, int devices, const LinkSpec& link) {
  if (devices <= 1 || message.value() <= 0) return Seconds();
  const double n = devices;
  const Seconds ring = ringAllReduceBytesSent(message, devices) / (link.bandwidth * link.collectiveBandwidthFraction) +
                       link.latency * (2.0 * (n - 1.0));
  return link.collectiveLatency.value() > 0 ? ring + link.collectiveLatency : ring;
}

} // namespace llmwb
