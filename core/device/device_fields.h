// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The device-level blocks of a device preset, each declared once: `strategy`, `dma`, `power`.
// Compute fields come from the compute kind (core/compute/compute_kind.h).

#include "core/device/device_spec.h"
#include "core/params/param_table.h"

namespace llmwb {

const params::ParamTable<Strategy>& strategyFields();
const params::ParamTable<DmaSpec>& dmaFields();
const params::ParamTable<PowerSpec>& powerFields();

/// The blocks reached from a device, keys prefixed with the block: "strategy.dataflow",
/// "dma.write_fraction", "power.static_fraction", and for package devices "package.compute_chiplets",
/// "package.compute_chiplet.frequency_MHz", "package.systolic.rows", "package.vector.width".
const params::ParamTable<DeviceSpec>& deviceFields();

} // namespace llmwb
