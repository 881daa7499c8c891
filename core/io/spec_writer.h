// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Specs back to the preset JSON the readers take: an edited system is saved inline in a project,
// or as the user's own preset. Memory parts are written by technology id, so a technology must be
// a preset. Reading what is written gives the same evaluation (tests/core/io/tst_spec_writer.cpp).

#include "core/device/device_spec.h"
#include "core/system/system_spec.h"

#include <nlohmann/json.hpp>

namespace llmwb::io {

/// A device preset document (kind "device"), complete: no `base`.
nlohmann::json deviceJson(const DeviceSpec& device);
/// A system preset document (kind "system") with every device inline.
nlohmann::json systemJson(const SystemSpec& system);
nlohmann::json linkJson(const LinkSpec& link);

} // namespace llmwb::io
