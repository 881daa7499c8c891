// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/snake/snake_schedule.h"

#include "core/compute/compute_kind.h"
#include "core/engine/analytic/tensor_parallel.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <tuple>

namespace llmwb::snake {

namespace {
constexpr double kLastTileColumns = 64.0; ///< columns of the last partial-sum tile whose reduction is never hidden

bool outputStationary(Mode m) { return m == Mode::OsS || m == Mode::OsSt || m == Mode::NSplit; }

/// PUs along K (reduced) and along N for a mode.
std::pair<int, int> partition(Mode mode, int pus) {
  int q = 1;
  for (int d = 1; d * d <= pus; ++d)
    if (pus % d == 0) q = d;
  switch (mode) {
  case Mode::IsS: return {pus, 1};
  case Mode::IsSt:
  case Mode::OsSt: return {q, pus / q};
  case Mode::OsS:
  case Mode::NSplit: return {1, pus};
  }
  return {1, pus};
}

/// Bytes one core reads from its buffers into the compute for a sub-GEMM (mRows, kc, nc): the
/// weights once per pass of the rows over them (a systolic array takes M in folds of `shape.rows`
/// rows; a MAC tree holds a weight slice in its weight registers over its group's rows, Snake §2,
/// so its M partition's replicas are what it reads again), the inputs once per pass of the output
/// columns (OS folds along N; IS keeps its tile stationary; a MAC tree broadcasts its inputs again
/// for every group of `trees` columns: §2's weaker array-level reuse), and the partial sums that IS
/// k folds read and write back.
double bufferReads(const NmpDie& die, ArrayShape shape, bool os, double mRows, double kc, double nc, const GemmProblem& p) {
  const auto& s = die.spec;
  double weightPasses = 0, inputPasses = 0, partialPasses = 0;
  if (die.substrate == NmpSubstrate::MacTree) {
    weightPasses = 1.0;
    inputPasses = wholeCount(nc / s.arrayCols);
  } else {
    weightPasses = wholeCount(mRows / shape.rows);
    inputPasses = os ? wholeCount(nc / shape.cols) : 1.0;
    partialPasses = os ? 0.0 : 2.0 * (wholeCount(kc / shape.cols) - 1.0);
  }
  const double weights = kc * nc * p.weightBytes * weightPasses;
  const double inputs = mRows * kc * p.activationBytes * inputPasses;
  const double partials = mRows * nc * p.activationBytes * partialPasses;
  return (weights + inputs + partials) * p.instances;
}

/// How a mode splits a problem over the die's PUs (the same for every array shape and K split).
struct ModeSplit {
  int pk = 1, pnAll = 1; ///< PUs along K, along N (all groups)
  int gM = 1;            ///< groups of PUs that split M
  double pn = 1;         ///< PUs along N in one group
  double mRows = 0;      ///< rows one group computes
  double kPu = 0, nPu = 0; ///< K and N of one PU's slice
};

ModeSplit splitFor(const NmpDie& die, const GemmProblem& p, Mode mode) {
  const auto& s = die.spec;
  ModeSplit m;
  std::tie(m.pk, m.pnAll) = partition(mode, s.pus);
  // Stratum/Duplex-style M partition (Snake §5(a)): gM groups of PUs take a share of the rows
  // each and every group streams its own replica of the weights; the PUs of a group split N.
  const int mCap = std::clamp(int(std::min(double(s.mSplitPus), wholeCount(p.m))), 1, m.pnAll);
  for (int d = 1; d <= mCap; ++d)
    if (m.pnAll % d == 0) m.gM = d;
  m.pn = double(m.pnAll) / m.gM;
  m.mRows = m.gM > 1 ? wholeCount(p.m / m.gM) : p.m;
  m.kPu = wholeCount(p.k / m.pk);
  m.nPu = wholeCount(p.n / m.pn);
  return m;
}

GemmPlan evaluatePlan(const NmpDie& die, double bwPerPu, const GemmProblem& p, Mode mode, const ModeSplit& split,
                      ArrayShape shape, bool splitK) {
  const auto& s = die.spec;
  const double f = die.frequencyHz();
  const double cores = s.coresPerPu;
  const int pk = split.pk;
  const double pn = split.pn, mRows = split.mRows, kPu = split.kPu, nPu = split.nPu;
  const double kc = splitK ? wholeCount(kPu / cores) : kPu;
  const double nc = splitK ? nPu : wholeCount(nPu / cores);

  GemmPlan plan;
  plan.mode = mode;
  plan.shape = shape;
  plan.splitK = splitK;
  CoreCycles cyc;
  double refetch = 1.0;
  if (die.substrate == NmpSubstrate::MacTree) {
    cyc = macTreeCycles(s.arrayRows, s.arrayCols, mRows, kc, nc, p.instances);
  } else {
    const auto df = outputStationary(mode) ? CoreDataflow::OutputStationary : CoreDataflow::InputStationary;
    cyc = systolicCycles(df, shape, mRows, kc, nc, p.instances, s.foldOverlap != 0, die.weightPorts);
    if (kc * nc * p.weightBytes > s.weightBufferKiB * 1024.0) refetch = wholeCount(mRows / shape.rows);
  }
  plan.computeTime = Seconds(cyc.cycles / f);

  // Each PU streams its weight slice from its own channel; inputs and outputs are small.
  const double weights = kPu * nPu * p.weightBytes * p.instances * refetch;
  const double inputs = mRows * kPu * p.activationBytes * p.instances;
  const double outputs = mRows * nPu * p.activationBytes * p.instances;
  const double perPu = weights + inputs + outputs;
  plan.memoryTime = Seconds(perPu / bwPerPu);
  plan.dramBytes = Bytes(perPu * s.pus);
  plan.bufferRead = Bytes(bufferReads(die, shape, outputStationary(mode), mRows, kc, nc, p) * cores * s.pus);
  const double firstTile = std::min(kc * nc, double(std::max(1, shape.rows * shape.cols))) * p.weightBytes;
  const double tPu = std::max(plan.computeTime.value(), plan.memoryTime.value()) + firstTile / bwPerPu;

  // NoC: partial sums of C[M x N/pn] reduced along chains of pk PUs, pipelined tile by tile.
  double exposed = 0.0;
  if (pk > 1) {
    const double link = s.nocBytesPerCycle * f;
    const double payload = mRows * (p.n / pn) * p.activationBytes * p.instances;
    const double stream = payload / link;
    const double hops = (pk - 1) * s.nocHopCycles / f;
    const double lastTile = std::min(payload, mRows * std::min(nPu, kLastTileColumns) * p.activationBytes) / link;
    exposed = std::max(0.0, stream - tPu) + hops + lastTile;
    plan.nocLinkBytes = Bytes(payload * (pk - 1) * pn);
  }
  plan.commTime = Seconds(exposed);

  // Vector core: the operator's nonlinear work spread over the PUs, plus the intra-PU reduction of
  // a K split. IS: after the GEMM; OS: overlapped tile by tile, the last tile exposed.
  const double lanes = s.vectorLanes * f;
  const double intra = splitK ? mRows * nPu * (cores - 1) * p.instances / lanes : 0.0;
  const double tVec = p.vectorOps / (lanes * s.pus) + intra;
  plan.vectorTime = Seconds(tVec);
  const double gemm = tPu + exposed;
  double total = 0.0;
  if (outputStationary(mode)) {
    const double tiles = std::max(1.0, cyc.folds);
    total = std::max(gemm, tVec) + tVec / tiles;
  } else {
    total = gemm + tVec;
  }
  plan.vectorExposed = Seconds(total - gemm);
  plan.time = Seconds(total);
  const double macs = p.m * p.k * p.n * p.instances;
  plan.utilisation = total > 0 ? macs / (die.peakMacsPerSecond() * total) : 0.0;
  const double parts[] = {plan.computeTime.value(), plan.memoryTime.value(), exposed, plan.vectorExposed.value()};
  const int at = int(std::max_element(std::begin(parts), std::end(parts)) - std::begin(parts));
  plan.bound = at == 0 ? Bound::Compute : at == 1 ? Bound::Memory : at == 2 ? Bound::Noc : Bound::Vector;
  plan.valid = true;
  return plan;
}

bool better(const GemmPlan& a, const GemmPlan& b) {
  if (!b.valid) return true;
  const double ta = a.time.value(), tb = b.time.value();
  const double eps = 1e-9 * std::max(ta, tb);
  if (ta < tb - eps) return true;
  if (ta > tb + eps) return false;
  return outputStationary(a.mode) && !outputStationary(b.mode);
}
} // namespace

std::string_view toString(Mode m) { return kModeNames.toString(m); }

std::optional<Mode> parseMode(std::string_view text) {
  std::string t(text);
  for (auto& c : t) c = char(std::toupper(static_cast<unsigned char>(c)));
  const auto m = kModeNames.parse(t);
  if (m && *m == Mode::NSplit) return std::nullopt; // N-split is the MAC tree's own, not a choice
  return m;
}

std::string_view toString(Bound b) { return kBoundNames.toString(b); }

namespace {
GemmPlan searchPlan(const NmpDie& die, BytesPerSecond bandwidth, const GemmProblem& p, std::optional<Mode> fixed) {
  const double bwPerPu = bandwidth.value() / std::max(1, die.spec.pus);
  if (die.substrate == NmpSubstrate::MacTree)
    return evaluatePlan(die, bwPerPu, p, Mode::NSplit, splitFor(die, p, Mode::NSplit), {1, 1}, false);
  GemmPlan best;
  // Without Snake's multi-PU scheduling (partition_search 0) the die runs the conventional
  // partition: output-stationary, N split over the PUs (OS-S), the fixed arrays' one dataflow.
  if (!fixed && die.spec.partitionSearch == 0) fixed = Mode::OsS;
  for (Mode mode : kPartitionModes) {
    if (fixed && mode != *fixed) continue;
    const ModeSplit split = splitFor(die, p, mode);
    for (const auto& shape : die.shapes)
      for (bool splitK : {false, true}) {
        auto plan = evaluatePlan(die, bwPerPu, p, mode, split, shape, splitK);
        if (better(plan, best)) best = plan;
      }
  }
  return best;
}

/// The plans this thread searched, per die: a plan depends only on the die, the bandwidth, the
/// problem and the mode asked for, and a serving run, a what-if or a sweep over anything but the
/// die asks for the same shapes again and again.
class PlanCache {
public:
  const GemmPlan* find(const NmpDie& die, BytesPerSecond bandwidth, const GemmProblem& p, std::optional<Mode> fixed) {
    for (auto& d : mDies) {
      if (!(d.die == die)) continue;
      for (const auto& e : d.plans)
        if (e.bandwidth == bandwidth && e.fixed == fixed && e.problem == p) return &e.plan;
      return nullptr;
    }
    return nullptr;
  }
  void add(const NmpDie& die, BytesPerSecond bandwidth, const GemmProblem& p, std::optional<Mode> fixed, const GemmPlan& plan) {
    auto known = std::find_if(mDies.begin(), mDies.end(), [&](const Dies& d) { return d.die == die; });
    if (known == mDies.end()) {
      if (mDies.size() >= kMaxDies) mDies.erase(mDies.begin());
      known = mDies.insert(mDies.end(), Dies{die, {}});
    }
    if (known->plans.size() >= kMaxPlans) known->plans.clear();
    known->plans.push_back({bandwidth, p, fixed, plan});
  }

private:
  static constexpr std::size_t kMaxDies = 8, kMaxPlans = 4096;
  struct Entry {
    BytesPerSecond bandwidth;
    GemmProblem problem;
    std::optional<Mode> fixed;
    GemmPlan plan;
  };
  struct Dies {
    NmpDie die;
    std::vector<Entry> plans;
  };
  std::vector<Dies> mDies;
};
} // namespace

GemmPlan planGemm(const NmpDie& die, BytesPerSecond bandwidth, const GemmProblem& p, std::optional<Mode> fixed) {
  thread_local PlanCache cache;
  if (const GemmPlan* known = cache.find(die, bandwidth, p, fixed)) return *known;
  const GemmPlan plan = searchPlan(die, bandwidth, p, fixed);
  cache.add(die, bandwidth, p, fixed, plan);
  return plan;
}

DieEnergy planEnergy(const NmpDie& die, const GemmProblem& p, const GemmPlan& plan) {
  const auto& s = die.spec;
  DieEnergy e;
  const double macs = p.m * p.k * p.n * p.instances;
  e.matrix = Joules(s.matrixPeakW * macs / die.peakMacsPerSecond());
  e.control = Joules(s.controlPeakW * plan.computeTime.value());
  e.vector = Joules(s.vectorPeakW * plan.vectorTime.value());
  e.noc = Joules(s.nocPeakW * plan.nocLinkBytes.value() / (s.pus * s.nocBytesPerCycle * die.frequencyHz()));
  return e;
}

GemmProblem problemFor(const Operator& op, std::size_t index, int devices, const Quantisation& quant) {
  const auto& g = op.gemms.at(index);
  GemmProblem p;
  p.m = g.m;
  p.k = g.k;
  p.n = g.n;
  p.instances = g.instances;
  p.weightBytes = quant.weights.bytesFor(1.0).value();
  p.activationBytes = quant.activations.bytesFor(1.0).value();
  if (index + 1 == op.gemms.size()) p.vectorOps = op.vectorOps;
  if (devices > 1 && op.cls == OperatorClass::Moe && g.instances > 0 && g.m > 0) {
    // Routed tokens = the replicated input's rows; experts touched = routed tokens / rows per expert.
    for (const auto& o : op.operands)
      if (o.role == OperandRole::A && o.kind == DataKind::Activation) {
        const double assignments = o.bytes.value() / (g.k * p.activationBytes);
        const double touched = assignments / g.m;
        if (touched > g.instances * (1.0 + 1e-6)) {
          p.instances = touched;
          p.n = g.n / devices;
        }
      }
  }
  return p;
}

std::vector<ScheduledOperator> scheduleDecode(const DeviceSpec& device, int devices, const ModelSpec& model, double batch,
                                              double context) {
  const auto unit = device.compute.kind().makeUnit(device.compute);
  const auto* nmp = dynamic_cast<const NmpDieUnit*>(unit.get());
  if (!nmp)
    throw std::invalid_argument("device " + device.id + ": compute \"" + device.compute.kindName() +
                                "\" is not an NMP logic die (snake, fixed_array or mac_tree)");
  devices = std::max(1, devices);
  const auto ops = shardForTensorParallel(buildOperators(model, device.quantisation, PassShape{batch, 1, context, 1}), devices);
  const auto bandwidth = device.memory.peakBandwidth();
  std::vector<ScheduledOperator> out;
  for (const auto& op : ops) {
    if (op.gemms.empty() || (op.cls != OperatorClass::Projection && op.cls != OperatorClass::Moe)) continue;
    if (const std::string& name = op.name; name.size() >= 7 && name.compare(name.size() - 7, 7, ".router") == 0) continue;
    for (std::size_t i = 0; i < op.gemms.size(); ++i) {
      ScheduledOperator s;
      s.name = op.name;
      s.batch = batch;
      s.context = context;
      s.repeat = op.repeat;
      s.problem = problemFor(op, i, devices, device.quantisation);
      s.best = planGemm(nmp->die(), bandwidth, s.problem);
      for (std::size_t m = 0; m < kPartitionModes.size(); ++m)
        s.fixed[m] = planGemm(nmp->die(), bandwidth, s.problem, kPartitionModes[m]);
      out.push_back(std::move(s));
    }
  }
  return out;
}

const std::vector<double>& fig13Batches() {
  static const std::vector<double> b{1, 4, 8, 16, 32, 64};
  return b;
}

const std::vector<double>& fig13Contexts() {
  static const std::vector<double> c{2000, 4000, 8000};
  return c;
}

double ScheduleGrid::share(std::size_t mode) const {
  int total = 0;
  for (int c : chosen) total += c;
  return total > 0 ? double(chosen.at(mode)) / total : 0.0;
}

ScheduleGrid scheduleGrid(const DeviceSpec& device, int devices, const ModelSpec& model, const std::vector<double>& batches,
                          const std::vector<double>& contexts) {
  ScheduleGrid g;
  g.slowdownMin.fill(0.0);
  g.slowdownMax.fill(0.0);
  for (double batch : batches)
    for (double context : contexts) {
      auto ops = scheduleDecode(device, devices, model, batch, context);
      double best = 0;
      std::array<double, 4> fixed{};
      for (const auto& op : ops) {
        best += op.best.time.value() * op.repeat;
        for (std::size_t m = 0; m < 4; ++m) fixed[m] += op.fixed[m].time.value() * op.repeat;
        for (std::size_t m = 0; m < 4; ++m)
          if (op.best.mode == kPartitionModes[m]) ++g.chosen[m];
      }
      for (std::size_t m = 0; m < 4; ++m) {
        const double ratio = best > 0 ? fixed[m] / best : 1.0;
        g.slowdownMin[m] = g.points == 0 ? ratio : std::min(g.slowdownMin[m], ratio);
        g.slowdownMax[m] = g.points == 0 ? ratio : std::max(g.slowdownMax[m], ratio);
      }
      ++g.points;
      for (auto& op : ops) g.operators.push_back(std::move(op));
    }
  return g;
}

} // namespace llmwb::snake
