// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One place for how plots look: colours per operator class and memory level, light and dark
// variants (picked from the application palette), fonts and pens.

#include "core/model/operators.h"

#include <QColor>
#include <QFont>
#include <QString>

#include <optional>

class QCustomPlot;
class QCPAxis;
class QCPAxisRect;
class QCPLegend;

namespace llmwb::ui {

struct PlotTheme {
  bool dark = false;
  QColor background;
  QColor foreground;  ///< axes, tick labels, text
  QColor grid;
  QColor subGrid;
  QColor muted;       ///< infeasible points, secondary lines
  QColor highlight;   ///< the Pareto front, a chosen point
  QFont tickFont;
  QFont labelFont;
  QFont legendFont;
  QFont titleFont;
};

/// The theme that matches the application palette (dark when the window colour is dark).
PlotTheme currentPlotTheme();
PlotTheme plotTheme(bool dark);

/// Okabe-Ito based, distinguishable by colour-blind readers; lighter variants on dark backgrounds.
QColor operatorClassColor(OperatorClass cls, bool dark);
/// "Projection", "Attention", ... (the engine's names, for legends).
QString operatorClassName(OperatorClass cls);
/// The engine's class name ("projection", "attention", ...) back to the enum; nullopt for others.
std::optional<OperatorClass> operatorClassFromName(const QString& name);
/// Memory level by depth: 0 on-chip, 1 L1, 2 L2, ...
QColor memoryLevelColor(int depth, bool dark);
/// The i-th colour of a qualitative series (runs, devices, breakdown parts).
QColor seriesColor(int index, bool dark);

/// Background, fonts, axis and grid pens of every axis rect, and the legend.
void applyPlotTheme(QCustomPlot& plot, const PlotTheme& theme);
void styleAxis(QCPAxis& axis, const PlotTheme& theme);
void styleAxisRect(QCPAxisRect& rect, const PlotTheme& theme);
void styleLegend(QCPLegend& legend, const PlotTheme& theme);

/// Log axis with 10^n labels and log sub-ticks.
void makeLogAxis(QCPAxis& axis);

} // namespace llmwb::ui
