// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/breakdown_data.h"

#include "core/engine/engine_registry.h"
#include "core/package/package.h"
#include "widgets/common/format.h"
#include "widgets/plots/plot_style.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <map>

namespace llmwb::ui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("llmwb::ui::Breakdown", text); }
QString q(const std::string& s) { return QString::fromStdString(s); }

constexpr std::array kClasses = {OperatorClass::Projection, OperatorClass::Attention, OperatorClass::Moe,
                                 OperatorClass::Recurrence, OperatorClass::Elementwise, OperatorClass::Embedding,
                                 OperatorClass::LmHead};

const PhaseResult& phaseOf(const EvaluationResult& r, int i) { return i == 0 ? r.prefill : r.decode; }
QString phaseTitle(int i) { return i == 0 ? tr("Prefill") : tr("Decode"); }

BarPanel emptyPanel(const QString& title, const QString& axisName, BarQuantity quantity, int row, int column) {
  BarPanel panel;
  panel.title = title;
  panel.axisName = axisName;
  panel.quantity = quantity;
  panel.row = row;
  panel.column = column;
  return panel;
}

/// A panel that says the engine computed nothing for it.
BarPanel notModelled(const QString& title, const std::string& engineName, engine::ResultAspect aspect, int row, int column) {
  BarPanel panel = emptyPanel(title, {}, BarQuantity::Time, row, column);
  panel.note = q(engine::notModelledText(engineName, aspect));
  panel.note[0] = panel.note[0].toUpper();
  return panel;
}

/// One bar per operator class the phase has, each in its class colour.
BarPanel classPanel(const PhaseResult& phase, bool energy, int row, int column, const QString& title) {
  BarPanel panel = emptyPanel(title, energy ? tr("Dynamic energy") : tr("Latency"),
                              energy ? BarQuantity::Energy : BarQuantity::Time, row, column);
  std::map<OperatorClass, double> sums;
  for (const auto& op : phase.operators) sums[op.cls] += energy ? op.energy.value() : op.time.value();
  for (auto cls : kClasses) {
    if (!sums.contains(cls)) continue;
    panel.categories << operatorClassName(cls);
  }
  int category = 0;
  for (auto cls : kClasses) {
    if (!sums.contains(cls)) continue;
    BarSeries s{operatorClassName(cls), BarColour::OperatorClass, int(cls), std::vector<double>(std::size_t(panel.categories.size()), 0.0)};
    s.values[std::size_t(category++)] = sums[cls];
    panel.series.push_back(std::move(s));
  }
  return panel;
}
} // namespace

QString unitOf(BarQuantity q) {
  switch (q) {
  case BarQuantity::Time: return QStringLiteral("s");
  case BarQuantity::Energy: return QStringLiteral("J");
  case BarQuantity::Bytes: return QStringLiteral("B");
  case BarQuantity::Power: return QStringLiteral("W");
  case BarQuantity::Area: return QStringLiteral("mm²");
  case BarQuantity::Share: return QStringLiteral("%");
  }
  return {};
}

BreakdownData classBreakdown(const EvaluationResult& result, const QString& systemName) {
  BreakdownData data;
  data.name = QStringLiteral("breakdown-class");
  data.title = tr("Latency and energy by operator class: %1").arg(systemName);
  int column = 0;
  for (int i = 0; i < 2; ++i) {
    const auto& phase = phaseOf(result, i);
    if (!phase.evaluated) continue;
    const QString at = i == 0 ? tr(" (batch %1, whole prompt)").arg(phase.batch) : tr(" (batch %1, all steps)").arg(phase.batch);
    const bool energy = std::any_of(phase.operators.begin(), phase.operators.end(), [](const auto& o) { return o.energy.value() > 0; });
    if (phase.operators.empty()) {
      data.panels.push_back(notModelled(phaseTitle(i) + tr(" latency") + at, phase.engine, engine::ResultAspect::OperatorRows, 0, column));
      data.panels.push_back(notModelled(phaseTitle(i) + tr(" energy"), phase.engine, engine::ResultAspect::OperatorRows, 1, column));
    } else {
      data.panels.push_back(classPanel(phase, false, 0, column, phaseTitle(i) + tr(" latency") + at));
      data.panels.push_back(energy ? classPanel(phase, true, 1, column, phaseTitle(i) + tr(" energy"))
                                   : notModelled(phaseTitle(i) + tr(" energy"), phase.engine, engine::ResultAspect::OperatorEnergy, 1, column));
    }
    ++column;
  }
  return data;
}

BreakdownData memoryBreakdown(const EvaluationResult& result, const QString& systemName) {
  BreakdownData data;
  data.name = QStringLiteral("breakdown-memory");
  data.title = tr("Memory traffic and power by level: %1").arg(systemName);
  int column = 0;
  for (int i = 0; i < 2; ++i) {
    const auto& phase = phaseOf(result, i);
    if (!phase.evaluated) continue;
    if (phase.levels.empty()) {
      data.panels.push_back(notModelled(phaseTitle(i) + tr(" traffic"), phase.engine, engine::ResultAspect::MemoryTraffic, 0, column));
      data.panels.push_back(notModelled(phaseTitle(i) + tr(" memory power"), phase.engine, engine::ResultAspect::MemoryTraffic, 1, column));
      ++column;
      continue;
    }
    BarPanel traffic = emptyPanel(phaseTitle(i) + tr(" traffic"), tr("Data moved"), BarQuantity::Bytes, 0, column);
    BarPanel power = emptyPanel(phaseTitle(i) + tr(" memory power"), tr("Average power"), BarQuantity::Power, 1, column);
    BarSeries read{tr("read"), BarColour::Series, 0, {}}, written{tr("written"), BarColour::Series, 1, {}};
    // Power says how much is holding data (background, Eq. 6's p_bg) and how much moving it: a
    // level that moves 0 B still draws its background power.
    BarSeries held{tr("holding data"), BarColour::Series, 2, {}},
        moving{tr("moving data"), BarColour::Series, 3, {}};
    for (const auto& level : phase.levels) {
      const QString name = q(level.name) + QStringLiteral("\n") + q(level.technology);
      traffic.categories << name;
      power.categories << name;
      read.values.push_back(level.read.value());
      written.values.push_back(level.written.value());
      const double background = std::min(level.backgroundPower.value(), level.averagePower.value());
      held.values.push_back(background);
      moving.values.push_back(level.averagePower.value() - background);
    }
    traffic.series = {read, written};
    power.series = {held, moving};
    const bool powered = std::any_of(phase.levels.begin(), phase.levels.end(), [](const auto& l) { return l.averagePower.value() > 0; });
    data.panels.push_back(std::move(traffic));
    data.panels.push_back(powered ? std::move(power)
                                  : notModelled(power.title, phase.engine, engine::ResultAspect::MemoryEnergy, 1, column));
    ++column;
  }
  return data;
}

BreakdownData areaBreakdown(const SystemSpec& system) {
  BreakdownData data;
  data.name = QStringLiteral("breakdown-area");
  data.title = tr("Package area by part: %1").arg(q(system.name.empty() ? system.id : system.name));
  BarPanel panel = emptyPanel(tr("Interposer area (7 nm, DUET 4.5 area model)"), tr("Area"), BarQuantity::Area, 0, 0);
  const QStringList parts = {tr("systolic arrays"), tr("vector arrays"), tr("array SRAM"), tr("D2D PHYs"),
                             tr("chiplet overhead"), tr("memory-PHY chiplets"), tr("in-package memory"),
                             tr("interposer spacing")};
  std::vector<std::vector<double>> values(std::size_t(parts.size()));
  std::vector<std::string> seen;
  for (const auto& group : system.groups) {
    const auto& device = group.device;
    if (!device.package || std::find(seen.begin(), seen.end(), device.id) != seen.end()) continue;
    seen.push_back(device.id);
    const auto& p = *device.package;
    MemoryHierarchy scratch;
    const auto report = resolvePackage(p, scratch);
    const double n = p.computeChiplets;
    const auto& c = report.chiplet;
    const double chipletParts = (c.systolic + c.vector + c.sram + c.d2d).value();
    double inPackage = 0;
    for (const auto& m : p.memory)
      if (m.inPackage) inPackage += m.footprint.value() * m.part.count;
    const double phys = p.memoryPhys.area.value() * p.memoryPhys.count;
    const double footprints = c.total.value() * n + phys + inPackage;
    const double row[] = {c.systolic.value() * n, c.vector.value() * n, c.sram.value() * n, c.d2d.value() * n,
                          (c.total.value() - chipletParts) * n, phys, inPackage, report.interposerArea.value() - footprints};
    for (std::size_t i = 0; i < values.size(); ++i) values[i].push_back(row[i]);
    panel.categories << q(device.name) + tr("\n%1 compute chiplets").arg(p.computeChiplets);
    panel.limit = std::max(panel.limit, report.interposerLimit.value());
  }
  if (panel.categories.isEmpty()) return data;
  panel.limitName = tr("interposer limit");
  for (qsizetype i = 0; i < parts.size(); ++i) {
    const auto& v = values[std::size_t(i)];
    if (std::all_of(v.begin(), v.end(), [](double x) { return x == 0; })) continue;
    panel.series.push_back({parts[i], BarColour::Series, int(i), v});
  }
  data.panels.push_back(std::move(panel));
  return data;
}

} // namespace llmwb::ui
