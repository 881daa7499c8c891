// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memory/hierarchy.h"

#include <cstdio>

namespace llmwb {

std::vector<const MemoryLevel*> MemoryHierarchy::levels() const {
  std::vector<const MemoryLevel*> all{&onChip};
  for (const auto& level : offChip) all.push_back(&level);
  return all;
}

std::string MemoryHierarchy::levelName(std::size_t index) const {
  if (index == 0) return "on-chip";
  std::string name(1, 'L'); // appended: GCC 12 warns wrongly (-Wrestrict) on "L" + std::string
  return name.append(std::to_string(index));
}

std::string MemoryHierarchy::levelLabel(std::size_t index) const {
  if (index == 0 || index > offChip.size()) return levelName(index);
  return levelName(index) + " (" + offChip[index - 1].describe() + ")";
}

Bytes MemoryHierarchy::capacity() const { return onChip.capacity() + offChipCapacity(); }

Bytes MemoryHierarchy::offChipCapacity() const {
  Bytes total;
  for (const auto& level : offChip) total += level.capacity();
  return total;
}

BytesPerSecond MemoryHierarchy::peakBandwidth() const {
  return offChip.empty() ? onChip.bandwidth() : offChip.front().bandwidth();
}

Watts MemoryHierarchy::backgroundPower() const {
  Watts total = onChip.backgroundPower();
  for (const auto& level : offChip) total += level.backgroundPower();
  return total;
}

ShorelineCheck MemoryHierarchy::checkShoreline() const { return llmwb::checkShoreline(shoreline, offChip); }

std::vector<std::string> MemoryHierarchy::orderWarnings() const {
  auto describe = [](const MemoryLevel& level) {
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.2f TB/s", level.bandwidth().value() / 1e12);
    return level.describe() + ", " + rate;
  };
  std::vector<std::string> warnings;
  const auto all = levels();
  for (std::size_t i = 0; i + 1 < all.size(); ++i) {
    const MemoryLevel& near = *all[i];
    const MemoryLevel& far = *all[i + 1];
    if (near.empty() || far.empty() || far.bandwidth() <= near.bandwidth()) continue;
    std::string w = levelName(i);
    w.append(" (").append(describe(near)).append(") is slower than ").append(levelName(i + 1));
    w.append(" below it (").append(describe(far)).append("): data placed nearer the compute would move slower");
    warnings.push_back(std::move(w));
  }
  return warnings;
}

} // namespace llmwb
