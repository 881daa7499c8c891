// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to core/io: JSON -> spec converters.

#include "core/io/json_reader.h"
#include "core/io/preset_library.h"

namespace llmwb::io {

std::map<std::string, std::string> readSources(const JsonReader& r);
/// The optional "engine" key: a registered engine's name (core/engine/engine_registry.h), or "".
std::string readEngineName(const JsonReader& r);
MemoryTechnology readMemoryTechnology(const JsonReader& r, const std::string& id);
ModelSpec readModel(const JsonReader& r, const std::string& id);
Workload readWorkload(const JsonReader& r, const std::string& id);
/// `r` is the device JSON with its base chain and overrides already merged.
DeviceSpec readDevice(const JsonReader& r, const std::string& id, const PresetLibrary& library);
LinkSpec readLink(const JsonReader& r);
/// A system document; devices by preset id (with optional overrides) or inline.
SystemSpec readSystem(const JsonReader& r, const std::string& id, const PresetLibrary& library);

} // namespace llmwb::io
