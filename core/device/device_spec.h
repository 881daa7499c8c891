// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/params/source_notes.h"
#include "core/compute/compute_spec.h"
#include "core/memory/hierarchy.h"
#include "core/package/package_spec.h"
#include "core/quant/number_format.h"
#include "core/strategy/strategy.h"

#include <map>
#include <optional>
#include <string>

namespace llmwb {

/// Sustained fraction of an off-chip level's peak bandwidth that the device's DMA engine achieves,
/// per stream. PLENA's measured DMA (matrix tiles, vector rows, write-back) falls far below peak;
/// GPUs come close to it.
struct DmaSpec {
  double matrixRead = 1.0; ///< weight and KV-cache tiles (PLENA H_PREFETCH_M)
  double vectorRead = 1.0; ///< activation rows (H_PREFETCH_V)
  double write = 1.0;      ///< write-back (H_STORE_V)
};

struct PowerSpec {
  /// GPUs: the datasheet TDP; the compute share is TDP minus the memory's peak power.
  /// NPUs: unset; the compute peak comes from the compute kind's power model (ComputeKind::peakPower).
  std::optional<Watts> datasheetTdp;
  /// Part of the compute peak power drawn whatever the utilisation (leakage, clock tree, control).
  double staticFraction = 0.5;
};

/// Compute units + a memory hierarchy + the software strategy it runs + number formats + power.
/// A GPU is a device; a MemExplorer NPU is a device.
struct DeviceSpec {
  std::string id;
  std::string name;
  std::string description;
  /// The engine that models this device (core/engine/engine_registry.h); empty: the compute
  /// kind's default.
  std::string engine;
  /// Compute and memory of a device described directly; left empty for a chiplet package, which
  /// resolves into them when a model is built (core/device/resolved_device.h).
  ComputeSpec compute;
  MemoryHierarchy memory;
  Strategy strategy;
  Quantisation quantisation;
  DmaSpec dma;
  PowerSpec power;
  /// Set when the device is a chiplet package: the one description of its compute and memory.
  std::optional<PackageSpec> package;
  SourceNotes sources;
};

} // namespace llmwb
