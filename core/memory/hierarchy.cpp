// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memory/hierarchy.h"

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

} // namespace llmwb
