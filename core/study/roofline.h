// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/roofline_result.h"
#include "core/model/model_spec.h"
#include "core/system/system_spec.h"
#include "core/workload/workload.h"

#include <string>
#include <vector>

namespace llmwb {

/// Prefill of the prompt and the first decode step (context = the prompt) at every batch size,
/// on the prefill and decode devices of `system`.
Roofline roofline(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                  const std::vector<int>& batches, RooflineDetail detail = RooflineDetail::Layers);

} // namespace llmwb
