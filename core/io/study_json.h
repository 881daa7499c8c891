// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/package/array_sweep.h"
#include "core/study/batch_sweep.h"
#include "core/study/roofline.h"

#include <string>

namespace llmwb {

/// JSON documents for the studies; SI units in every key.
std::string rooflineToJson(const Roofline& r, int indent = 2);
std::string batchSweepToJson(const BatchSweep& s, const std::string& system, const std::string& model,
                             const Workload& workload, int indent = 2);
std::string arraySweepToJson(const std::vector<ArrayDesignPoint>& points, const std::string& kernel, int indent = 2);

} // namespace llmwb
