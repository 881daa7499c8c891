// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memory/memory_level.h"

#include <algorithm>

namespace llmwb {

Bytes MemoryLevel::capacity() const {
  Bytes total;
  for (const auto& p : parts) total += p.technology.capacity * p.count;
  return total;
}

BytesPerSecond MemoryLevel::bandwidth() const {
  BytesPerSecond total;
  for (const auto& p : parts) total += p.technology.bandwidth * p.count;
  return total;
}

Seconds MemoryLevel::latency() const {
  Seconds worst;
  for (const auto& p : parts) worst = std::max(worst, p.technology.latency);
  return worst;
}

Watts MemoryLevel::backgroundPower() const {
  Watts total;
  for (const auto& p : parts) total += p.technology.backgroundPower * (p.technology.capacity * p.count);
  return total;
}

namespace {
template <typename Field>
JoulesPerByte capacityWeighted(const std::vector<MemoryPart>& parts, Field field) {
  double weight = 0.0;
  JoulesPerByte sum;
  for (const auto& p : parts) {
    const double w = (p.technology.capacity * p.count).value();
    sum += field(p.technology) * w;
    weight += w;
  }
  return weight > 0.0 ? sum / weight : JoulesPerByte();
}
} // namespace

JoulesPerByte MemoryLevel::readEnergy() const {
  return capacityWeighted(parts, [](const MemoryTechnology& t) { return t.readEnergy; });
}

JoulesPerByte MemoryLevel::writeEnergy() const {
  return capacityWeighted(parts, [](const MemoryTechnology& t) { return t.writeEnergy; });
}

Millimeters MemoryLevel::shoreline() const {
  Millimeters total;
  for (const auto& p : parts)
    if (p.technology.shoreline) total += *p.technology.shoreline * p.count;
  return total;
}

std::string MemoryLevel::describe() const {
  std::string text;
  for (const auto& p : parts) {
    if (!text.empty()) text += " + ";
    text += p.technology.name + " x" + std::to_string(p.count);
  }
  return text.empty() ? "none" : text;
}

} // namespace llmwb
