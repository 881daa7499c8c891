// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/memexplorer/operator_cost.h"

#include "core/memory/transfer_model.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace llmwb {

static_assert(kMaxCostLevels >= kMaxChainLevels, "an operator cost reports every chain level");

std::string_view toString(Stream s) {
  switch (s) {
  case Stream::MatrixRead: return "matrix reads";
  case Stream::VectorRead: return "vector reads";
  case Stream::Write: return "write-back";
  }
  return "?";
}

namespace {
/// The stationary tiles an operator's (first) product takes, along each dimension.
struct TileCounts {
  double rows = 1, columns = 1, depth = 1;
};

TileCounts tileCounts(const Operator& op, const GemmTiling& tile) {
  if (op.gemms.empty()) return {};
  const GemmShape& g = op.gemms.front();
  const double rowTile = op.cls == OperatorClass::Attention ? tile.attentionRows : tile.m;
  return {std::max(1.0, std::ceil(g.m / rowTile)), std::max(1.0, std::ceil(g.n / tile.n)), std::max(1.0, std::ceil(g.k / tile.k))};
}

OperandTraffic trafficOf(const Operand& operand, bool hasProduct, Dataflow dataflow, const TileCounts& tiles) {
  OperandTraffic t{operand.write ? 0.0 : 1.0, operand.write ? 1.0 : 0.0};
  if (!hasProduct || operand.role == OperandRole::Other) return t;
  const double rowTiles = tiles.rows, columnTiles = tiles.columns, depthTiles = tiles.depth;
  switch (dataflow) {
  case Dataflow::WeightStationary:
    if (operand.role == OperandRole::A) t.reads = columnTiles;
    break;
  case Dataflow::InputStationary:
    if (operand.role == OperandRole::B) t.reads = rowTiles;
    if (operand.role == OperandRole::Output) {
      t.writes = depthTiles;
      t.reads = depthTiles - 1.0;
    }
    break;
  case Dataflow::OutputStationary:
    if (operand.role == OperandRole::B) t.reads = rowTiles;
    break;
  }
  return t;
}
} // namespace

OperandTraffic operandTraffic(const Operand& operand, const Operator& op, Dataflow dataflow, const GemmTiling& tile) {
  return trafficOf(operand, !op.gemms.empty(), dataflow, tileCounts(op, tile));
}

namespace {

struct StreamBytes {
  Bytes total;   ///< bytes the compute moves through the on-chip memory
  Bytes offChip; ///< the part that comes from (or goes to) off-chip levels
};

double dmaFraction(const DmaSpec& dma, Stream s) {
  switch (s) {
  case Stream::MatrixRead: return dma.matrixRead;
  case Stream::VectorRead: return dma.vectorRead;
  case Stream::Write: return dma.write;
  }
  return 1.0;
}

} // namespace

namespace {

using Streams = std::array<StreamBytes, kStreamCount>;
using OnChipShares = std::array<double, kMaxOperands>;
using Traffic = std::array<OperandTraffic, kMaxOperands>;

/// Step 1, compute: matrix, vector and scan work issue one after another (PLENA's analytic model
/// sums them). Returns the matrix units' busy time (their energy).
Seconds costCompute(OperatorCost& cost, const Operator& op, const DeviceModel& device) {
  const auto& compute = device.compute();
  const int matrixBits = compute.matrixOperandBits(op.cls, device.operandBits());
  Seconds matrixBusy;
  for (const auto& g : op.gemms) {
    cost.matrixTime += compute.gemmTime(g, matrixBits);
    matrixBusy += compute.gemmBusyTime(g, matrixBits);
  }
  cost.vectorTime = compute.vectorTime(op.vectorOps);
  if (op.scan.tokens > 0) cost.vectorTime += compute.scanTime(op.scan);
  cost.computeTime = cost.matrixTime + cost.vectorTime;
  return matrixBusy;
}

/// Step 2, residency: the share of each operand held on chip. Weights and cache as placed;
/// activations get the on-chip activation share, the most-read operands first.
OnChipShares onChipShares(const Operator& op, const Placement& placement, const Traffic& traffic) {
  const std::size_t operands = op.operands.size();
  std::array<std::size_t, kMaxOperands> order{};
  std::iota(order.begin(), order.begin() + operands, 0);
  // A stable insertion sort (a handful of operands; std::stable_sort allocates a buffer).
  std::array<double, kMaxOperands> moves{};
  for (std::size_t i = 0; i < operands; ++i) moves[i] = traffic[i].reads + traffic[i].writes;
  for (std::size_t n = 1; n < operands; ++n) {
    const std::size_t i = order[n];
    std::size_t m = n;
    for (; m > 0 && moves[i] > moves[order[m - 1]]; --m) order[m] = order[m - 1];
    order[m] = i;
  }
  OnChipShares onChip{};
  double activationRoom = placement.activationShare.value();
  for (std::size_t n = 0; n < operands; ++n) {
    const std::size_t i = order[n];
    const auto& o = op.operands[i];
    switch (o.kind) {
    case DataKind::Weight: onChip[i] = placement.weightsOnChip; break;
    case DataKind::Cache: onChip[i] = placement.cacheOnChip; break;
    case DataKind::Activation: {
      const double take = std::min(activationRoom, o.bytes.value());
      activationRoom -= take;
      onChip[i] = o.bytes.value() > 0 ? take / o.bytes.value() : 1.0;
      break;
    }
    }
  }
  return onChip;
}

/// Step 3, streams: the bytes each stream moves, and the part that crosses to the operands'
/// off-chip homes (reads and writes of the resident part stay on chip).
Streams streamBytes(const Operator& op, const Traffic& traffic, const OnChipShares& onChip) {
  Streams streams{};
  for (std::size_t i = 0; i < op.operands.size(); ++i) {
    const auto& o = op.operands[i];
    if (traffic[i].reads > 0) {
      auto& s = streams[int(o.kind == DataKind::Activation ? Stream::VectorRead : Stream::MatrixRead)];
      s.total += o.bytes * traffic[i].reads;
      s.offChip += o.bytes * (traffic[i].reads * (1.0 - onChip[i]));
    }
    if (traffic[i].writes > 0) {
      auto& s = streams[int(Stream::Write)];
      s.total += o.bytes * traffic[i].writes;
      s.offChip += o.bytes * (traffic[i].writes * (1.0 - onChip[i]));
    }
  }
  return streams;
}

/// Step 4, transfers: each stream's time along the chain on-chip -> L1 -> ... (Eq. 2-5), and what
/// bounds the operator. The bandwidth priority splits every off-chip level between the matrix
/// stream and the vector/write streams; the DMA sustains its measured fraction of what remains.
/// Shared: one stream over all bytes.
void costTransfers(OperatorCost& cost, const Streams& streams, const DeviceModel& device, const Placement& placement,
                   bool explain) {
  const auto& strategy = device.spec().strategy;
  const std::size_t levels = device.levelCount();
  auto chainFor = [&](const StreamBytes& s, double share, double dma) {
    std::array<ChainLevel, kMaxChainLevels> chain; // the first `levels` are set
    chain[0] = {device.level(0).bandwidth, device.level(0).latency, s.total - s.offChip};
    for (std::size_t j = 1; j < levels; ++j) {
      const double fraction = j - 1 < placement.offChipFraction.size() ? placement.offChipFraction[j - 1] : 0.0;
      chain[j] = {device.level(j).bandwidth * (share * dma), device.level(j).latency, s.offChip * fraction};
    }
    return transferTime(std::span<const ChainLevel>(chain.data(), levels), explain);
  };
  auto note = [&](int streamIndex, const TransferTime& t) {
    cost.streamTime[streamIndex] = t.time;
    if (!t.feasible && cost.feasible) {
      cost.feasible = false;
      if (explain) cost.reason = std::string(toString(Stream(streamIndex))) + ": " + t.reason;
    }
  };
  if (strategy.bandwidth == BandwidthPriority::Shared) {
    StreamBytes all{};
    double weighted = 0.0;
    for (int s = 0; s < kStreamCount; ++s) {
      all.total += streams[s].total;
      all.offChip += streams[s].offChip;
      weighted += streams[s].offChip.value() * dmaFraction(device.spec().dma, Stream(s));
    }
    const double dma = all.offChip.value() > 0 ? weighted / all.offChip.value() : 1.0;
    const auto t = chainFor(all, 1.0, dma);
    int dominant = 0;
    for (int s = 1; s < kStreamCount; ++s)
      if (streams[s].total > streams[dominant].total) dominant = s;
    note(dominant, t);
    if (t.time > cost.computeTime && t.feasible) {
      cost.computeBound = false;
      cost.boundStream = dominant;
      cost.boundLevel = t.boundLevel;
    }
    return;
  }
  const double matrixShare = strategy.matrixShare(), vectorShare = strategy.vectorShare();
  std::array<int, kStreamCount> boundLevel{};
  for (int s = 0; s < kStreamCount; ++s) {
    const double share = s == int(Stream::MatrixRead) ? matrixShare : vectorShare;
    const auto t = chainFor(streams[s], share, dmaFraction(device.spec().dma, Stream(s)));
    note(s, t);
    boundLevel[s] = t.boundLevel;
  }
  for (int s = 0; s < kStreamCount; ++s)
    if (cost.streamTime[s] > cost.computeTime && (cost.boundStream < 0 || cost.streamTime[s] > cost.streamTime[cost.boundStream])) {
      cost.computeBound = false;
      cost.boundStream = s;
    }
  if (!cost.computeBound) cost.boundLevel = boundLevel[cost.boundStream];
}

/// Step 5, traffic per level for Eq. 6: data stored at level j are read there and staged through
/// every nearer level (written into it, read out of it); written data take the opposite way. Then
/// the memory energy of that traffic.
void costLevelTraffic(OperatorCost& cost, const Streams& streams, const DeviceModel& device, const Placement& placement) {
  const std::size_t levels = device.levelCount();
  // The share of the off-chip bytes stored at or beyond each off-chip level.
  std::array<double, kMaxChainLevels> fractionBeyond;
  for (std::size_t j = 1; j < levels; ++j) {
    double sum = 0.0;
    for (std::size_t k = j - 1; k < placement.offChipFraction.size(); ++k) sum += placement.offChipFraction[k];
    fractionBeyond[j] = sum;
  }
  for (int s = 0; s < kStreamCount; ++s) {
    const auto& sb = streams[s];
    const bool write = s == int(Stream::Write);
    // bytes stored at or beyond each level
    std::array<Bytes, kMaxChainLevels> beyond;
    beyond[0] = sb.total;
    for (std::size_t j = 1; j < levels; ++j) beyond[j] = sb.offChip * fractionBeyond[j];
    for (std::size_t j = 0; j < levels; ++j) {
      const Bytes deeper = j + 1 < levels ? beyond[j + 1] : Bytes();
      if (!write) {
        cost.traffic[j].read += beyond[j];
        cost.traffic[j].written += deeper;
      } else {
        cost.traffic[j].written += beyond[j];
        cost.traffic[j].read += deeper;
      }
    }
    cost.offChipBytes += sb.offChip;
  }
  for (std::size_t j = 0; j < levels; ++j) {
    const LevelFigures& level = device.level(j);
    cost.memoryEnergy += level.readEnergy * cost.traffic[j].read + level.writeEnergy * cost.traffic[j].written;
  }
}

/// Step 6, compute energy: each unit draws its (non-static) share of the peak while it is busy.
void costComputeEnergy(OperatorCost& cost, const DeviceModel& device, Seconds matrixBusy) {
  const Watts dynamicPeak = device.computePeakPower() * (1.0 - device.spec().power.staticFraction);
  const double matrixShare = device.matrixPowerShare();
  cost.computeEnergy = dynamicPeak * matrixShare * matrixBusy + dynamicPeak * (1.0 - matrixShare) * cost.vectorTime;
  if (matrixShare >= 1.0) cost.computeEnergy = dynamicPeak * (matrixBusy + cost.vectorTime);
}

} // namespace

OperatorCost costOperator(const Operator& op, const DeviceModel& device, const Placement& placement, bool explain) {
  if (device.levelCount() > kMaxChainLevels || op.operands.size() > kMaxOperands)
    throw std::length_error("costOperator: more levels or operands than the model supports");
  OperatorCost cost;
  cost.flops = op.flops();
  const Seconds matrixBusy = costCompute(cost, op, device);
  Traffic traffic{};
  const TileCounts tiles = tileCounts(op, device.tiling());
  for (std::size_t i = 0; i < op.operands.size(); ++i)
    traffic[i] = trafficOf(op.operands[i], !op.gemms.empty(), device.spec().strategy.dataflow, tiles);
  const Streams streams = streamBytes(op, traffic, onChipShares(op, placement, traffic));
  costTransfers(cost, streams, device, placement, explain);
  cost.time = cost.computeTime;
  for (auto t : cost.streamTime) cost.time = std::max(cost.time, t);
  // Kernel launch and synchronisation (GPUs): a fixed time nothing overlaps.
  cost.overheadTime = device.compute().kernelOverhead(op, device.operandBits());
  if (cost.overheadTime.value() > 0) cost.time += cost.overheadTime;
  costLevelTraffic(cost, streams, device, placement);
  costComputeEnergy(cost, device, matrixBusy);
  return cost;
}

Placement ChainCoster::place(const DeviceModel& device, const PlacementDemand& demand) const {
  return llmwb::place(device.memory(), device.spec().strategy.storage, demand);
}

OperatorCost ChainCoster::cost(const Operator& op, const DeviceModel& device, const Placement& placement) const {
  return costOperator(op, device, placement);
}

OperatorCost ChainCoster::costUnexplained(const Operator& op, const DeviceModel& device, const Placement& placement) const {
  return costOperator(op, device, placement, false);
}

std::string ChainCoster::describeBound(const OperatorCost& c, const DeviceModel& device) const {
  if (c.computeBound) return "compute";
  return std::string(toString(Stream(c.boundStream))) + " @ " + device.memory().levelLabel(std::size_t(std::max(0, c.boundLevel)));
}

} // namespace llmwb
