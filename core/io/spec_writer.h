// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Specs back to the preset JSON the readers take: an edited system is saved inline in a project,
// or as the user's own preset. Memory parts are written by technology id, so a technology must be
// a preset. Reading what is written gives the same evaluation (tests/core/io/tst_spec_writer.cpp).

#include "core/device/device_spec.h"
#include "core/model/model_spec.h"
#include "core/system/system_spec.h"

#include <string>

namespace llmwb::io {

/// A device preset document (kind "device"), complete: no `base`; JSON text indented by `indent`.
std::string deviceJsonText(const DeviceSpec& device, int indent = 2);
/// A system preset document (kind "system") with every device inline.
std::string systemJsonText(const SystemSpec& system, int indent = 2);
/// A model preset document (kind "model"), from the model's parameter tables (core/model/model_fields.h).
std::string modelJsonText(const ModelSpec& model, int indent = 2);

} // namespace llmwb::io
