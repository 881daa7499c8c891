// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/nmp/nmp_unit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace llmwb {

namespace {
constexpr double kPortElements = 64.0; ///< elements per cycle through a boundary buffer port (spec B.2)
} // namespace

double NmpDie::macsPerCore() const { return double(spec.arrayRows) * spec.arrayCols; }

std::string NmpDie::substrateName() const {
  switch (substrate) {
  case NmpSubstrate::Reconfigurable: return "reconfigurable systolic";
  case NmpSubstrate::FixedArray: return "fixed systolic";
  case NmpSubstrate::MacTree: return "MAC tree";
  }
  return "?";
}

CoreCycles systolicCycles(CoreDataflow dataflow, ArrayShape shape, double m, double k, double n, double instances,
                          bool foldOverlap, int slices) {
  CoreCycles c;
  const double r = shape.rows, cols = shape.cols;
  const bool is = dataflow == CoreDataflow::InputStationary;
  const double depthFolds = is ? wholeCount(k / cols) : 1.0; // IS k-folds accumulate into the same outputs
  const double folds = wholeCount(m / r) * (is ? depthFolds : wholeCount(n / cols));
  const double replicas = is ? std::clamp(std::floor(cols / std::max(1.0, std::ceil(k))), 1.0, double(std::max(1, slices))) : 1.0;
  const double stream = is ? std::ceil(std::ceil(n) / replicas) : std::ceil(k);
  // A replica region is an r x (c / replicas) sub-array of its own: its fill and drain run along
  // its own length, not the whole logical array's.
  const double skew = r + cols / replicas - 2.0;
  const double port = std::ceil(r * cols / kPortElements);
  c.folds = folds * instances;
  c.macs = m * k * n * instances;
  // Independent folds (other rows, other output columns, other instances) stream back to back when
  // `foldOverlap`; IS k-folds depend on the partial sums of the previous one, so each exposes its skew.
  c.cycles = foldOverlap ? c.folds * stream + depthFolds * skew + port : c.folds * (stream + skew) + port;
  return c;
}

CoreCycles macTreeCycles(int width, int trees, double m, double k, double n, double instances) {
  CoreCycles c;
  c.folds = wholeCount(m) * wholeCount(k / width) * wholeCount(n / trees) * instances;
  c.macs = m * k * n * instances;
  c.cycles = c.folds + std::log2(std::max(2, width));
  return c;
}

std::string NmpDieUnit::describe() const {
  const auto& s = mDie.spec;
  char buf[256];
  if (mDie.substrate == NmpSubstrate::MacTree)
    std::snprintf(buf, sizeof buf, "%d PUs x %d cores, MAC trees %d x %d-input @ %.0f MHz", s.pus, s.coresPerPu,
                  s.arrayCols, s.arrayRows, s.frequencyMHz);
  else if (mDie.substrate == NmpSubstrate::FixedArray)
    std::snprintf(buf, sizeof buf, "%d PUs x %d cores, fixed %dx%d systolic @ %.0f MHz", s.pus, s.coresPerPu, s.arrayRows,
                  s.arrayCols, s.frequencyMHz);
  else
    std::snprintf(buf, sizeof buf, "%d PUs x %d cores, reconfigurable %dx%d systolic (%zu shapes) @ %.0f MHz", s.pus,
                  s.coresPerPu, s.arrayRows, s.arrayCols, mDie.shapes.size(), s.frequencyMHz);
  return buf;
}

FlopsPerSecond NmpDieUnit::peakMatrixFlops(int) const { return units::macsPerSecond(mDie.peakMacsPerSecond()); }

FlopsPerSecond NmpDieUnit::peakVectorOps() const {
  return FlopsPerSecond(mDie.spec.vectorLanes * mDie.spec.pus * mDie.frequencyHz());
}

GemmTiling NmpDieUnit::tiling() const {
  const double r = mDie.shapes.empty() ? 1.0 : mDie.shapes.front().rows;
  const double c = mDie.shapes.empty() ? mDie.spec.arrayCols : mDie.shapes.front().cols;
  return {r, c, c, r};
}

Seconds NmpDieUnit::gemmTime(const GemmShape& g, int) const {
  const double cores = double(mDie.spec.coresPerPu) * mDie.spec.pus;
  const double n = g.n / cores;
  double best = 0;
  if (mDie.substrate == NmpSubstrate::MacTree) {
    best = macTreeCycles(mDie.spec.arrayRows, mDie.spec.arrayCols, g.m, g.k, n, g.instances).cycles;
  } else {
    bool first = true;
    for (const auto& s : mDie.shapes)
      for (auto d : {CoreDataflow::InputStationary, CoreDataflow::OutputStationary}) {
        const double c = systolicCycles(d, s, g.m, g.k, n, g.instances, mDie.spec.foldOverlap != 0).cycles;
        if (first || c < best) best = c;
        first = false;
      }
  }
  return Seconds(best / mDie.frequencyHz());
}

Seconds NmpDieUnit::vectorTime(double elementOps) const { return Seconds(elementOps / peakVectorOps().value()); }

Seconds NmpDieUnit::scanTime(const ScanWork& scan) const { return vectorTime(scan.macs() * 2.0); }

} // namespace llmwb
