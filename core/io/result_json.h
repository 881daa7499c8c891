// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/result.h"

#include <string>

namespace llmwb {

/// The evaluation as a JSON document; every key names its unit (SI: s, W, J, bytes, FLOP/s).
std::string evaluationToJson(const EvaluationResult& result, int indent = 2);

} // namespace llmwb
