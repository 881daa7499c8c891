// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memory/shoreline.h"

#include <cmath>
#include <cstdio>

namespace llmwb {

Millimeters memoryEdgeLength(const ShorelineSpec& spec) {
  return spec.reticleLongEdge * spec.memoryEdges;
}

int maxStacks(const ShorelineSpec& spec, Millimeters phy) {
  const double perPart = (phy + spec.marginPerPart).value();
  if (perPart <= 0.0) return 0;
  return static_cast<int>(std::floor(memoryEdgeLength(spec).value() / perPart + 1e-9));
}

ShorelineCheck checkShoreline(const ShorelineSpec& spec, const std::vector<MemoryLevel>& offChipLevels) {
  ShorelineCheck check;
  check.available = memoryEdgeLength(spec);
  for (const auto& level : offChipLevels)
    for (const auto& part : level.parts)
      if (part.technology.shoreline)
        check.required += (*part.technology.shoreline + spec.marginPerPart) * part.count;
  check.feasible = check.required.value() <= check.available.value() + 1e-9;
  if (!check.feasible) {
    char text[200];
    std::snprintf(text, sizeof text,
                  "shoreline (Eq. 1): off-chip PHYs need %.1f mm of die edge, %d edge(s) of %.0f mm give %.1f mm",
                  check.required.value(), spec.memoryEdges, spec.reticleLongEdge.value(),
                  check.available.value());
    check.reason = text;
  }
  return check;
}

} // namespace llmwb
