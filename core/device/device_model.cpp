// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/device/device_model.h"

#include "core/compute/compute_kind.h"
#include "core/device/resolved_device.h"
#include "core/memory/transfer_model.h"

#include <algorithm>

namespace llmwb {

namespace {
DeviceSpec resolvedKeepingReport(DeviceSpec spec, std::shared_ptr<const PackageReport>& kept) {
  if (!spec.package) return resolvedDevice(std::move(spec));
  auto report = std::make_shared<PackageReport>();
  DeviceSpec resolved = resolvedDevice(std::move(spec), report.get());
  kept = std::move(report);
  return resolved;
}


// A package device is resolved here, once per model: its spec stores the package only, and its
// report stays with the model (summaries, views).
LevelFigures figuresOf(const MemoryLevel& level) {
  return {level.capacity(), level.bandwidth(), level.latency(), level.readEnergy(), level.writeEnergy(), level.backgroundPower()};
}

Watts memoryPeakPowerOf(const MemoryHierarchy& m) {
  Watts total = m.onChip.backgroundPower() + m.onChip.readEnergy() * m.onChip.bandwidth();
  std::vector<BytesPerSecond> peaks;
  for (const auto& level : m.offChip) peaks.push_back(level.bandwidth());
  const auto effective = effectiveBandwidths(peaks);
  for (std::size_t i = 0; i < m.offChip.size(); ++i)
    total += m.offChip[i].backgroundPower() +
             m.offChip[i].readEnergy() * std::max(effective[i], BytesPerSecond());
  return total;
}
} // namespace

// A package device is resolved here, once per model: its spec stores the package only, and its
// report stays with the model (summaries, views). The figures every operator's cost reads are
// derived here too, once.
DeviceModel::DeviceModel(DeviceSpec spec)
    : mSpec(resolvedKeepingReport(std::move(spec), mPackage)), mCompute(makeComputeUnit(mSpec.compute)) {
  mOperandBits = std::max(mSpec.quantisation.weights.datapathBits(), mSpec.quantisation.activations.datapathBits());
  mTiling = mCompute->tiling();
  mLevels.reserve(1 + mSpec.memory.offChip.size());
  mLevels.push_back(figuresOf(mSpec.memory.onChip));
  for (const auto& level : mSpec.memory.offChip) mLevels.push_back(figuresOf(level));
  mMemoryPeakPower = memoryPeakPowerOf(mSpec.memory);
  mComputePeakPower = mSpec.power.datasheetTdp ? std::max(*mSpec.power.datasheetTdp - mMemoryPeakPower, Watts())
                                               : mSpec.compute.kind().peakPower(mSpec.compute).value_or(Watts());
  mMatrixPowerShare = mSpec.compute.kind().matrixPowerShare(mSpec.compute);
}

FlopsPerSecond DeviceModel::peakFlops() const { return mCompute->peakMatrixFlops(operandBits()); }

Watts DeviceModel::tdp() const {
  if (mSpec.power.datasheetTdp) return *mSpec.power.datasheetTdp;
  return computePeakPower() + memoryPeakPower();
}

Watts DeviceModel::idlePower() const {
  Watts background; // MemoryHierarchy::backgroundPower(), on-chip first, from the derived figures
  for (const auto& level : mLevels) background += level.backgroundPower;
  return computePeakPower() * mSpec.power.staticFraction + background;
}

} // namespace llmwb
