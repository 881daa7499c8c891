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
} // namespace

// A package device is resolved here, once per model: its spec stores the package only, and its
// report stays with the model (summaries, views).
DeviceModel::DeviceModel(DeviceSpec spec)
    : mSpec(resolvedKeepingReport(std::move(spec), mPackage)), mCompute(makeComputeUnit(mSpec.compute)) {}

int DeviceModel::operandBits() const {
  return std::max(mSpec.quantisation.weights.datapathBits(), mSpec.quantisation.activations.datapathBits());
}

FlopsPerSecond DeviceModel::peakFlops() const { return mCompute->peakMatrixFlops(operandBits()); }

Watts DeviceModel::memoryPeakPower() const {
  const auto& m = mSpec.memory;
  Watts total = m.onChip.backgroundPower() + m.onChip.readEnergy() * m.onChip.bandwidth();
  std::vector<BytesPerSecond> peaks;
  for (const auto& level : m.offChip) peaks.push_back(level.bandwidth());
  const auto effective = effectiveBandwidths(peaks);
  for (std::size_t i = 0; i < m.offChip.size(); ++i)
    total += m.offChip[i].backgroundPower() +
             m.offChip[i].readEnergy() * std::max(effective[i], BytesPerSecond());
  return total;
}

Watts DeviceModel::computePeakPower() const {
  if (mSpec.power.datasheetTdp) return std::max(*mSpec.power.datasheetTdp - memoryPeakPower(), Watts());
  return mSpec.compute.kind().peakPower(mSpec.compute).value_or(Watts());
}

double DeviceModel::matrixPowerShare() const { return mSpec.compute.kind().matrixPowerShare(mSpec.compute); }

Watts DeviceModel::tdp() const {
  if (mSpec.power.datasheetTdp) return *mSpec.power.datasheetTdp;
  return computePeakPower() + memoryPeakPower();
}

Watts DeviceModel::idlePower() const {
  return computePeakPower() * mSpec.power.staticFraction + mSpec.memory.backgroundPower();
}

} // namespace llmwb
