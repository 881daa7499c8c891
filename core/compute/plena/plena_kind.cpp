// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/plena/plena_kind.h"

#include "core/compute/plena/plena_engine.h"
#include "core/compute/plena/plena_power.h"

namespace llmwb {

namespace {
params::ParamTable<PlenaComputeSpec> plenaTable() {
  using S = PlenaComputeSpec;
  const std::string source = "MemExplorer Table 6 (PE Array is MLEN x BLEN); PLENA (Wu et al., ISCA'26)";
  return {"PLENA-style NPU",
          {params::integer<S>("mlen", &S::mlen).withLabel("MLEN").withUnit("PEs").withRange(1, 65536).isRequired()
               .withDoc("matrix engine: length of the flattened MLEN x BLEN array").withSource(source),
           params::integer<S>("blen", &S::blen).withLabel("BLEN").withUnit("PEs").withRange(1, 65536).isRequired()
               .withDoc("matrix engine: rows of an activation tile; MLEN must be a multiple of BLEN").withSource(source),
           params::integer<S>("vlen", &S::vlen).withLabel("VLEN").withUnit("lanes").withRange(1, 65536).isRequired()
               .withDoc("vector unit lanes").withSource(source),
           params::quantity<S>("frequency_MHz", &S::frequency, &units::megahertz, &units::inMegahertz)
               .withLabel("Frequency").withUnit("MHz").withRange(1, 10000)
               .withDoc("clock of the matrix and vector engines").withSource("PLENA analytic model: 1 GHz")}};
}

class PlenaKind final : public ComputeKindOf<PlenaComputeSpec> {
public:
  PlenaKind() : ComputeKindOf("PLENA-style NPU", "memexplorer", plenaTable()) {}

protected:
  std::unique_ptr<ComputeUnit> make(const PlenaComputeSpec& s) const override { return std::make_unique<PlenaEngine>(s); }
  std::optional<Watts> power(const PlenaComputeSpec& s) const override { return plenaPeakComputePower(s); }
  double matrixShare(const PlenaComputeSpec& s) const override {
    const double mcu = kPlenaMilliwattsPerMac * s.mlen * s.blen;
    return mcu / (mcu + kPlenaMilliwattsPerLane * s.vlen);
  }
  void checkParams(const PlenaComputeSpec& s) const override {
    if (s.mlen % s.blen) throw params::FieldError("blen", "PLENA needs MLEN % BLEN == 0 (mlen " + std::to_string(s.mlen) + ")");
  }
};
} // namespace

std::unique_ptr<ComputeKind> makePlenaKind() { return std::make_unique<PlenaKind>(); }

} // namespace llmwb
