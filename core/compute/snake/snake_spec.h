// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/nmp/nmp_spec.h"

namespace llmwb {

/// "snake": the Snake logic die (arXiv 2604.04253 §4): 64 x 64 FP16 arrays per core re-walked along
/// a serpentine path as logical r x c arrays with r c = rows x cols and r a multiple of
/// `granularity` doubling up to the square (8 x 512, 16 x 256, 32 x 128, 64 x 64). Fields:
/// core/compute/nmp/nmp_fields.h plus `granularity`; kind: snake/snake_kind.cpp.
struct SnakeComputeSpec : NmpDieSpec {
  static constexpr const char* kKind = "snake";
  int granularity = 8;
};

/// The logical shapes of a Snake core: r = g, 2g, 4g, ... while r <= c, c = rows x cols / r.
std::vector<ArrayShape> snakeShapes(const SnakeComputeSpec& spec);

} // namespace llmwb
