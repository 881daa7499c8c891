// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Per-field overrides from the command line (`llmwb-cli evaluate ... --set PATH=VALUE`), the way
// Ramulator 2 takes a preset plus overrides. Every field of the system, its devices, the model and
// the workload can be set; the result is read back through the same readers as a file, so a bad
// path or value gets the same clear error as a bad file.

#include "core/model/model_spec.h"
#include "core/system/system_spec.h"
#include "core/workload/workload.h"

#include <string>
#include <vector>

namespace llmwb {

class PresetLibrary;

/// The specs one evaluation takes, and where the model came from (a preset id or file, so its
/// document can be read again).
struct OverrideTarget {
  SystemSpec system;
  ModelSpec model;
  std::string modelSource; ///< empty: a model made or edited in memory (overrides apply to its document)
  Workload workload;
};

/// Applies each "PATH=VALUE" in order. PATH is a JSON pointer into
///  - the system document with every device inline: "/groups/0/count", "/phase_link/bandwidth_GBps";
///  - one group's device: "prefill/...", "decode/..." (the group doing that phase) or "device/..."
///    (the only group): "decode/memory/off_chip/0/count", "device/power/static_fraction";
///  - the model preset: "model/hidden_size"; the workload: "workload/input_tokens".
/// VALUE is JSON (8, 0.5, true, "HBM4") or, when it is not, a string (HBM4). Throws InputError
/// naming the override and the field on an unknown path or a value the field does not take.
void applyOverrides(OverrideTarget& target, const std::vector<std::string>& overrides, const PresetLibrary& library);

} // namespace llmwb
