// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memory/shoreline_fields.h"

namespace llmwb {

const params::ParamTable<ShorelineSpec>& shorelineFields() {
  using S = ShorelineSpec;
  static const params::ParamTable<S> table(
      "shoreline",
      {params::integer<S>("memory_edges", &S::memoryEdges).withLabel("Memory edges").withRange(1, 4)
           .withDoc("long die edges given to memory PHYs; the others carry PCIe, NVLink and I/O")
           .withSource("MemExplorer 2.1"),
       params::quantity<S>("margin_mm", &S::marginPerPart, &units::millimeters, &units::inMillimeters).withLabel("PHY margin")
           .withUnit("mm").withRange(0, 100).withDoc("keep-out between neighbouring PHYs (L_margin)").withSource("assumption"),
       params::quantity<S>("reticle_long_edge_mm", &S::reticleLongEdge, &units::millimeters, &units::inMillimeters)
           .withLabel("Reticle long edge").withUnit("mm").withRange(1, 1000)
           .withDoc("longest die edge (the reticle field bounds a monolithic die)").withSource("MemExplorer 2.1: 26 × 33 mm field"),
       params::quantity<S>("reticle_short_edge_mm", &S::reticleShortEdge, &units::millimeters, &units::inMillimeters)
           .withLabel("Reticle short edge").withUnit("mm").withRange(1, 1000).withDoc("shorter die edge")
           .withSource("MemExplorer 2.1: 26 × 33 mm field")});
  return table;
}

} // namespace llmwb
