// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The per-core cycle model of an NMP die (Snake spec B.2) and the die as a ComputeUnit. The
// multi-PU partition modes, the NoC and the operator search are the snake engine's
// (core/engine/snake/); this file knows one core.

#include "core/compute/compute_unit.h"
#include "core/compute/nmp/nmp_spec.h"

#include <algorithm>
#include <cmath>

namespace llmwb {

enum class CoreDataflow { InputStationary, OutputStationary };

/// Whole units (folds, tiles, rows per PU) that hold `x`: at least 1; a count above a whole number
/// only by rounding (expected tokens per MoE expert come out as 16.0000001) stays at it.
inline double wholeCount(double x) { return std::max(1.0, std::ceil(x - 1e-6 * std::max(1.0, std::abs(x)))); }

/// Cycles of one core for a sub-GEMM (m, k, n), M on the logical rows.
///  IS: A tile m x k stationary, n weight columns streamed: folds = ceil(m/r) ceil(k/c).
///  OS: C tile m x n stationary, k streamed: folds = ceil(m/r) ceil(n/c).
/// Each fold streams its temporal dimension; the preload (or drain) of r c elements through a
/// 64-element port is paid once; the fill/drain skew r + c - 2 once per dependent chain when
/// `foldOverlap` (IS k-folds accumulate into the same partial sums, so each exposes it), per fold
/// otherwise. `instances` independent sub-GEMMs of the same shape run back to back.
struct CoreCycles {
  double cycles = 0;
  double folds = 0;
  double macs = 0;
};
/// `slices` > 1 (reconfigurable arrays under IS): when k fills at most 1/s of the long side, the
/// stationary tile is replicated in up to `slices` regions fed by their own weight ports, each
/// streaming a share of the n columns (Snake §4.2.1: g logical slices, g weight-injection ports);
/// each region's skew runs along its own length, r + c / replicas - 2.
CoreCycles systolicCycles(CoreDataflow dataflow, ArrayShape shape, double m, double k, double n, double instances,
                          bool foldOverlap, int slices = 1);
/// A MAC-tree core: `trees` trees of `width` inputs; one row of A per pass (M temporal):
/// cycles = m ceil(k/width) ceil(n/trees) + log2(width) (Snake spec E).
CoreCycles macTreeCycles(int width, int trees, double m, double k, double n, double instances);

/// The die as a compute unit: peaks for rooflines and summaries; gemmTime spreads a GEMM evenly
/// over every core at the best shape (the snake engine does the real scheduling).
class NmpDieUnit final : public ComputeUnit {
public:
  explicit NmpDieUnit(NmpDie die) : mDie(std::move(die)) {}
  const NmpDie& die() const { return mDie; }
  std::string describe() const override;
  FlopsPerSecond peakMatrixFlops(int operandBits) const override;
  FlopsPerSecond peakVectorOps() const override;
  GemmTiling tiling() const override;
  Seconds gemmTime(const GemmShape& shape, int operandBits) const override;
  Seconds vectorTime(double elementOps) const override;
  Seconds scanTime(const ScanWork& scan) const override;

private:
  NmpDie mDie;
};

} // namespace llmwb
