// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/result.h"

namespace llmwb::engine {

/// The last step of every evaluation at the seam: no non-finite or negative quantity leaves the
/// engine. Each one found is set to 0 and named in a problem ("decode: time between tokens is not
/// finite"), which makes the result infeasible; so does a phase that produces no tokens.
void checkResult(EvaluationResult& result);

} // namespace llmwb::engine
