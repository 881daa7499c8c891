// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/npusim/pool_shape.h"

#include <algorithm>

namespace llmwb::engine::npusim {

std::pair<int, int> poolCores(const ParallelismSpec& p, int cores, int pipelineCores) {
  const int unit = std::max(1, pipelineCores);
  int prefill = p.prefillCores > 0 ? p.prefillCores : (2 * cores / 3) / unit * unit;
  if (prefill <= 0) prefill = std::min(cores, unit);
  int decode = p.decodeCores > 0 ? p.decodeCores : (cores - prefill) / unit * unit;
  return {prefill, decode};
}

PoolShape poolShape(const ParallelismSpec& par, DeviceRole role, int chipCores, int layers, std::string& problem) {
  PoolShape pool;
  const int tp = par.tp;
  int pp = par.pp;
  int cores = chipCores;
  if (role != DeviceRole::Both) {
    const int ppGuess = pp > 0 ? pp : 1;
    const auto [p, d] = poolCores(par, chipCores, tp * ppGuess);
    cores = role == DeviceRole::Prefill ? p : d;
    if (p + d > chipCores) {
      problem = "the prefill and decode pools (" + std::to_string(p) + " + " + std::to_string(d) + " cores) exceed the " +
                std::to_string(chipCores) + " cores of the chip (/parallelism/prefill_cores, /parallelism/decode_cores)";
      return pool;
    }
  }
  if (pp == 0) pp = std::max(1, std::min(cores / std::max(1, tp), layers));
  pp = std::min(pp, layers);
  pool.cores = cores;
  pool.tp = tp;
  pool.pp = pp;
  pool.pipelines = cores / std::max(1, tp * pp);
  if (pool.pipelines < 1)
    problem = "a pool of " + std::to_string(cores) + " cores cannot hold one pipeline of TP " + std::to_string(tp) +
              " x PP " + std::to_string(pp) + " (/parallelism/tp, /parallelism/pp)";
  return pool;
}

} // namespace llmwb::engine::npusim
