// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/result.h"

#include <ostream>
#include <string>

namespace llmwb::cli {

/// `v` printed with a printf pattern of one floating-point conversion ("%6.2f"), at most 63 characters.
std::string fmt(const char* pattern, double v);
/// A time with a readable unit: "29.1 s", "33.63 ms", "512.0 us".
std::string seconds(Seconds s);

/// The evaluation as readable text: devices, prefill, decode, end to end and the operators.
void printEvaluation(std::ostream& out, const EvaluationResult& result, bool showOperators);

} // namespace llmwb::cli
