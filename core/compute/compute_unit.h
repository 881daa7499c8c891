// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/model/operators.h"
#include "core/units/quantity.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace llmwb {

/// The operand tile a compute array holds at once. The dataflow model uses it to count how often
/// streamed operands are re-read: an operand is re-fetched once per stationary tile it meets.
struct GemmTiling {
  double m = 1; ///< rows of A (tokens) per tile
  double n = 1; ///< columns of B (outputs) per tile
  double k = 1; ///< reduction depth per tile
  double attentionRows = 1; ///< query rows per attention tile (flash attention's Q block)
};

/// Something that turns operations into time: it knows its peak rate and how an operator of a
/// given shape maps onto it. Contract: times are for one device; they never include memory stalls.
class ComputeUnit {
public:
  virtual ~ComputeUnit() = default;
  virtual std::string describe() const = 0;
  /// Peak matrix throughput for operands of `operandBits` bits (FLOP/s, 2 per MAC).
  virtual FlopsPerSecond peakMatrixFlops(int operandBits) const = 0;
  /// Peak element operations per second of the vector datapath.
  virtual FlopsPerSecond peakVectorOps() const = 0;
  virtual GemmTiling tiling() const = 0;
  virtual Seconds gemmTime(const GemmShape& shape, int operandBits) const = 0;
  virtual Seconds vectorTime(double elementOps) const = 0;
  virtual Seconds scanTime(const ScanWork& scan) const = 0;
  /// The part of gemmTime() the matrix units are busy, which sets their dynamic energy. Default:
  /// all of it; a GPU's SMs idle through the empty part of a GEMM's last wave.
  virtual Seconds gemmBusyTime(const GemmShape& shape, int operandBits) const { return gemmTime(shape, operandBits); }
  /// The operand width an operator's matrix work runs at on a device whose operands are
  /// `operandBits` wide. Default: that width; a GPU computes attention at 16 bits even with FP8
  /// weights and KV cache (gpu/gpu_spec.h, attentionBits).
  virtual int matrixOperandBits(OperatorClass, int operandBits) const { return operandBits; }
  /// Fixed time an operator costs beyond its work: launching and synchronising the kernels it
  /// runs on a device that launches kernels (a GPU). Not overlapped with anything. Default none.
  virtual Seconds kernelOverhead(const Operator&, int /*operandBits*/) const { return Seconds(); }
  /// Compute ceilings for a roofline, one per kind of unit: (name, peak) pairs.
  virtual std::vector<std::pair<std::string, FlopsPerSecond>> ceilings(int operandBits) const {
    return {{"matrix", peakMatrixFlops(operandBits)}, {"vector", peakVectorOps()}};
  }
};

} // namespace llmwb
