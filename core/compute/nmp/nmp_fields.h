// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The fields every NMP kind shares, declared once for any spec struct derived from NmpDieSpec.

#include "core/compute/nmp/nmp_spec.h"
#include "core/params/param_table.h"

#include <string>
#include <vector>

namespace llmwb::nmp {

/// Where a kind's defaults come from, for the `source` column.
struct FieldSources {
  std::string hierarchy;  ///< pus, cores
  std::string frequency;
  std::string array;      ///< array_rows / array_cols
  std::string power;      ///< the four peak powers
  std::string area;
};

template <class S> std::vector<params::Field<S>> dieFields(const FieldSources& src, const std::string& rowsDoc,
                                                          const std::string& colsDoc) {
  using B = NmpDieSpec;
  const std::string paper = "Snake (arXiv 2604.04253)";
  std::vector<params::Field<S>> f;
  f.push_back(params::integer<S, int>("pus", static_cast<int S::*>(&B::pus)).withLabel("PUs").withRange(1, 1024)
                  .withDoc("processing units on the logic die, each bound to one memory channel").withSource(src.hierarchy));
  f.push_back(params::integer<S, int>("cores_per_pu", static_cast<int S::*>(&B::coresPerPu)).withLabel("Cores per PU")
                  .withRange(1, 64).withDoc("array cores per PU; they split the PU's sub-GEMM and share one dataflow")
                  .withSource(src.hierarchy));
  f.push_back(params::real<S>("frequency_MHz", static_cast<double S::*>(&B::frequencyMHz)).withLabel("Frequency")
                  .withUnit("MHz").withRange(1, 10000).withDoc("logic-die clock").withSource(src.frequency));
  f.push_back(params::integer<S, int>("array_rows", static_cast<int S::*>(&B::arrayRows)).withLabel("Array rows")
                  .withRange(1, 4096).withDoc(rowsDoc).withSource(src.array));
  f.push_back(params::integer<S, int>("array_cols", static_cast<int S::*>(&B::arrayCols)).withLabel("Array columns")
                  .withRange(1, 4096).withDoc(colsDoc).withSource(src.array));
  f.push_back(params::real<S>("vector_lanes", static_cast<double S::*>(&B::vectorLanes)).withLabel("Vector lanes")
                  .withUnit("lanes").withRange(1, 65536).withDoc("FP16 lanes of the PU-level vector core (softmax, norms, activations, reductions)")
                  .withSource("assumption (spec A-2: lanes not given): 256 per PU"));
  f.push_back(params::real<S>("noc_B_per_cycle", static_cast<double S::*>(&B::nocBytesPerCycle)).withLabel("NoC link")
                  .withUnit("B/cycle").withRange(0.125, 65536)
                  .withDoc("NoC link bandwidth between neighbouring PUs per direction (reductions, gathers)")
                  .withSource("calibrated (kNmpNocBytesPerCycle): Llama-3.3-70B's IS-S share of " + paper + " Fig. 13a; docs/snake.md"));
  f.push_back(params::real<S>("noc_hop_cycles", static_cast<double S::*>(&B::nocHopCycles)).withLabel("NoC hop")
                  .withUnit("cycles").withRange(0, 1e6).withDoc("latency of one NoC hop")
                  .withSource("assumption (paper silent; spec B.4): 4 cycles"));
  f.push_back(params::real<S>("weight_buffer_KiB", static_cast<double S::*>(&B::weightBufferKiB)).withLabel("Weight buffer")
                  .withUnit("KiB").withRange(0, 1e6)
                  .withDoc("per-core weight buffer; a weight slice larger than this is re-read once per row fold")
                  .withSource("assumption: spec A.4 (Snake 256 KB, the worst case of paper Fig. 14)"));
  f.push_back(params::real<S>("output_buffer_KiB", static_cast<double S::*>(&B::outputBufferKiB)).withLabel("Output buffer")
                  .withUnit("KiB").withRange(0, 1e6).withDoc("per-PU shared 2R/2W output buffer (array writeback, vector core)")
                  .withSource("assumption: spec A.4, 128 KB in 8 banks"));
  f.push_back(params::integer<S, int>("partition_search", static_cast<int S::*>(&B::partitionSearch))
                  .withLabel("Partition search").withRange(0, 1)
                  .withDoc("1: per-operator search of partition mode (IS-S, IS-ST, OS-S, OS-ST) x logical shape x intra-PU split; "
                           "0: the conventional partition without Snake's scheduler: output-stationary, N split over the PUs (OS-S)")
                  .withSource(paper + " §5 (the multi-PU scheduling framework and dataflow reconfiguration are Snake's), §6.1.2"));
  f.push_back(params::integer<S, int>("m_split_pus", static_cast<int S::*>(&B::mSplitPus)).withLabel("M-split PU groups")
                  .withRange(1, 1024)
                  .withDoc("PU groups that split the batch rows M (each group streams its own replica of the weights from its "
                           "channels; the PUs of a group split N); 1: M is never split across PUs, as in Snake")
                  .withSource(paper + " §5(a): prior NMP designs [Stratum, Duplex] partition M across PUs, replicating weights"));
  f.push_back(params::integer<S, int>("fold_overlap", static_cast<int S::*>(&B::foldOverlap)).withLabel("Fold overlap")
                  .withRange(0, 1)
                  .withDoc("1: successive folds (and expert GEMMs) stream back to back, fill/drain skew paid once per operator; 0: per fold (SCALE-Sim style)")
                  .withSource("assumption (paper silent, spec B.2 proposes 0); 1 because expert GEMMs are issued back to back"));
  f.push_back(params::real<S>("matrix_peak_W", static_cast<double S::*>(&B::matrixPeakW)).withLabel("Matrix peak")
                  .withUnit("W").withRange(0, 1e5).withDoc("matrix arrays at full utilisation (energy = peak x utilisation x time)")
                  .withSource(src.power));
  f.push_back(params::real<S>("vector_peak_W", static_cast<double S::*>(&B::vectorPeakW)).withLabel("Vector peak")
                  .withUnit("W").withRange(0, 1e5).withDoc("vector cores while busy").withSource(src.power));
  f.push_back(params::real<S>("control_peak_W", static_cast<double S::*>(&B::controlPeakW)).withLabel("PE control peak")
                  .withUnit("W").withRange(0, 1e5).withDoc("PE control (decoder, LSU, region table) while the arrays are active")
                  .withSource(src.power));
  f.push_back(params::real<S>("noc_peak_W", static_cast<double S::*>(&B::nocPeakW)).withLabel("NoC peak")
                  .withUnit("W").withRange(0, 1e5).withDoc("NoC with every link busy").withSource(src.power));
  f.push_back(params::real<S>("pu_area_mm2", static_cast<double S::*>(&B::puAreaMm2)).withLabel("PU area")
                  .withUnit("mm2").withRange(1e-3, 1e4).withDoc("area of one PU (compute, buffers, vector core, control)")
                  .withSource(src.area));
  return f;
}

/// Copies the common fields into a resolved die.
inline NmpDie die(NmpSubstrate substrate, const NmpDieSpec& spec) {
  NmpDie d;
  d.substrate = substrate;
  d.spec = spec;
  return d;
}

} // namespace llmwb::nmp
