// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/gpu/gpu_tensor_cores.h"

#include <algorithm>
#include <cmath>

namespace llmwb {

namespace {
double pad(double x, double q) { return std::ceil(x / q) * q; }
constexpr double kMmaRows = 16; ///< rows of one tensor-core MMA (m16n8k16)

/// A tile side for an output extent: the smallest power of two that holds it, from the MMA's 16
/// up to the full tile's side.
double tileSide(double extent, double fullSide) {
  double side = kMmaRows;
  while (side < extent && side * 2 <= fullSide) side *= 2;
  return std::max(side, std::min(fullSide, kMmaRows));
}
} // namespace

std::string GpuTensorCores::describe() const {
  return "GPU tensor cores, " + std::to_string(int(std::round(units::inTeraflopsPerSecond(peakMatrixFlops(16))))) +
         " TFLOP/s dense FP16";
}

FlopsPerSecond GpuTensorCores::peakMatrixFlops(int operandBits) const {
  if (operandBits <= 4 && mSpec.tensorPeak4.value() > 0) return mSpec.tensorPeak4;
  if (operandBits <= 8 && mSpec.tensorPeak8.value() > 0) return mSpec.tensorPeak8;
  if (mSpec.tensorCores > 0)
    return units::macsPerSecond(double(mSpec.tensorCores) * mSpec.mmaM * mSpec.mmaN * mSpec.mmaK * mSpec.frequency.value());
  return mSpec.tensorPeak16;
}

GemmPlan GpuTensorCores::plan(const GemmShape& g, int operandBits) const {
  GemmPlan p;
  const FlopsPerSecond rate = peakMatrixFlops(operandBits) * mSpec.efficiencyAt(operandBits);
  if (g.macs() <= 0) return p;
  if (mSpec.smCount <= 0) {
    p.tileM = 16;
    p.tileN = 8;
    p.tiles = 1;
    p.waves = 1;
    p.time = units::macs(pad(g.m, 16) * pad(g.k, 16) * pad(g.n, 8) * g.instances) / rate;
    return p;
  }
  const double sms = mSpec.smCount;
  // Tiles as small as the product, up to the full tile. The libraries keep skinny GEMMs (decode,
  // short prompts) off full-height tiles with small-M kernels or by swapping A and B; a GEMM just
  // over a tile pays for a second, nearly empty one. A product narrower than the full tile
  // (attention's P V, whose N is the head dimension; small expert or shard GEMMs) runs on a
  // narrower one, as FlashAttention's 128-wide output tiles and the libraries' 64- and 128-wide
  // kernels do.
  p.tileM = tileSide(g.m, mSpec.gemmTileM);
  p.tileN = tileSide(g.n, mSpec.gemmTileN);
  const double depth = pad(g.k, 16);
  const double instances = std::max(1.0, std::ceil(g.instances - 1e-9));
  p.tiles = std::ceil(g.m / p.tileM) * std::ceil(g.n / p.tileN) * instances;
  if (p.tiles < sms)
    p.split = std::max(1.0, std::min(std::floor(sms / p.tiles), std::floor(depth / mSpec.splitMinDepth)));
  p.waves = std::ceil(p.tiles * p.split / sms);
  p.time = units::macs(p.waves * p.tileM * p.tileN * (depth / p.split)) / (rate / sms);
  return p;
}

Seconds GpuTensorCores::gemmTime(const GemmShape& g, int operandBits) const { return plan(g, operandBits).time; }

Seconds GpuTensorCores::gemmBusyTime(const GemmShape& g, int operandBits) const {
  const auto p = plan(g, operandBits);
  if (mSpec.smCount <= 0 || p.waves <= 0) return p.time;
  return p.time * (p.tiles * p.split / (p.waves * mSpec.smCount)); // padded tiles burn power, idle SMs not
}

double GpuTensorCores::gemmEfficiency(const GemmShape& g, int operandBits) const {
  const Seconds t = gemmTime(g, operandBits);
  if (t.value() <= 0) return 0.0;
  return units::macs(g.macs()).value() / (peakMatrixFlops(operandBits).value() * t.value());
}

Seconds GpuTensorCores::vectorTime(double elementOps) const { return Flops(elementOps) / mSpec.vectorPeak; }

Seconds GpuTensorCores::scanTime(const ScanWork& s) const { return units::macs(s.macs()) / mSpec.vectorPeak; }

int GpuTensorCores::matrixOperandBits(OperatorClass cls, int operandBits) const {
  return cls == OperatorClass::Attention ? std::max(operandBits, mSpec.attentionBits) : operandBits;
}

Seconds GpuTensorCores::kernelOverhead(const Operator& op, int operandBits) const {
  if (mSpec.kernelOverhead.value() <= 0) return Seconds();
  // One kernel per operator (the engines' fused kernels: norm, QKV + RoPE, attention, ...), plus
  // the reduction kernel of a split-K GEMM or a split-KV decode attention.
  double kernels = 1;
  const int bits = matrixOperandBits(op.cls, operandBits);
  for (const auto& g : op.gemms)
    if (plan(g, bits).split > 1) {
      kernels = 2;
      break;
    }
  return mSpec.kernelOverhead * kernels;
}

} // namespace llmwb
