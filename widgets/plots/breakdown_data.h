// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Bar breakdowns of one evaluation, as panels of bars: latency and energy by operator class,
// memory traffic and power by level, area of chiplet packages. Values in SI base units.

#include "core/engine/result.h"
#include "core/system/system_spec.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace llmwb::ui {

enum class BarQuantity { Time, Energy, Bytes, Power, Area, Share };
QString unitOf(BarQuantity q); ///< "s", "J", "B", "W", "mm²", "%" (shares are given in percent)

/// Which palette a series takes its colour from.
enum class BarColour { OperatorClass, MemoryLevel, Series };

struct BarSeries {
  QString name;
  BarColour colour = BarColour::Series;
  int colourIndex = 0;        ///< operator class, level depth or series number
  std::vector<double> values; ///< one per category, SI base unit (mm² for area)
};

/// One axis rect: categories along x, stacked series up y.
struct BarPanel {
  QString title;    ///< "Prefill latency"
  QString axisName; ///< "Latency": the axis label adds the unit
  int row = 0, column = 0;
  BarQuantity quantity = BarQuantity::Time;
  QStringList categories;
  std::vector<BarSeries> series;
  double limit = 0; ///< a dashed reference line (an area limit); 0: none
  QString limitName;
  /// Non-empty: the engine computed nothing for this panel, and this line says so ("not modelled by
  /// the npusim engine: …"); the panel shows it instead of bars.
  QString note;
};

struct BreakdownData {
  QString name;  ///< file stem: "breakdown-class"
  QString title;
  std::vector<BarPanel> panels;
  bool empty() const { return panels.empty(); }
};

/// Latency (top) and dynamic energy (bottom) by operator class, prefill and decode side by side.
BreakdownData classBreakdown(const EvaluationResult& result, const QString& systemName);
/// Bytes read and written (top) and average power, holding data and moving it (bottom), per memory
/// level, per phase.
BreakdownData memoryBreakdown(const EvaluationResult& result, const QString& systemName);
/// Interposer area of each chiplet-package device by part; empty when the system has none.
BreakdownData areaBreakdown(const SystemSpec& system);

} // namespace llmwb::ui
