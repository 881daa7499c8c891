// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/memory/memory_level.h"

namespace llmwb {

/// Eq. 6: P = p_bg * C + e_read * BW_read + e_write * BW_write, for the traffic a level carries.
Watts memoryPower(const MemoryLevel& level, BytesPerSecond readRate, BytesPerSecond writeRate);

/// Eq. 6 integrated over an interval: background energy plus per-byte dynamic energy.
Joules memoryEnergy(const MemoryLevel& level, Seconds duration, Bytes bytesRead, Bytes bytesWritten);

} // namespace llmwb
