// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/compute_unit.h"
#include "core/device/device_spec.h"
#include "core/package/package.h"

#include <memory>
#include <vector>

namespace llmwb {

/// One memory level's figures as the cost models read them, summed over its parts once per device
/// (MemoryLevel sums its parts on every call).
struct LevelFigures {
  Bytes capacity;
  BytesPerSecond bandwidth;
  Seconds latency;
  JoulesPerByte readEnergy, writeEnergy;
  Watts backgroundPower;
};

/// A device resolved for evaluation: its compute unit and the peaks and power figures derived
/// from its spec. Every figure is per device; a group of `count` devices shares work by tensor
/// parallelism (see engine/memexplorer/tensor_parallel.h).
class DeviceModel {
public:
  explicit DeviceModel(DeviceSpec spec);

  /// The spec with a chiplet package resolved into `compute` and `memory` (resolved_device.h).
  const DeviceSpec& spec() const { return mSpec; }
  const ComputeUnit& compute() const { return *mCompute; }
  const MemoryHierarchy& memory() const { return mSpec.memory; }
  /// A chiplet package's report as it was resolved (areas, arrays per chiplet, violations);
  /// nullptr for other devices.
  const PackageReport* package() const { return mPackage.get(); }

  /// Width the matrix datapath works at for the device's quantisation.
  int operandBits() const { return mOperandBits; }
  FlopsPerSecond peakFlops() const;
  /// The compute unit's operand tile (ComputeUnit::tiling).
  const GemmTiling& tiling() const { return mTiling; }
  /// Level `depth` of the memory hierarchy (0 on-chip, 1 = L1, ...; memory().levels() order).
  const LevelFigures& level(std::size_t depth) const { return mLevels[depth]; }
  std::size_t levelCount() const { return mLevels.size(); }

  /// Compute power with every unit busy.
  Watts computePeakPower() const { return mComputePeakPower; }
  /// Share of the compute peak spent on the matrix unit (the rest on the vector unit).
  double matrixPowerShare() const { return mMatrixPowerShare; }
  /// Memory power at full streaming: every level's background power plus its read energy at the
  /// bandwidth it can deliver towards the compute (on-chip: its peak; off-chip: Eq. 2's effective
  /// bandwidth over the whole hierarchy).
  Watts memoryPeakPower() const { return mMemoryPeakPower; }
  /// Thermal design power: the datasheet value for GPUs, compute + memory peak otherwise.
  Watts tdp() const;
  /// Power drawn when idle: the static compute share and every level's background power.
  Watts idlePower() const;

private:
  std::shared_ptr<const PackageReport> mPackage;
  DeviceSpec mSpec;
  std::shared_ptr<const ComputeUnit> mCompute;
  // Derived once from the spec (every cost model reads them per operator).
  int mOperandBits = 0;
  GemmTiling mTiling;
  std::vector<LevelFigures> mLevels;
  Watts mMemoryPeakPower, mComputePeakPower;
  double mMatrixPowerShare = 1.0;
};

} // namespace llmwb
