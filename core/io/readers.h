// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to core/io: JSON -> spec converters.

#include "core/io/json_reader.h"
#include "core/io/preset_library.h"

#include <set>

namespace llmwb::io {

std::map<std::string, std::string> readSources(const JsonReader& r);
/// The optional "engine" key: a registered engine's name (core/engine/engine_registry.h), or "".
std::string readEngineName(const JsonReader& r);
MemoryTechnology readMemoryTechnology(const JsonReader& r, const std::string& id);
ModelSpec readModel(const JsonReader& r, const std::string& id);
Workload readWorkload(const JsonReader& r, const std::string& id);
/// `r` is the device JSON with its base chain and overrides already merged.
DeviceSpec readDevice(const JsonReader& r, const std::string& id, const PresetLibrary& library);
/// `j` (a device document from `file`) with its `base` chain merged in (RFC 7386 merge patch, child
/// over base); `where` names the documents merged, for messages.
nlohmann::json withDeviceBase(const PresetLibrary& library, nlohmann::json j, const std::string& file,
                              std::set<std::string>& visiting, std::string& where);
LinkSpec readLink(const JsonReader& r);
/// A system document; devices by preset id (with optional overrides) or inline.
SystemSpec readSystem(const JsonReader& r, const std::string& id, const PresetLibrary& library);

} // namespace llmwb::io
