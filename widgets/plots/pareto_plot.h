// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The points of an exploration on two chosen metrics (objectives or constraints): infeasible
// designs grey, the Pareto set highlighted (and joined when the axes are the space's two
// objectives). A click on a point emits pointActivated with its index into the points.

#include "core/dse/design_problem.h"
#include "widgets/plots/plot_view.h"

namespace llmwb::ui {

class ParetoPlot : public PlotView {
  Q_OBJECT
public:
  explicit ParetoPlot(QWidget* parent = nullptr);

  /// A new exploration: its space and the points so far.
  void setExploration(dse::DesignSpace space, std::vector<dse::PointResult> points);
  /// One more point (live exploration); refreshes when `replot` is set.
  void addPoint(dse::PointResult point, bool replot = true);
  /// The front recomputed and the plot refreshed after points added without replot.
  void updateFront();
  void clear();

  const dse::DesignSpace& space() const { return mSpace; }
  const std::vector<dse::PointResult>& points() const { return mPoints; }
  /// dse::paretoSet of the points: indices, ascending.
  const std::vector<std::size_t>& front() const { return mFront; }

  /// The axes' choices: the objectives, then the constraints, by metric name.
  QStringList axisChoices() const;
  void setAxes(int xChoice, int yChoice);
  int xChoice() const { return mX; }
  int yChoice() const { return mY; }

  /// Widget position of a point (nullopt when it is not drawn), and the point at a position.
  std::optional<QPointF> pixelOf(std::size_t index) const;
  std::optional<std::size_t> pointAt(const QPointF& pos) const;
  /// The point last activated (marked with a ring).
  std::optional<std::size_t> activePoint() const { return mActive; }
  void setActivePoint(std::optional<std::size_t> index);

  PlotTable table() const override;
  QString figureName() const override { return QStringLiteral("pareto"); }
  /// Point `i`: its parameters' values, then its objectives and constraints with their units, and
  /// why it is infeasible (rich text, as its tooltip).
  QString describe(std::size_t i) const;
  /// The same on one line, plain: "design 12 · on the Pareto front: hbm stacks = 4, ... — decode
  /// tokens/s: 34.7 tokens/s, ...".
  QString describeInline(std::size_t i) const;

signals:
  void pointActivated(std::size_t index);

protected:
  void rebuild() override;
  void addContextActions(QMenu& menu) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

private:
  /// The value on axis choice `c` of point `i` (NaN when it has none).
  double valueOf(std::size_t i, int c) const;
  std::string metricOf(int c) const;
  QString hoverText(const HoverPoint& p) const override { return describe(p.id); }

  dse::DesignSpace mSpace;
  std::vector<dse::PointResult> mPoints;
  std::vector<std::size_t> mFront;
  int mX = 0, mY = 1;
  std::optional<std::size_t> mActive;
  QPointF mPressPos;
};

} // namespace llmwb::ui
