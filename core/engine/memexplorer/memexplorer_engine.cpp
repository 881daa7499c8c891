// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/memexplorer/memexplorer_engine.h"

#include "core/engine/analytic/analytic_model.h"
#include "core/engine/memexplorer/operator_cost.h"

namespace llmwb::engine {

namespace {

std::unique_ptr<PerformanceModel> makeMemexplorerModel(const EngineContext& context) {
  static const auto coster = std::make_shared<const ChainCoster>();
  return std::make_unique<AnalyticModel>("memexplorer", context, coster);
}

const char* kDescription =
    "MemExplorer analytic model: PLENA cores and DUET arrays over an on-chip -> L1 -> ... memory chain "
    "(double-buffered transfers, Eq. 2-5; Eq. 6 energy)";

} // namespace

EngineKind memexplorerEngine() {
  return {.name = "memexplorer",
          .description = kDescription,
          .ignores = {},
          .factory = makeMemexplorerModel};
}

} // namespace llmwb::engine
