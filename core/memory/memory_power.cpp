// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memory/memory_power.h"

namespace llmwb {

Watts memoryPower(const MemoryLevel& level, BytesPerSecond readRate, BytesPerSecond writeRate) {
  return level.backgroundPower() + level.readEnergy() * readRate + level.writeEnergy() * writeRate;
}

Joules memoryEnergy(const MemoryLevel& level, Seconds duration, Bytes bytesRead, Bytes bytesWritten) {
  return level.backgroundPower() * duration + level.readEnergy() * bytesRead + level.writeEnergy() * bytesWritten;
}

} // namespace llmwb
