// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/npusim/npusim_chip_data.h"

#include "core/engine/npusim/npusim_model.h"
#include "core/model/operators.h"
#include "widgets/common/format.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/views/view_registry.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <exception>
#include <memory>

namespace llmwb::ui {

namespace npu = engine::npusim;

double NpusimChipData::maxLinkBytes() const {
  double m = 0;
  for (const auto& l : loads) m = std::max(m, l.bytes);
  return m;
}

double NpusimChipData::totalLinkBytes() const {
  double t = 0;
  for (const auto& l : loads) t += l.bytes;
  return t;
}

QString NpusimChipData::summary() const {
  QStringList parts;
  parts << QObject::tr("%1 x %2 mesh, %3 of %4 cores used, TP groups of %5 cores (%6 placement, %7 partition)")
               .arg(map.columns)
               .arg(map.rows)
               .arg(map.usedCores())
               .arg(map.columns * map.rows)
               .arg(map.layout.tp)
               .arg(QString::fromUtf8(toString(parallelism.placement)))
               .arg(QString::fromUtf8(toString(parallelism.partition)));
  for (const auto& p : map.pools) {
    const QString role = p.role == DeviceRole::Prefill  ? QObject::tr("prefill pool")
                         : p.role == DeviceRole::Decode ? QObject::tr("decode pool")
                                                        : QObject::tr("fused pool");
    parts << QObject::tr("%1: %2 cores, %3 pipeline(s) of TP %4 x PP %5")
                 .arg(role)
                 .arg(p.shape.cores)
                 .arg(p.shape.pipelines)
                 .arg(p.shape.tp)
                 .arg(p.shape.pp);
  }
  for (const auto& k : kv)
    parts << QObject::tr("%1 KV: %2 tokens of context in SRAM, %3 in core HBM (the tightest stage)")
                 .arg(k.role == DeviceRole::Prefill ? QObject::tr("prefill pool") : k.role == DeviceRole::Decode ? QObject::tr("decode pool") : QObject::tr("fused pool"))
                 .arg(formatNumber(double(k.sramTokens)), formatNumber(double(k.hbmTokens)));
  return parts.join(QStringLiteral("; "));
}

namespace {
QString signedDuration(double seconds) {
  const double a = std::abs(seconds);
  const QString sign = seconds < 0 ? QStringLiteral("−") : QStringLiteral("+");
  if (a == 0) return QStringLiteral("±0");
  if (a < 1e-6) return sign + QStringLiteral("%1 ns").arg(a * 1e9, 0, 'g', 3);
  if (a < 1e-3) return sign + QStringLiteral("%1 µs").arg(a * 1e6, 0, 'g', 3);
  if (a < 1) return sign + QStringLiteral("%1 ms").arg(a * 1e3, 0, 'g', 3);
  return sign + QStringLiteral("%1 s").arg(a, 0, 'g', 3);
}

QString change(const QString& what, double before, double after) {
  const double percent = before > 0 ? (after - before) / before * 100 : 0;
  const QString sign = percent < 0 ? QStringLiteral("−") : QStringLiteral("+");
  const QString share = percent == 0               ? QStringLiteral("±0 %")
                        : std::abs(percent) < 0.001 ? sign + QStringLiteral("<0.001 %")
                                                    : sign + QStringLiteral("%1 %").arg(std::abs(percent), 0, 'g', 3);
  return QObject::tr("%1 %2 ms → %3 ms (%4, %5)")
      .arg(what)
      .arg(before * 1e3, 0, 'f', 6)
      .arg(after * 1e3, 0, 'f', 6)
      .arg(signedDuration(after - before), share);
}
} // namespace

QString latencyChange(const EvaluationResult& before, const EvaluationResult& after) {
  if (!before.feasible || !after.feasible)
    return QObject::tr("TTFT/TBT: %1 → %2")
        .arg(before.feasible ? QObject::tr("fits") : QObject::tr("does not fit"),
             after.feasible ? QObject::tr("fits") : QObject::tr("does not fit: %1").arg(QString::fromStdString(after.problems.empty() ? "" : after.problems.front())));
  return change(QObject::tr("TTFT"), before.prefill.ttft.value(), after.prefill.ttft.value()) + QStringLiteral(" · ") +
         change(QObject::tr("TBT"), before.decode.tbt.value(), after.decode.tbt.value());
}

std::vector<int> groupSlotsAfterMove(const engine::npusim::ChipMap& map, int group, int slot) {
  auto placed = engine::npusim::movedGroupSlots(map, group, slot);
  bool inOrder = true;
  for (std::size_t i = 0; i < placed.size(); ++i) inOrder = inOrder && placed[i] == int(i);
  if (inOrder) placed.clear();
  return placed;
}

NpusimChipData npusimChipData(const EvaluationRequest& request, NpusimPhase phase, const QString& traffic) {
  return npusimChipData(request, groupModels(request), phase, traffic);
}

NpusimChipData npusimChipData(const EvaluationRequest& request, const engine::GroupModels& models, NpusimPhase phase,
                              const QString& traffic) {
  NpusimChipData d;
  d.phase = phase;
  const auto& system = request.system;
  d.system = QString::fromStdString(system.name);
  d.parallelism = parallelismOf(system) ? *parallelismOf(system) : ParallelismSpec{};
  std::vector<npu::ChipPool> pools;
  const DeviceGroup* first = nullptr;
  const engine::PerformanceModel* decodeModel = nullptr;
  // Each group's chip mapping as its model made it (the npusim engine's detail product).
  for (std::size_t i = 0; i < system.groups.size() && i < models.size(); ++i) {
    const auto& g = system.groups[i];
    const auto chip = models[i] ? engine::detailOf<npu::ChipDetail>(*models[i]) : nullptr;
    if (!chip) continue;
    if (!chip->problem.empty()) {
      d.problem = QString::fromStdString(chip->problem);
      if (!first) d.core = chip->core;
      continue;
    }
    if (!first) {
      first = &g;
      d.core = chip->core;
      d.parallelism = chip->parallelism;
      d.map.layout = chip->layout;
    }
    pools.push_back({g.role, chip->pool});
    if (!chip->kv.empty()) {
      NpusimChipData::PoolKv kv{g.role, chip->kv.front().sramTokens, chip->kv.front().hbmTokens};
      for (const auto& stage : chip->kv) {
        kv.sramTokens = std::min(kv.sramTokens, stage.sramTokens);
        kv.hbmTokens = std::min(kv.hbmTokens, stage.hbmTokens);
      }
      d.kv.push_back(kv);
    }
    if (g.role != DeviceRole::Prefill && !decodeModel) decodeModel = models[i].get();
  }
  if (!first) {
    if (d.problem.isEmpty()) d.problem = QObject::tr("No group of the system is modelled by an engine that maps an NPU chip.");
    return d;
  }
  // The prefill pool's groups first, as the engine places them (NpusimModel::placeStages).
  std::stable_sort(pools.begin(), pools.end(), [](const npu::ChipPool& a, const npu::ChipPool& b) {
    return a.role == DeviceRole::Prefill && b.role != DeviceRole::Prefill;
  });
  d.map = npu::mapChip(d.core.meshColumns, d.core.meshRows, d.map.layout, pools, d.parallelism.groupSlots);
  if (!d.map.problem.empty() && d.problem.isEmpty()) d.problem = QString::fromStdString(d.map.problem);

  // M of the GEMMs.
  const auto& w = request.workload;
  double tokens = 1;
  if (phase == NpusimPhase::Prefill) tokens = std::max<double>(1, double(w.inputTokens));
  else if (decodeModel) {
    try {
      tokens = std::max(1, decodeModel->maxDecodeBatch(w));
    } catch (const std::exception&) {
      tokens = 1;
    }
  }
  d.tokens = tokens;

  // The choices: every projection of the model, the stage boundaries, the KV hand-over.
  const auto& quant = first->device.quantisation;
  const double bytes = std::max(1.0, quant.weights.bitsPerElement() / 8.0);
  std::vector<Operator> ops;
  try {
    ops = buildOperators(request.model, quant, PassShape{.batch = 1, .newTokens = tokens, .pastTokens = 0, .logitRows = 1});
  } catch (const std::exception& e) {
    d.problem = QString::fromUtf8(e.what());
  }
  const Operator* chosenOp = nullptr;
  for (const auto& op : ops) {
    // TP 1: a projection runs on one core and moves nothing over the mesh.
    if (op.cls != OperatorClass::Projection || op.gemms.empty() || d.map.layout.tp <= 1) continue;
    const QString id = QStringLiteral("op:") + QString::fromStdString(op.name);
    d.traffics.push_back({id, QObject::tr("%1 (TP collective)").arg(QString::fromStdString(op.name))});
    if (!chosenOp && (traffic.isEmpty() || traffic == id)) chosenOp = &op;
  }
  d.traffics.push_back({QStringLiteral("stages"), QObject::tr("Activations between pipeline stages")});
  const bool disaggregated =
      std::any_of(pools.begin(), pools.end(), [](const npu::ChipPool& p) { return p.role == DeviceRole::Prefill; }) &&
      std::any_of(pools.begin(), pools.end(), [](const npu::ChipPool& p) { return p.role == DeviceRole::Decode; });
  if (disaggregated) d.traffics.push_back({QStringLiteral("kv"), QObject::tr("KV hand-over, prefill to decode pool")});

  std::vector<npu::Flow> flows;
  if (traffic == QLatin1String("stages") || (!chosenOp && traffic != QLatin1String("kv"))) {
    d.traffic = QStringLiteral("stages");
    flows = npu::stageFlows(d.map, tokens, request.model.hiddenSize, bytes);
  } else if (traffic == QLatin1String("kv") && disaggregated) {
    d.traffic = QStringLiteral("kv");
    const int pp = std::max(1, pools.front().shape.pp);
    double kv = 0;
    try {
      kv = cacheBytesPerSequence(request.model, first->device.quantisation, double(std::max(1LL, w.inputTokens))).value();
    } catch (const std::exception&) {
      kv = 0;
    }
    flows = npu::kvHandoverFlows(d.map, kv / pp);
  } else if (chosenOp) {
    d.traffic = QStringLiteral("op:") + QString::fromStdString(chosenOp->name);
    for (const auto& g : chosenOp->gemms) {
      auto f = npu::gemmFlows(d.map, d.parallelism, g.m, g.k, g.n * g.instances, bytes);
      flows.insert(flows.end(), f.begin(), f.end());
    }
  } else {
    d.traffic = QStringLiteral("stages");
    flows = npu::stageFlows(d.map, tokens, request.model.hiddenSize, bytes);
  }
  for (const auto& t : d.traffics)
    if (t.id == d.traffic) d.trafficLabel = t.label;
  d.loads = npu::linkLoads(flows);
  return d;
}

} // namespace llmwb::ui
