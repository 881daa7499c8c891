// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The cores a group of an NpuSim chip runs on: the whole chip (PD fusion) or its pool of a PD
// disaggregated chip, in pipelines of TP x PP cores (NpuSim 4.3; the system's parallelism block).

#include "core/engine/npusim/parallelism.h"

#include <string>
#include <utility>

namespace llmwb::engine::npusim {

/// The cores a group of a system runs on: the whole chip (fusion, role both) or a pool.
struct PoolShape {
  int cores = 0;      ///< cores of the pool
  int tp = 1, pp = 1; ///< per pipeline
  int pipelines = 1;  ///< data-parallel replicas
  int used() const { return tp * pp * pipelines; }
};

/// The pool a group of `role` gets on a chip of `chipCores` cores for a model of `layers` layers;
/// `problem` says why there is none.
PoolShape poolShape(const ParallelismSpec& par, DeviceRole role, int chipCores, int layers, std::string& problem);

/// Cores of the prefill and decode pools of a chip of `cores` (0 in the block: two thirds in whole
/// pipelines of tp x pp, the rest).
std::pair<int, int> poolCores(const ParallelismSpec& p, int cores, int pipelineCores);

} // namespace llmwb::engine::npusim
