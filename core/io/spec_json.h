// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to core/io (like json_reader.h): specs as nlohmann::json documents, for the writers of
// projects and presets. Everything outside core/io uses spec_writer.h.

#include "core/device/device_spec.h"
#include "core/memory/memory_technology.h"
#include "core/model/model_spec.h"
#include "core/workload/workload.h"
#include "core/system/system_spec.h"

#include <nlohmann/json.hpp>

namespace llmwb::io {

/// A device preset document (kind "device"), complete: no `base`.
nlohmann::json deviceJson(const DeviceSpec& device);
/// A system preset document (kind "system") with every device inline.
nlohmann::json systemJson(const SystemSpec& system);
nlohmann::json linkJson(const LinkSpec& link);
/// A workload preset document (kind "workload").
nlohmann::json workloadJson(const Workload& workload);
/// A memory technology preset document (kind "memory_technology").
nlohmann::json memoryTechnologyJson(const MemoryTechnology& technology);
/// A model preset document (kind "model"), from the model's parameter tables.
nlohmann::json modelJson(const ModelSpec& model);

} // namespace llmwb::io
