// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/snake/snake_coster.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace llmwb::snake {

namespace {

void setBound(OperatorCost& c, Bound b) {
  c.computeBound = b == Bound::Compute;
  c.boundStream = b == Bound::Memory ? int(CostStream::Memory) : b == Bound::Noc ? int(CostStream::Noc)
                 : b == Bound::Vector ? int(CostStream::Vector) : -1;
  c.boundLevel = b == Bound::Memory ? 1 : 0;
}

void addTraffic(OperatorCost& c, const DeviceModel& device, Bytes read, Bytes written) {
  const auto& memory = device.memory();
  c.offChipBytes += read + written;
  if (memory.offChip.empty()) {
    c.traffic[0].read += read;
    c.traffic[0].written += written;
    c.memoryEnergy += device.level(0).readEnergy * read + device.level(0).writeEnergy * written;
    return;
  }
  c.traffic[1].read += read;
  c.traffic[1].written += written;
  c.memoryEnergy += device.level(1).readEnergy * read + device.level(1).writeEnergy * written;
}

/// The PUs' on-die buffers (the memory's on-chip level, when the die has DRAM below it): what the
/// channels deliver is written there and read by the arrays or the vector cores.
void addBufferTraffic(OperatorCost& c, const DeviceModel& device, Bytes read, Bytes written) {
  const auto& memory = device.memory();
  if (memory.offChip.empty()) return;
  c.traffic[0].read += read;
  c.traffic[0].written += written;
  c.memoryEnergy += device.level(0).readEnergy * read + device.level(0).writeEnergy * written;
}

/// Cycles of one core for an attention product at the best shape and dataflow; a reconfigurable
/// array's logical slices replicate a short stationary tile as they do for projections.
double attentionCycles(const NmpDie& die, double m, double k, double n, double instances) {
  const auto& s = die.spec;
  if (die.substrate == NmpSubstrate::MacTree) return macTreeCycles(s.arrayRows, s.arrayCols, m, k, n, instances).cycles;
  double best = -1;
  for (const auto& shape : die.shapes)
    for (auto df : {CoreDataflow::InputStationary, CoreDataflow::OutputStationary}) {
      const double c = systolicCycles(df, shape, m, k, n, instances, s.foldOverlap != 0, die.weightPorts).cycles;
      if (best < 0 || c < best) best = c;
    }
  return best;
}
} // namespace

const NmpDie& nmpDie(const DeviceModel& device) {
  const auto* unit = dynamic_cast<const NmpDieUnit*>(&device.compute());
  if (!unit)
    throw std::invalid_argument("device " + device.spec().id + ": the snake engine needs an NMP logic die (compute type "
                                "\"snake\", \"fixed_array\" or \"mac_tree\"), not \"" + device.spec().compute.kindName() + "\"");
  return unit->die();
}

Placement SnakeCoster::place(const DeviceModel& device, const PlacementDemand& demand) const {
  return llmwb::place(device.memory(), device.spec().strategy.storage, demand);
}

OperatorCost SnakeCoster::cost(const Operator& op, const DeviceModel& device, const Placement&) const {
  const NmpDie& die = nmpDie(device);
  const auto& s = die.spec;
  const double f = die.frequencyHz();
  const BytesPerSecond bandwidth = device.memory().peakBandwidth();
  const double bwPerPu = bandwidth.value() / s.pus;
  const double lanes = s.vectorLanes * f;
  OperatorCost c;
  c.flops = op.flops();

  if (op.cls == OperatorClass::Attention && op.gemms.size() == 2) {
    // Head-parallel: (request, KV head) pairs round-robin over the PUs; keys split over the cores.
    // The softmax runs on the PU's vector core beside the products of the other heads (§5(b):
    // "interleaving the linear stage and the Softmax/reduction stage of different heads within the
    // same group"): the query heads that share a KV head (qk.m in decode) and the PU's other pairs
    // each hide the previous one's, so only the last head's share is exposed.
    const auto& qk = op.gemms[0];
    const auto& pv = op.gemms[1];
    const double instances = std::max(1.0, qk.instances);
    const double perPu = wholeCount(instances / s.pus);
    const double share = std::min(1.0, perPu / instances);
    const double cores = s.coresPerPu;
    const double keys = qk.n;
    const double cycles = attentionCycles(die, qk.m, qk.k, wholeCount(keys / cores), perPu) +
                          attentionCycles(die, pv.m, wholeCount(pv.k / cores), pv.n, perPu);
    const double tMat = cycles / f;
    Bytes read, written;
    for (const auto& o : op.operands) (o.write ? written : read) += o.bytes;
    const double tMem = (read + written).value() * share / bwPerPu;
    const double reduce = pv.m * pv.n * (cores - 1) * perPu; // K-split partial outputs summed by the vector core
    const double tVec = (op.vectorOps * share + reduce) / lanes;
    const double macs = qk.macs() + pv.macs();
    c.matrixTime = Seconds(tMat);
    c.vectorTime = Seconds(tVec);
    c.computeTime = Seconds(tMat);
    c.streamTime[int(CostStream::Memory)] = Seconds(tMem);
    const double body = std::max({tMat, tMem, tVec});
    const double heads = perPu * std::max(1.0, std::floor(qk.m));
    c.time = Seconds(body + tVec / heads);
    setBound(c, tMat >= body ? Bound::Compute : tMem >= body ? Bound::Memory : Bound::Vector);
    addTraffic(c, device, read, written);
    addBufferTraffic(c, device, read + written, read + written);
    c.computeEnergy = Joules(s.matrixPeakW * macs / die.peakMacsPerSecond() + s.controlPeakW * tMat * std::min(1.0, instances / s.pus) +
                             s.vectorPeakW * tVec * std::min(1.0, instances / s.pus));
    return c;
  }

  const bool linear = !op.gemms.empty() && op.cls != OperatorClass::Attention;
  if (linear) {
    const auto& quant = device.spec().quantisation;
    Seconds memory, noc;
    Bound bound = Bound::Compute;
    Seconds longest;
    for (std::size_t i = 0; i < op.gemms.size(); ++i) {
      const auto problem = problemFor(op, i, mDevices, quant);
      const auto plan = planGemm(die, bandwidth, problem);
      const auto e = planEnergy(die, problem, plan);
      c.time += plan.time;
      c.matrixTime += plan.computeTime;
      c.vectorTime += plan.vectorTime;
      memory += plan.memoryTime;
      noc += plan.commTime;
      c.computeEnergy += e.total();
      addTraffic(c, device, plan.dramBytes, Bytes());
      addBufferTraffic(c, device, plan.bufferRead, plan.bufferWritten());
      if (plan.time > longest) {
        longest = plan.time;
        bound = plan.bound;
      }
    }
    c.computeTime = c.matrixTime;
    c.streamTime[int(CostStream::Memory)] = memory;
    c.streamTime[int(CostStream::Noc)] = noc;
    c.streamTime[int(CostStream::Vector)] = c.vectorTime;
    setBound(c, bound);
    return c;
  }

  // Norms, residuals, embeddings: stream the operands through the die's channels, vector cores busy.
  Bytes read, written;
  for (const auto& o : op.operands) (o.write ? written : read) += o.bytes;
  const double tMem = (read + written).value() / bandwidth.value();
  const double tVec = (op.vectorOps + (op.scan.tokens > 0 ? op.scan.macs() * 2.0 : 0.0)) / (lanes * s.pus);
  c.vectorTime = Seconds(tVec);
  c.computeTime = Seconds(tVec);
  c.streamTime[int(CostStream::Memory)] = Seconds(tMem);
  c.time = Seconds(std::max(tMem, tVec));
  setBound(c, tVec >= tMem ? Bound::Vector : Bound::Memory);
  if (c.boundStream == int(CostStream::Vector)) c.computeBound = true;
  addTraffic(c, device, read, written);
  addBufferTraffic(c, device, read + written, read + written);
  c.computeEnergy = Joules(s.vectorPeakW * tVec);
  return c;
}

std::string SnakeCoster::describeBound(const OperatorCost& c, const DeviceModel& device) const {
  if (c.computeBound) return c.boundStream == int(CostStream::Vector) ? "vector cores" : "compute (arrays)";
  switch (CostStream(c.boundStream)) {
  case CostStream::Memory:
    return device.memory().offChip.empty() ? "memory" : "DRAM channels (" + device.memory().offChip[0].describe() + ")";
  case CostStream::Noc: return "NoC reductions";
  case CostStream::Vector: return "vector cores";
  }
  return "?";
}

} // namespace llmwb::snake
