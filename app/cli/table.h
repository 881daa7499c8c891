// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/result.h"

#include <ostream>

namespace llmwb::cli {

/// The evaluation as readable text: devices, prefill, decode, end to end and the operators.
void printEvaluation(std::ostream& out, const EvaluationResult& result, bool showOperators);

} // namespace llmwb::cli
