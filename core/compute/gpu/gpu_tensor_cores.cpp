// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/gpu/gpu_tensor_cores.h"

#include <cmath>

namespace llmwb {

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

Seconds GpuTensorCores::gemmTime(const GemmShape& g, int operandBits) const {
  auto pad = [](double x, double q) { return std::ceil(x / q) * q; };
  const double macs = pad(g.m, 16) * pad(g.k, 16) * pad(g.n, 8) * g.instances;
  return units::macs(macs) / (peakMatrixFlops(operandBits) * mSpec.matmulEfficiency);
}

Seconds GpuTensorCores::vectorTime(double elementOps) const { return Flops(elementOps) / mSpec.vectorPeak; }

Seconds GpuTensorCores::scanTime(const ScanWork& s) const { return units::macs(s.macs()) / mSpec.vectorPeak; }

} // namespace llmwb
