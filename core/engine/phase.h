// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>

namespace llmwb::engine {

enum class Phase { Prefill, Decode };
std::string_view toString(Phase p); ///< "prefill", "decode"

} // namespace llmwb::engine
