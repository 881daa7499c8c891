// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/pareto_plot.h"

#include "core/dse/exploration.h"
#include "widgets/plots/metric_text.h"

#include <QMenu>

#include <algorithm>
#include <cmath>

namespace llmwb::ui {

namespace {
bool wantsLog(const std::vector<double>& v) {
  double lo = 1e300, hi = 0;
  for (double x : v) {
    if (!std::isfinite(x)) continue;
    if (x <= 0) return false;
    lo = std::min(lo, x);
    hi = std::max(hi, x);
  }
  return hi > 0 && hi / lo > 1000; // three decades: below that a linear axis has more labels
}

void fitRange(QCPAxis& axis, const std::vector<double>& v) {
  double lo = 1e300, hi = -1e300;
  for (double x : v)
    if (std::isfinite(x)) {
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
  if (lo > hi) {
    axis.setRange(0, 1);
    return;
  }
  if (axis.scaleType() == QCPAxis::stLogarithmic) {
    axis.setRange(lo / 1.5, hi * 1.5);
    return;
  }
  const double pad = hi > lo ? (hi - lo) * 0.06 : std::max(std::abs(hi) * 0.1, 1.0);
  axis.setRange(lo - pad, hi + pad);
}
} // namespace

ParetoPlot::ParetoPlot(QWidget* parent) : PlotView(parent) {
  addTitleRow();
  placeLegendRight();
  addLayer(QStringLiteral("front"), layer(QStringLiteral("main")), QCustomPlot::limAbove);
}

void ParetoPlot::setExploration(dse::DesignSpace space, std::vector<dse::PointResult> points) {
  const bool sameSpace = space.id == mSpace.id && space.objectives.size() == mSpace.objectives.size();
  mSpace = std::move(space);
  mPoints = std::move(points);
  mFront = dse::paretoSet(mSpace, mPoints);
  mActive.reset();
  if (!sameSpace) {
    mX = 0;
    mY = mSpace.objectives.size() > 1 ? 1 : (mSpace.constraints.empty() ? 0 : int(mSpace.objectives.size()));
  }
  refresh();
}

void ParetoPlot::addPoint(dse::PointResult point, bool replot) {
  mPoints.push_back(std::move(point));
  if (replot) updateFront();
}

void ParetoPlot::updateFront() {
  mFront = dse::paretoSet(mSpace, mPoints);
  refresh();
}

void ParetoPlot::clear() { setExploration(mSpace, {}); }

QStringList ParetoPlot::axisChoices() const {
  QStringList names;
  for (const auto& o : mSpace.objectives) names << metricAxisLabel(o.metric);
  for (const auto& c : mSpace.constraints) names << metricAxisLabel(c.metric) + tr(" [constraint]");
  return names;
}

void ParetoPlot::setAxes(int xChoice, int yChoice) {
  mX = xChoice;
  mY = yChoice;
  refresh();
}

void ParetoPlot::setActivePoint(std::optional<std::size_t> index) {
  mActive = index;
  refresh();
}

std::string ParetoPlot::metricOf(int c) const {
  const auto n = int(mSpace.objectives.size());
  if (c < n) return mSpace.objectives[std::size_t(c)].metric;
  if (c - n < int(mSpace.constraints.size())) return mSpace.constraints[std::size_t(c - n)].metric;
  return {};
}

double ParetoPlot::valueOf(std::size_t i, int c) const {
  const auto& p = mPoints[i];
  const auto n = int(mSpace.objectives.size());
  if (c < n) return std::size_t(c) < p.objectives.size() ? p.objectives[std::size_t(c)] : NAN;
  return std::size_t(c - n) < p.constraints.size() ? p.constraints[std::size_t(c - n)] : NAN;
}

QString ParetoPlot::describe(std::size_t i) const {
  const auto& p = mPoints[i];
  QString text = tr("<b>design %1</b>").arg(i);
  if (p.index) text += tr(" (grid %1)").arg(*p.index);
  if (std::binary_search(mFront.begin(), mFront.end(), i)) text += tr(" · on the Pareto front");
  for (std::size_t k = 0; k < mSpace.parameters.size() && k < p.point.coordinates.size(); ++k)
    text += QStringLiteral("<br>%1 = %2").arg(QString::fromStdString(mSpace.parameters[k].name).toHtmlEscaped(),
                                            parameterValueText(mSpace.parameters[k], p.point.coordinates[k]).toHtmlEscaped());
  text += QStringLiteral("<hr>");
  const auto choices = int(mSpace.objectives.size() + mSpace.constraints.size());
  for (int c = 0; c < choices; ++c) {
    const std::string metric = metricOf(c);
    text += QStringLiteral("%1: %2 %3<br>").arg(QString::fromStdString(metric), QString::number(valueOf(i, c), 'g', 4),
                                               metricUnit(metric));
  }
  if (!p.feasible)
    for (const auto& problem : p.problems) text += tr("✗ %1<br>").arg(QString::fromStdString(problem).toHtmlEscaped());
  return text;
}

QString ParetoPlot::describeInline(std::size_t i) const {
  const auto& p = mPoints[i];
  QStringList head{tr("design %1").arg(i)};
  if (std::binary_search(mFront.begin(), mFront.end(), i)) head << tr("on the Pareto front");
  if (!p.feasible) head << tr("not feasible");
  QStringList values, figures;
  for (std::size_t k = 0; k < mSpace.parameters.size() && k < p.point.coordinates.size(); ++k)
    values << QStringLiteral("%1 = %2").arg(QString::fromStdString(mSpace.parameters[k].name),
                                            parameterValueText(mSpace.parameters[k], p.point.coordinates[k]));
  const auto choices = int(mSpace.objectives.size() + mSpace.constraints.size());
  for (int c = 0; c < choices; ++c) {
    const std::string metric = metricOf(c);
    figures << QStringLiteral("%1: %2 %3").arg(QString::fromStdString(metric), QString::number(valueOf(i, c), 'g', 4), metricUnit(metric));
  }
  return head.join(QStringLiteral(" · ")) + QStringLiteral(": ") + values.join(QStringLiteral(", ")) + QStringLiteral(" — ") +
         figures.join(QStringLiteral(", "));
}

void ParetoPlot::rebuild() {
  clearPlottables();
  clearItems();
  legend->clearItems();
  const PlotTheme& t = theme();
  const auto choices = int(mSpace.objectives.size() + mSpace.constraints.size());
  if (choices == 0) {
    xAxis->setLabel(tr("Objective"));
    yAxis->setLabel(tr("Objective"));
    return;
  }
  mX = std::clamp(mX, 0, choices - 1);
  mY = std::clamp(mY, 0, choices - 1);
  const auto feasible = std::count_if(mPoints.begin(), mPoints.end(), [](const auto& p) { return p.feasible; });
  setTitle(tr("Exploration: %1\n%2 designs, %3 feasible, %4 on the Pareto front")
               .arg(QString::fromStdString(mSpace.name.empty() ? mSpace.id : mSpace.name))
               .arg(mPoints.size())
               .arg(feasible)
               .arg(mFront.size()));

  std::vector<double> xs, ys;
  for (std::size_t i = 0; i < mPoints.size(); ++i) {
    xs.push_back(valueOf(i, mX));
    ys.push_back(valueOf(i, mY));
  }
  for (auto [axis, values, choice] : {std::tuple{xAxis, &xs, mX}, std::tuple{yAxis, &ys, mY}}) {
    QString label = metricAxisLabel(metricOf(choice));
    const bool log = wantsLog(*values);
    if (log) {
      makeLogAxis(*axis);
      axis->setLabel(label);
    } else {
      double largest = 0;
      for (double v : *values)
        if (std::isfinite(v)) largest = std::max(largest, std::abs(v));
      makeLinearAxis(*axis, label, largest);
    }
    if (choice < int(mSpace.objectives.size()))
      axis->setLabel(axis->label() + (mSpace.objectives[std::size_t(choice)].direction == dse::Direction::Maximise
                                          ? tr(" — higher is better")
                                          : tr(" — lower is better")));
    fitRange(*axis, *values);
  }

  // Printed figures are laid out in points: markers two thirds of their screen size.
  const double markerScale = t.print ? 0.6 : 1;
  auto scatter = [&](const QString& name, QCPScatterStyle::ScatterShape shape, const QColor& fill, double size) {
    size *= markerScale;
    auto* g = addGraph();
    g->setName(name);
    g->setLineStyle(QCPGraph::lsNone);
    QCPScatterStyle style(shape, fill.darker(t.dark ? 80 : 130), fill, size);
    g->setScatterStyle(style);
    return g;
  };
  auto* infeasible = scatter(tr("infeasible"), QCPScatterStyle::ssCross, t.muted, 7);
  infeasible->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(t.muted, 1.5 * markerScale), Qt::NoBrush, 7 * markerScale));
  QColor dominatedColour = seriesColor(0, t.dark);
  dominatedColour.setAlpha(170);
  auto* dominated = scatter(tr("feasible"), QCPScatterStyle::ssDisc, dominatedColour, 7);
  auto* front = scatter(tr("Pareto front"), QCPScatterStyle::ssDiamond, t.highlight, 11);
  front->setProperty("llmwb.kind", "front");
  front->setLayer(QStringLiteral("front")); // above the line that joins it

  // Thousands of points: each graph gets its data in one call, and tooltips are written when shown.
  std::vector<std::size_t> frontDrawn;
  QVector<double> feasibleX, feasibleY, infeasibleX, infeasibleY;
  for (std::size_t i = 0; i < mPoints.size(); ++i) {
    if (!std::isfinite(xs[i]) || !std::isfinite(ys[i])) continue;
    if (std::binary_search(mFront.begin(), mFront.end(), i)) frontDrawn.push_back(i);
    else if (mPoints[i].feasible) feasibleX << xs[i], feasibleY << ys[i];
    else infeasibleX << xs[i], infeasibleY << ys[i];
    addHoverPoint({xAxis, yAxis, xs[i], ys[i], {}, i});
  }
  dominated->setData(feasibleX, feasibleY);
  infeasible->setData(infeasibleX, infeasibleY);
  // The front: joined by a line in x order when the axes are the two objectives it was found on.
  std::sort(frontDrawn.begin(), frontDrawn.end(), [&](auto a, auto b) { return xs[a] < xs[b]; });
  for (auto i : frontDrawn) front->addData(xs[i], ys[i]);
  const bool twoObjectiveAxes = mSpace.objectives.size() == 2 && mX < 2 && mY < 2 && mX != mY;
  if (twoObjectiveAxes && frontDrawn.size() > 1) {
    // QCPGraph sorts by key; a curve keeps the x order even for equal keys.
    auto* line = new QCPCurve(xAxis, yAxis);
    line->removeFromLegend();
    line->setPen(QPen(t.highlight, 1.6 * markerScale));
    // The attainment staircase: between two front points the corner takes the worse value of each.
    auto worse = [&](int choice, double a, double b) {
      const bool maximise = mSpace.objectives[std::size_t(choice)].direction == dse::Direction::Maximise;
      return maximise ? std::min(a, b) : std::max(a, b);
    };
    for (std::size_t k = 0; k < frontDrawn.size(); ++k) {
      const auto i = frontDrawn[k];
      if (k > 0) {
        const auto previous = frontDrawn[k - 1];
        line->addData(worse(mX, xs[previous], xs[i]), worse(mY, ys[previous], ys[i]));
      }
      line->addData(xs[i], ys[i]);
    }
  }
  if (mActive && *mActive < mPoints.size() && std::isfinite(xs[*mActive]) && std::isfinite(ys[*mActive])) {
    auto* ring = scatter(tr("chosen design"), QCPScatterStyle::ssCircle, Qt::transparent, 20);
    ring->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(t.foreground, 2.2 * markerScale), Qt::NoBrush, 20 * markerScale));
    ring->addData(xs[*mActive], ys[*mActive]);
    ring->setLayer(QStringLiteral("front"));
    ring->removeFromLegend(); // a legend entry would widen the legend and shift the plot under the mouse
  }
  if (infeasible->dataCount() == 0) infeasible->removeFromLegend();
}

std::optional<QPointF> ParetoPlot::pixelOf(std::size_t index) const {
  if (index >= mPoints.size()) return std::nullopt;
  const double x = valueOf(index, mX), y = valueOf(index, mY);
  if (!std::isfinite(x) || !std::isfinite(y)) return std::nullopt;
  return QPointF(xAxis->coordToPixel(x), yAxis->coordToPixel(y));
}

std::optional<std::size_t> ParetoPlot::pointAt(const QPointF& pos) const {
  if (const auto* p = hoverPointAt(pos)) return p->id;
  return std::nullopt;
}

void ParetoPlot::mousePressEvent(QMouseEvent* event) {
  mPressPos = event->position();
  PlotView::mousePressEvent(event);
}

void ParetoPlot::mouseReleaseEvent(QMouseEvent* event) {
  PlotView::mouseReleaseEvent(event);
  // A click, not the end of a drag.
  if (event->button() != Qt::LeftButton || (event->position() - mPressPos).manhattanLength() > 4) return;
  if (const auto index = pointAt(event->position())) {
    setActivePoint(*index);
    emit pointActivated(*index);
  }
}

void ParetoPlot::addContextActions(QMenu& menu) {
  const QStringList choices = axisChoices();
  for (auto [title, isX] : {std::pair{tr("X axis"), true}, std::pair{tr("Y axis"), false}}) {
    QMenu* sub = menu.addMenu(title);
    for (qsizetype c = 0; c < choices.size(); ++c) {
      auto* action = sub->addAction(choices[c], this, [this, c, isX = isX] {
        if (isX) setAxes(int(c), mY);
        else setAxes(mX, int(c));
      });
      action->setCheckable(true);
      action->setChecked(int(c) == (isX ? mX : mY));
    }
  }
}

PlotTable ParetoPlot::table() const {
  PlotTable t;
  t.title = tr("Exploration of %1").arg(QString::fromStdString(mSpace.name.empty() ? mSpace.id : mSpace.name));
  t.columns = {QStringLiteral("design"), QStringLiteral("grid_index"), QStringLiteral("feasible"), QStringLiteral("pareto")};
  for (const auto& o : mSpace.objectives) t.columns << QString::fromStdString(o.metric);
  for (const auto& c : mSpace.constraints) t.columns << QStringLiteral("constraint:") + QString::fromStdString(c.metric);
  for (const auto& p : mSpace.parameters) t.columns << QStringLiteral("param:") + QString::fromStdString(p.name);
  const auto choices = int(mSpace.objectives.size() + mSpace.constraints.size());
  for (std::size_t i = 0; i < mPoints.size(); ++i) {
    const auto& p = mPoints[i];
    QVariantList row{qulonglong(i), p.index ? QVariant(qulonglong(*p.index)) : QVariant(), p.feasible,
                     std::binary_search(mFront.begin(), mFront.end(), i)};
    for (int c = 0; c < choices; ++c) row << valueOf(i, c);
    for (std::size_t k = 0; k < mSpace.parameters.size(); ++k)
      row << (k < p.point.coordinates.size() ? parameterValueText(mSpace.parameters[k], p.point.coordinates[k]) : QString());
    t.addRow(std::move(row));
  }
  return t;
}

} // namespace llmwb::ui
