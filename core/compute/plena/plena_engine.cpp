// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/plena/plena_engine.h"

#include <algorithm>
#include <cmath>

namespace llmwb {

std::string PlenaEngine::describe() const {
  return "PLENA matrix engine " + std::to_string(mSpec.mlen) + "x" + std::to_string(mSpec.blen) + ", VLEN " +
         std::to_string(mSpec.vlen);
}

FlopsPerSecond PlenaEngine::peakMatrixFlops(int) const {
  return units::macsPerSecond(double(mSpec.mlen) * mSpec.blen * mSpec.frequency.value());
}

FlopsPerSecond PlenaEngine::peakVectorOps() const { return FlopsPerSecond(double(mSpec.vlen) * mSpec.frequency.value()); }

GemmTiling PlenaEngine::tiling() const {
  // Flash attention tiles the queries by MLEN rows (tr = ceil(S / MLEN) in perf_model.py).
  return {double(mSpec.blen), double(mSpec.blen), double(mSpec.mlen), double(mSpec.mlen)};
}

double PlenaEngine::gemmCycles(const GemmShape& g) const {
  if (g.m <= 0 || g.k <= 0 || g.n <= 0 || g.instances <= 0) return 0.0;
  const double mlen = mSpec.mlen, blen = mSpec.blen;
  double instances = g.instances, k = g.k;
  if (g.packK && k < mlen) {
    const double pack = std::floor(mlen / k);
    instances = std::ceil(instances / pack);
    k = mlen;
  }
  const double perInstance = std::ceil(g.m / blen) * std::ceil(k / mlen) * std::ceil(g.n / blen) * blen;
  return perInstance * instances;
}

Seconds PlenaEngine::gemmTime(const GemmShape& shape, int) const {
  return Seconds(gemmCycles(shape) / mSpec.frequency.value());
}

Seconds PlenaEngine::vectorTime(double elementOps) const {
  return Seconds(std::ceil(elementOps / mSpec.vlen) / mSpec.frequency.value());
}

Seconds PlenaEngine::scanTime(const ScanWork& s) const {
  // Token-by-token recurrence on the vector unit: each step updates channels x state elements.
  const double perStep = std::ceil(s.channels * s.stateSize * s.macsPerUpdate / mSpec.vlen);
  return Seconds(s.sequences * s.tokens * perStep / mSpec.frequency.value());
}

} // namespace llmwb
