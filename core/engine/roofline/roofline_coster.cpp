// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/roofline/roofline_coster.h"

#include "core/engine/memexplorer/operator_cost.h"

#include <algorithm>

namespace llmwb {

OperatorCost rooflineCost(const Operator& op, const DeviceModel& device, const Placement& placement, bool explain) {
  const auto& compute = device.compute();
  const auto& memory = device.memory();
  OperatorCost cost;
  cost.flops = op.flops();

  // Compute at the peaks: matrix FLOPs at the matrix peak, vector work at the vector peak, the
  // units working side by side (a bound for engines that overlap them).
  const int matrixBits = compute.matrixOperandBits(op.cls, device.operandBits());
  double macs = 0;
  for (const auto& g : op.gemms) macs += g.macs();
  const double matrixPeak = compute.peakMatrixFlops(matrixBits).value();
  const double vectorPeak = compute.peakVectorOps().value();
  cost.matrixTime = Seconds(macs > 0 && matrixPeak > 0 ? 2.0 * macs / matrixPeak : 0.0);
  cost.vectorTime = Seconds(op.vectorOps > 0 && vectorPeak > 0 ? op.vectorOps / vectorPeak : 0.0);
  if (op.scan.tokens > 0) cost.vectorTime += compute.scanTime(op.scan); // recurrences: the compute kind's own scan time
  cost.computeTime = std::max(cost.matrixTime, cost.vectorTime);
  cost.time = cost.computeTime;

  // Compulsory traffic: every operand read (or written) once. What the placement keeps on chip
  // (weights, cache, activations up to their share, in operand order) stays there; the rest is
  // served by the off-chip level that stores it. Everything passes the on-chip level once.
  double activationRoom = placement.activationShare.value();
  Bytes offChipRead, offChipWritten;
  for (const auto& o : op.operands) {
    double onChip = 0;
    switch (o.kind) {
    case DataKind::Weight: onChip = placement.weightsOnChip; break;
    case DataKind::Cache: onChip = placement.cacheOnChip; break;
    case DataKind::Activation: {
      const double take = std::min(activationRoom, o.bytes.value());
      activationRoom -= take;
      onChip = o.bytes.value() > 0 ? take / o.bytes.value() : 1.0;
      break;
    }
    }
    const Bytes away = o.bytes * (1.0 - onChip);
    (o.write ? cost.traffic[0].written : cost.traffic[0].read) += o.bytes;
    (o.write ? offChipWritten : offChipRead) += away;
  }
  cost.traffic[0].written += offChipRead; // staged in from off chip
  cost.traffic[0].read += offChipWritten; // and out
  cost.offChipBytes = offChipRead + offChipWritten;
  for (std::size_t j = 1; j <= memory.offChip.size() && j < kMaxCostLevels; ++j) {
    const double share = j - 1 < placement.offChipFraction.size() ? placement.offChipFraction[j - 1] : 0.0;
    cost.traffic[j] = {offChipRead * share, offChipWritten * share};
  }

  // Memory time: each off-chip level's traffic at its peak (no DMA fraction); the on-chip level
  // bounds only a device that has nothing off chip.
  const std::size_t levels = std::min(kMaxCostLevels, 1 + memory.offChip.size());
  for (std::size_t j = memory.offChip.empty() ? 0 : 1; j < levels; ++j) {
    const BytesPerSecond bandwidth = device.level(j).bandwidth;
    const Bytes moved = cost.traffic[j].read + cost.traffic[j].written;
    if (moved.value() <= 0) continue;
    if (bandwidth.value() <= 0) {
      cost.feasible = false;
      if (explain) cost.reason = "no bandwidth at " + memory.levelName(j);
      continue;
    }
    const Seconds t = moved / bandwidth;
    if (t > cost.time) {
      cost.time = t;
      cost.computeBound = false;
      cost.boundLevel = int(j);
      cost.streamTime[0] = t;
    }
  }

  // Energy: every level's per-bit energy on its traffic; the compute draws its dynamic share of the
  // peak while busy (the chain's rule, costOperator()).
  for (std::size_t j = 0; j < levels; ++j) {
    const LevelFigures& level = device.level(j);
    cost.memoryEnergy += level.readEnergy * cost.traffic[j].read + level.writeEnergy * cost.traffic[j].written;
  }
  const Watts dynamicPeak = device.computePeakPower() * (1.0 - device.spec().power.staticFraction);
  const double matrixShare = device.matrixPowerShare();
  cost.computeEnergy = matrixShare >= 1.0 ? dynamicPeak * (cost.matrixTime + cost.vectorTime)
                                          : dynamicPeak * matrixShare * cost.matrixTime + dynamicPeak * (1.0 - matrixShare) * cost.vectorTime;
  return cost;
}

Placement RooflineCoster::place(const DeviceModel& device, const PlacementDemand& demand) const {
  return ChainCoster().place(device, demand);
}

OperatorCost RooflineCoster::cost(const Operator& op, const DeviceModel& device, const Placement& placement) const {
  return rooflineCost(op, device, placement);
}

OperatorCost RooflineCoster::costUnexplained(const Operator& op, const DeviceModel& device, const Placement& placement) const {
  return rooflineCost(op, device, placement, false);
}

std::string RooflineCoster::describeBound(const OperatorCost& c, const DeviceModel& device) const {
  if (c.computeBound) return "compute";
  return "memory @ " + device.memory().levelLabel(std::size_t(std::max(0, c.boundLevel)));
}

} // namespace llmwb
