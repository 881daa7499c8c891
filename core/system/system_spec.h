// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/params/source_notes.h"
#include "core/device/device_spec.h"
#include "core/system/settings_blocks.h"

#include <string>
#include <vector>

namespace llmwb {

enum class DeviceRole { Both, Prefill, Decode };
std::string_view toString(DeviceRole r);

/// Which layers a prefill group runs (MemExplorer 5.5, "extreme heterogeneity": the prefill split
/// at the layer level, attention on one device configuration and the FFN on another).
enum class LayerSelection { All, Attention, Ffn };
std::string_view toString(LayerSelection s);

/// A link between devices: NVLink/UALink-class, one direction.
struct LinkSpec {
  std::string name = "link";
  BytesPerSecond bandwidth = units::gigabytesPerSecond(450.0);
  Seconds latency = units::microseconds(1.0);
  JoulesPerByte energy = units::picojoulesPerBit(5.0);
  /// Collectives (the tensor-parallel all-reduce) as a library such as NCCL runs them: a fixed
  /// cost per call on top of the per-step latencies, and a bus bandwidth below the line rate
  /// (protocol overhead). The defaults leave a bare ring over the link.
  Seconds collectiveLatency;
  double collectiveBandwidthFraction = 1.0;
};

/// The most devices one group may have: the largest deployed clusters are about 10^5 GPUs.
inline constexpr int kMaxDevicesPerGroup = 100000;

/// `count` identical devices working as one tensor-parallel group in a role.
struct DeviceGroup {
  DeviceSpec device;
  DeviceRole role = DeviceRole::Both;
  int count = 1;
  /// Prefill groups: the layers this group prefills (All unless the prefill is split by layer kind).
  LayerSelection layers = LayerSelection::All;
  /// Decode groups: the fraction of the generated tokens by which this group's phase ends (1: the
  /// last or only phase). Phases run in order of this fraction; a request's cache moves from one
  /// phase's group to the next over the phase link (MemExplorer 5.5: early and late decoding on
  /// different device configurations).
  double untilFraction = 1.0;
};

/// Devices with roles and counts, joined by links: `groupLink` inside a tensor-parallel group,
/// `phaseLink` from the prefill group to the decode group (it carries the KV cache and state).
struct SystemSpec {
  std::string id;
  std::string name;
  std::string description;
  /// The engine for every group whose device names none; empty: each device's compute kind decides.
  std::string engine;
  std::vector<DeviceGroup> groups;
  LinkSpec groupLink;
  LinkSpec phaseLink;
  /// The engines' system-level settings blocks (EngineSettings), by preset key: the npusim
  /// engine's `parallelism` (how a multi-core chip maps the model) where the system has one.
  SettingsBlocks settings;
  SourceNotes sources;

  /// The (first) prefill and decode groups; a heterogeneous system has more of either.
  const DeviceGroup* prefillGroup() const;
  const DeviceGroup* decodeGroup() const;
  bool disaggregated() const;
  /// More than one prefill group (attention and FFN apart) or more than one decode group (decode
  /// phases): evaluated part by part (core/engine/heterogeneous.h).
  bool heterogeneous() const;
  /// Two prefill groups, one for the attention layers and one for the FFN layers.
  bool prefillSplitByLayer() const;
  /// Of a prefill split by layer kind, the group running `part` (Attention or Ffn); null otherwise.
  const DeviceGroup* prefillGroupFor(LayerSelection part) const;
  /// The decode groups in phase order (ascending untilFraction).
  std::vector<const DeviceGroup*> decodePhases() const;
  /// What the system is made of, for a heading that must follow edits: "4 × MemExplorer P1
  /// (prefill) + 8 × MemExplorer Base (decode), disaggregated" (a group's role is named where its
  /// device's name does not say it). The preset's `name` is kept for the unedited system.
  std::string composition() const;
};

} // namespace llmwb
