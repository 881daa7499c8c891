// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/arrays/array_compute.h"

namespace llmwb {

ArrayCompute::ArrayCompute(const ArrayComputeSpec& spec) {
  if (spec.systolic) mSystolic.emplace(*spec.systolic);
  if (spec.vector) mVector.emplace(*spec.vector);
}

std::string ArrayCompute::describe() const {
  if (mSystolic && mVector) return mSystolic->describe() + " + " + mVector->describe();
  if (mSystolic) return mSystolic->describe();
  if (mVector) return mVector->describe();
  return "no arrays";
}

template <typename F>
Seconds ArrayCompute::shared(F time) const {
  if (mSystolic && mVector) {
    const Seconds a = time(*mSystolic), b = time(*mVector);
    if (a.value() <= 0 || b.value() <= 0) return std::max(a, b);
    return Seconds(1.0 / (1.0 / a.value() + 1.0 / b.value()));
  }
  if (mSystolic) return time(*mSystolic);
  if (mVector) return time(*mVector);
  return Seconds(1e30);
}

FlopsPerSecond ArrayCompute::peakMatrixFlops(int bits) const {
  return (mSystolic ? mSystolic->peakMatrixFlops(bits) : FlopsPerSecond()) +
         (mVector ? mVector->peakMatrixFlops(bits) : FlopsPerSecond());
}

FlopsPerSecond ArrayCompute::peakVectorOps() const {
  return (mSystolic ? mSystolic->peakVectorOps() : FlopsPerSecond()) + (mVector ? mVector->peakVectorOps() : FlopsPerSecond());
}

GemmTiling ArrayCompute::tiling() const {
  if (mSystolic) return mSystolic->tiling();
  if (mVector) return mVector->tiling();
  return {};
}

std::vector<std::pair<std::string, FlopsPerSecond>> ArrayCompute::ceilings(int bits) const {
  std::vector<std::pair<std::string, FlopsPerSecond>> out;
  if (mSystolic) out.emplace_back("systolic arrays", mSystolic->peakMatrixFlops(bits));
  if (mVector) out.emplace_back("vector-unit arrays", mVector->peakMatrixFlops(bits));
  out.emplace_back("SFUs", mSystolic && !mVector ? mSystolic->peakVectorOps() : peakVectorOps());
  return out;
}

Seconds ArrayCompute::gemmTime(const GemmShape& g, int bits) const {
  return shared([&](const ComputeUnit& u) { return u.gemmTime(g, bits); });
}

Seconds ArrayCompute::vectorTime(double ops) const {
  return shared([&](const ComputeUnit& u) { return u.vectorTime(ops); });
}

Seconds ArrayCompute::scanTime(const ScanWork& s) const {
  return shared([&](const ComputeUnit& u) { return u.scanTime(s); });
}

} // namespace llmwb
