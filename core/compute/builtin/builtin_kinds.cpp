// SPDX-License-Identifier: GPL-3.0-or-later
// The one place compute kinds are registered. A new kind is a folder beside these (its parameter
// struct, its ComputeUnit, its ComputeKind) and one line here; the first line is the default kind.
#include "core/compute/arrays/arrays_kind.h"
#include "core/compute/compute_kind.h"
#include "core/compute/fixed_array/fixed_array_kind.h"
#include "core/compute/gpu/gpu_kind.h"
#include "core/compute/npusim/npusim_kind.h"
#include "core/compute/mactree/mactree_kind.h"
#include "core/compute/plena/plena_kind.h"
#include "core/compute/snake/snake_kind.h"

namespace llmwb {

void registerBuiltinComputeKinds(ComputeKindRegistry& registry) {
  registry.add(makePlenaKind());
  registry.add(makeGpuKind());
  registry.add(makeArraysKind());
  registry.add(makeNpusimKind());
  registry.add(makeSnakeKind());
  registry.add(makeFixedArrayKind());
  registry.add(makeMacTreeKind());
}

} // namespace llmwb
