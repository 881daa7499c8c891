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
                   .withSource("assumption")});
  return table;
}

} // namespace llmwb
