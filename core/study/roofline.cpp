// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/study/roofline.h"

#include "core/engine/engine_registry.h"
#include "core/engine/roofline_at.h"

namespace llmwb {

Roofline roofline(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                  const std::vector<int>& batches, RooflineDetail detail) {
  const auto* pre = system.prefillGroup();
  const auto* dec = system.decodeGroup();
  if (!pre || !dec) return {};
  const auto prefill = engine::buildModel(system, *pre, model);
  const auto decode = engine::buildModel(system, *dec, model);
  return engine::rooflineAt({prefill.get(), int(pre - system.groups.data()), batches, {}},
                            {decode.get(), int(dec - system.groups.data()), batches, {}}, workload, detail);
}

} // namespace llmwb
