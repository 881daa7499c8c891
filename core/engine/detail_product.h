// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Detail products: what an engine computes beside the standard results (an NpuSim chip's mapping
// of pools and TP groups on the mesh, a Snake die's per-operator schedule). Each is a typed object
// the model that made the numbers hands out; the views and commands that show one ask the
// result's model for it by type (ViewType::detail) and are never shown for an engine that does
// not produce it. Nothing outside the engine rebuilds its internals.

#include "core/engine/detail_report.h"

#include <memory>
#include <optional>
#include <string_view>

namespace llmwb::engine {

/// Base of every detail product. A product type names itself: `static constexpr const char*
/// kType = "npusim.chip";` and its engine lists the type in EngineKind::details.
class DetailProduct {
public:
  virtual ~DetailProduct() = default;
  /// Its report over operating points (`llmwb-cli schedule`); nullopt for a product that does not
  /// vary with them.
  virtual std::optional<DetailReport> report(const ReportQuery& query) const {
    (void)query;
    return std::nullopt;
  }
};

} // namespace llmwb::engine
