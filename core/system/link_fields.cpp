// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/system/link_fields.h"

namespace llmwb {

const params::ParamTable<LinkSpec>& linkFields() {
  using S = LinkSpec;
  static const params::ParamTable<S> table(
      "link", {params::text<S>("name", &S::name).withLabel("Name").withDoc("shown in results"),
               params::quantity<S>("bandwidth_GBps", &S::bandwidth, &units::gigabytesPerSecond, &units::inGigabytesPerSecond)
                   .withLabel("Bandwidth").withUnit("GB/s").withRange(1e-3, 1e6).isRequired()
                   .withDoc("one direction").withSource("NVLink/UALink datasheets"),
               params::quantity<S>("latency_us", &S::latency, &units::microseconds, &units::inMicroseconds)
                   .withLabel("Latency").withUnit("µs").withRange(0, 1e6).withDoc("fixed latency per transfer")
                   .withSource("assumption"),
               params::quantity<S>("energy_pJ_per_bit", &S::energy, &units::picojoulesPerBit, &units::inPicojoulesPerBit)
                   .withLabel("Energy").withUnit("pJ/bit").withRange(0, 1e4).withDoc("energy per bit moved")
                   .withSource("assumption"),
               params::quantity<S>("collective_latency_us", &S::collectiveLatency, &units::microseconds, &units::inMicroseconds)
                   .withLabel("Collective latency").withUnit("µs").withRange(0, 1e6)
                   .withDoc("fixed cost of one collective call (all-reduce) on top of 2 (n - 1) x latency_us of its ring steps")
                   .withSource("NCCL's tuning model (src/graph/tuning.cc) and nccl-tests all_reduce_perf; 0: a bare ring"),
               params::fraction<S>("collective_bandwidth_fraction", &S::collectiveBandwidthFraction)
                   .withLabel("Collective bandwidth").withRange(0.01, 1)
                   .withDoc("bus bandwidth of a large all-reduce over the line rate (the collective library's protocol overhead)")
                   .withSource("nccl-tests issue 212 (NCCL maintainer): about 370 of NVLink 4's 450 GB/s; 1: the line rate")});
  return table;
}

} // namespace llmwb
