// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/analytic/placement.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace llmwb {

Placement place(const MemoryHierarchy& memory, StoragePriority priority, const PlacementDemand& demand) {
  enum { Act, Cache, Weight };
  const std::array<double, 3> need = {demand.activations.value(), demand.cache.value(), demand.weights.value()};
  std::array<double, 3> given = {0, 0, 0};
  double left = memory.onChip.capacity().value();

  int first = -1;
  switch (priority) {
  case StoragePriority::Activations: first = Act; break;
  case StoragePriority::KvCache: first = Cache; break;
  case StoragePriority::Weights: first = Weight; break;
  case StoragePriority::Equal: break;
  }
  if (first >= 0) {
    given[first] = std::min(need[first], left);
    left -= given[first];
  }
  // Water-filling over the others: equal shares, unused share passed on.
  std::array<int, 3> open{};
  std::size_t opened = 0;
  for (int k = 0; k < 3; ++k)
    if (k != first && need[k] > 0) open[opened++] = k;
  while (opened > 0 && left > 0) {
    const double share = left / double(opened);
    std::size_t still = 0;
    for (std::size_t n = 0; n < opened; ++n) {
      const int k = open[n];
      const double take = std::min(share, need[k] - given[k]);
      given[k] += take;
      left -= take;
      if (need[k] - given[k] > 1e-9 * need[k]) open[still++] = k;
    }
    if (still == opened) break;
    opened = still;
  }

  Placement p;
  p.activationShare = Bytes(given[Act]);
  p.weightsOnChip = need[Weight] > 0 ? given[Weight] / need[Weight] : 0.0;
  p.cacheOnChip = need[Cache] > 0 ? given[Cache] / need[Cache] : 0.0;
  p.offChipDemand = Bytes((need[Act] - given[Act]) + (need[Cache] - given[Cache]) + (need[Weight] - given[Weight]));

  double remaining = p.offChipDemand.value();
  for (const auto& level : memory.offChip) {
    const double take = std::min(remaining, level.capacity().value());
    p.offChipFraction.push_back(p.offChipDemand.value() > 0 ? take / p.offChipDemand.value() : 0.0);
    remaining -= take;
  }
  if (remaining > 1e-6 * std::max(1.0, p.offChipDemand.value())) {
    p.fits = false;
    char text[200];
    std::snprintf(text, sizeof text, "needs %.1f GiB off chip but the off-chip levels hold %.1f GiB",
                  units::inGibibytes(p.offChipDemand), units::inGibibytes(memory.offChipCapacity()));
    p.reason = text;
    // Keep the fractions usable: overflow is charged to the last level.
    if (!p.offChipFraction.empty()) p.offChipFraction.back() += remaining / p.offChipDemand.value();
  }
  return p;
}

} // namespace llmwb
