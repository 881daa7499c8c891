// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/arrays/systolic_array.h"

#include <algorithm>
#include <cmath>

namespace llmwb {

std::string SystolicArrayUnit::describe() const {
  return std::to_string(mSpec.arrays) + " systolic arrays " + std::to_string(mSpec.rows) + "x" + std::to_string(mSpec.cols);
}

FlopsPerSecond SystolicArrayUnit::peakMatrixFlops(int) const {
  return units::macsPerSecond(double(mSpec.rows) * mSpec.cols * mSpec.arrays * mSpec.frequency.value());
}

FlopsPerSecond SystolicArrayUnit::peakVectorOps() const {
  return FlopsPerSecond(double(mSpec.sfus()) * mSpec.arrays * mSpec.frequency.value());
}

GemmTiling SystolicArrayUnit::tiling() const {
  // Device level: the arrays together hold one R-row band of the output across arrays x C columns,
  // so a weight tile read into SRAM serves every array; attention tiles queries the same way.
  const double band = double(mSpec.cols) * mSpec.arrays;
  return {double(mSpec.rows), band, 1e18, double(mSpec.rows) * mSpec.arrays};
}

double SystolicArrayUnit::tileCycles(double k, int operandBits) const {
  const double compute = k + mSpec.rows + mSpec.cols - 2.0; // SCALE-Sim OS: T + R + C - 2
  const double bytes = (double(mSpec.rows) * k + k * mSpec.cols) * operandBits / 8.0;
  const double bytesPerCycle = mSpec.sramBandwidth.value() / mSpec.frequency.value();
  return std::max(compute, bytes / bytesPerCycle);
}

Seconds SystolicArrayUnit::gemmTime(const GemmShape& g, int operandBits) const {
  if (g.m <= 0 || g.k <= 0 || g.n <= 0 || g.instances <= 0) return Seconds();
  const double tiles = std::ceil(g.m / mSpec.rows) * std::ceil(g.n / mSpec.cols) * std::ceil(g.instances);
  const double waves = std::ceil(tiles / mSpec.arrays);
  return Seconds(waves * tileCycles(g.k, operandBits) / mSpec.frequency.value());
}

Seconds SystolicArrayUnit::vectorTime(double elementOps) const {
  return Seconds(std::ceil(elementOps / (double(mSpec.sfus()) * mSpec.arrays)) / mSpec.frequency.value());
}

Seconds SystolicArrayUnit::scanTime(const ScanWork& s) const {
  if (s.tokens <= 0 || s.sequences <= 0) return Seconds();
  const double tilesPerSequence = std::ceil(s.channels / mSpec.rows) * std::ceil(s.stateSize / mSpec.cols);
  const double waves = std::ceil(s.sequences * tilesPerSequence / mSpec.arrays);
  const double compute = mSpec.ssmCyclesPerUpdate * s.tokens + mSpec.rows + mSpec.cols;
  const double bytes = s.tokens * (3.0 * mSpec.rows + 2.0 * mSpec.cols) * s.elementBytes;
  const double bytesPerCycle = mSpec.sramBandwidth.value() / mSpec.frequency.value();
  return Seconds(waves * std::max(compute, bytes / bytesPerCycle) / mSpec.frequency.value());
}

} // namespace llmwb
