// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/fixed_array/fixed_array_kind.h"

#include "core/compute/nmp/nmp_fields.h"
#include "core/compute/nmp/nmp_kind.h"
#include "core/compute/nmp/nmp_unit.h"

namespace llmwb {

namespace {
using S = FixedArrayComputeSpec;

params::ParamTable<S> fixedTable() {
  const std::string paper = "Snake (arXiv 2604.04253)";
  nmp::FieldSources src{paper + " §6.1.2: same PU count and area as Snake; 4 cores per PU assumed (spec A-8)",
                        paper + " §6.1.2: baselines at <= 1 GHz; 1000 MHz assumed",
                        paper + " §6.1.2: 48 x 48 and 8 x 288 (2304 PEs per core, spec A.5)",
                        "assumption: per-MAC energy and control power of Snake's PEs scaled to 2304 PEs at 1 GHz (presets/devices/snake)",
                        paper + " §6.2: 2.35 mm² per PU"};
  return {"Fixed systolic arrays (NMP)",
          nmp::dieFields<S>(src, "PE rows per core (the short side carries M)", "PE columns per core")};
}

class FixedArrayKind final : public nmp::NmpKind<S> {
public:
  FixedArrayKind() : NmpKind("NMP logic die with fixed-shape systolic arrays", "snake", fixedTable()) {}

protected:
  std::unique_ptr<ComputeUnit> make(const S& s) const override {
    auto die = nmp::die(NmpSubstrate::FixedArray, s);
    die.shapes = {{s.arrayRows, s.arrayCols}};
    return std::make_unique<NmpDieUnit>(std::move(die));
  }
};
} // namespace

std::unique_ptr<ComputeKind> makeFixedArrayKind() { return std::make_unique<FixedArrayKind>(); }

} // namespace llmwb
