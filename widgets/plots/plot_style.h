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
  /// Fonts sized for a printed figure whose layout unit is one point (1/72 in): set in pixels of
  /// that layout, so that every paint device (PNG, PDF, SVG) draws them at the same physical size.
  bool print = false;
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
/// The theme of exported figures, laid out in points: ticks and axis labels 8 pt, legend 7 pt,
/// headings 9 pt (journal figures ask for 7-9 pt at print size).
PlotTheme printTheme(bool dark);
/// `like` at `points`: a pixel size in a print theme's point layout, a point size on screen.
QFont fontAtPoints(QFont like, double points);
/// The size of `font` in points (a print theme's pixel sizes are points).
double fontPoints(const QFont& font);

/// Okabe-Ito based, distinguishable by colour-blind readers; lighter variants on dark backgrounds.
QColor operatorClassColor(OperatorClass cls, bool dark);
/// "Projection", "Attention", ... (the engine's names, for legends).
QString operatorClassName(OperatorClass cls);
/// The engine's class name ("projection", "attention", ...) back to the enum; nullopt for others.
std::optional<OperatorClass> operatorClassFromName(const QString& name);
/// Memory level by depth: 0 on-chip, 1 L1, 2 L2, ... A palette of its own, so that no level shares
/// a colour with an operator class (roofline ceilings and points are drawn together).
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
/// Linear axis whose tick labels are all plain numbers: values from 10^4 up (or below 10^-2) are
/// shown in units of a power of ten named in the axis label, "Hypervolume (10⁶ tokens/s × mm²)",
/// instead of a mix like "500000" and "3·10⁶". Sets the ticker, number format and label.
void makeLinearAxis(QCPAxis& axis, const QString& label, double largest);

} // namespace llmwb::ui
