// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `llmwb-cli schedule --json`: the Snake per-layer schedule as JSON.

#include "core/engine/snake/snake_schedule.h"

#include <string>

namespace llmwb::io {

std::string scheduleToJson(const snake::ScheduleGrid& grid, const std::string& system, const std::string& model);

} // namespace llmwb::io
