// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/mactree/mactree_kind.h"

#include "core/compute/nmp/nmp_fields.h"
#include "core/compute/nmp/nmp_kind.h"
#include "core/compute/nmp/nmp_unit.h"

namespace llmwb {

namespace {
using S = MacTreeComputeSpec;

params::ParamTable<S> macTreeTable() {
  const std::string paper = "Snake (arXiv 2604.04253)";
  nmp::FieldSources src{paper + " §6.1.2: Stratum configuration, 16 PUs under the same area; 4 cores per PU assumed",
                        "assumption (paper silent, spec E): 1000 MHz",
                        "DERIVED (spec A.5): 1024 MACs per core from the 1 : 2.25 : 4.00 compute-area efficiency; 16 trees x 64 inputs assumed",
                        "assumption: presets/devices/snake/mac-tree.json (per-MAC energy of a 64-input adder tree)",
                        paper + " §6.2: 2.35 mm² per PU"};
  return {"MAC-tree NMP die (Stratum-style)",
          nmp::dieFields<S>(src, "inputs of one MAC tree (along K)", "MAC trees per core (along N)")};
}

class MacTreeKind final : public nmp::NmpKind<S> {
public:
  MacTreeKind() : NmpKind("NMP logic die with MAC trees (Stratum-style)", "snake", macTreeTable()) {}

protected:
  std::unique_ptr<ComputeUnit> make(const S& s) const override {
    return std::make_unique<NmpDieUnit>(nmp::die(NmpSubstrate::MacTree, s));
  }
};
} // namespace

std::unique_ptr<ComputeKind> makeMacTreeKind() { return std::make_unique<MacTreeKind>(); }

} // namespace llmwb
