// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A design found by an exploration, put into the system under design. A space varies one device
// (its parameters are device.* fields of its base system): a decode space describes the decode
// device, a prefill space the prefill device. Loading one of its designs changes that device and
// keeps the rest of the system: the other phase's group, the counts, the links and the name.

#include "core/dse/design_space.h"
#include "core/system/system_spec.h"

namespace llmwb::dse {

/// `current` with the device of `phases` taken from `design` (a system of the space). A space over
/// both phases, or a system without a group for the phase, takes the whole design.
SystemSpec loadDesignInto(const SystemSpec& current, const SystemSpec& design, SpacePhases phases);

} // namespace llmwb::dse
