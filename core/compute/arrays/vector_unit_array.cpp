// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/arrays/vector_unit_array.h"

#include <algorithm>
#include <cmath>

namespace llmwb {

std::string VectorUnitArray::describe() const {
  return std::to_string(mSpec.arrays) + " vector-unit arrays " + std::to_string(mSpec.width) + "-wide " +
         std::to_string(mSpec.rows) + "x" + std::to_string(mSpec.cols);
}

FlopsPerSecond VectorUnitArray::peakMatrixFlops(int) const {
  return units::macsPerSecond(double(mSpec.lanes()) * mSpec.arrays * mSpec.frequency.value());
}

FlopsPerSecond VectorUnitArray::peakVectorOps() const {
  return FlopsPerSecond(double(mSpec.lanes()) * mSpec.arrays * mSpec.frequency.value());
}

GemmTiling VectorUnitArray::tiling() const {
  // Each unit owns output columns; the weights stream once per group of buffered inputs.
  return {double(mSpec.bufferedInputs), totalUnits(), 1e18, double(mSpec.bufferedInputs)};
}

double VectorUnitArray::dotProductCycles(double k) const {
  return std::ceil(k / mSpec.width) + std::ceil(std::log2(double(mSpec.width)));
}

Seconds VectorUnitArray::gemmTime(const GemmShape& g, int operandBits) const {
  if (g.m <= 0 || g.k <= 0 || g.n <= 0 || g.instances <= 0) return Seconds();
  const double rounds = std::ceil(g.m * g.n * g.instances / totalUnits());
  const double compute = rounds * dotProductCycles(g.k) / mSpec.frequency.value();
  const double weightBytes = g.k * g.n * g.instances * operandBits / 8.0 * std::ceil(g.m / mSpec.bufferedInputs);
  const double sram = weightBytes / (mSpec.sramBandwidth.value() * mSpec.arrays);
  return Seconds(std::max(compute, sram));
}

Seconds VectorUnitArray::vectorTime(double elementOps) const {
  return Seconds(std::ceil(elementOps / (double(mSpec.lanes()) * mSpec.arrays)) / mSpec.frequency.value());
}

double VectorUnitArray::ssmStepCycles(const ScanWork& s) const {
  const double lanes = double(mSpec.lanes()) * mSpec.arrays;
  const double updates = std::ceil(s.sequences * s.channels * s.stateSize * s.macsPerUpdate / lanes);
  const double reduction = std::ceil(std::log2(double(mSpec.width))) + std::max(0.0, std::ceil(s.stateSize / mSpec.width) - 1.0);
  return updates + reduction;
}

Seconds VectorUnitArray::scanTime(const ScanWork& s) const {
  if (s.tokens <= 0 || s.sequences <= 0) return Seconds();
  return Seconds(s.tokens * ssmStepCycles(s) / mSpec.frequency.value());
}

} // namespace llmwb
