// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/compute_kind.h"
#include "core/compute/snake/snake_spec.h"

namespace llmwb {

/// "snake": the Snake logic die, modelled by the snake engine.
std::unique_ptr<ComputeKind> makeSnakeKind();

} // namespace llmwb
