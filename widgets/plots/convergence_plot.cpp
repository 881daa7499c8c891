// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/convergence_plot.h"

#include "widgets/plots/metric_text.h"

#include <algorithm>

namespace llmwb::ui {

ConvergencePlot::ConvergencePlot(QWidget* parent) : PlotView(parent) {
  addTitleRow();
  legend->setVisible(true);
  // Hypervolume only grows: the lower right is empty, the legend goes there.
  axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignBottom);
}

void ConvergencePlot::setSpace(const dse::DesignSpace& space) {
  QStringList units;
  for (const auto& o : space.objectives) {
    const QString u = metricUnit(o.metric);
    units << (u.isEmpty() ? QStringLiteral("1") : u);
  }
  mUnit = units.join(QStringLiteral(" × "));
  // Often shown in a narrow pane: the space's name wrapped under the heading.
  setTitle(tr("Convergence") + QLatin1Char('\n') + wrapLabel(QString::fromStdString(space.name.empty() ? space.id : space.name), 36));
  refresh();
}

void ConvergencePlot::setRun(const QString& label, std::vector<double> trace) {
  auto it = std::find_if(mRuns.begin(), mRuns.end(), [&](const Run& r) { return r.label == label; });
  if (it == mRuns.end()) mRuns.push_back({label, std::move(trace)});
  else it->trace = std::move(trace);
  refresh();
}

void ConvergencePlot::removeRun(const QString& label) {
  std::erase_if(mRuns, [&](const Run& r) { return r.label == label; });
  refresh();
}

void ConvergencePlot::clearRuns() {
  mRuns.clear();
  refresh();
}

void ConvergencePlot::setReference(double hypervolume, const QString& label) {
  mReference = hypervolume;
  mReferenceLabel = label;
  refresh();
}

void ConvergencePlot::rebuild() {
  clearPlottables();
  clearItems();
  const PlotTheme& t = theme();
  xAxis->setLabel(tr("Evaluations (designs)"));

  double top = mReference;
  std::size_t longest = 1;
  for (std::size_t r = 0; r < mRuns.size(); ++r) {
    const auto& run = mRuns[r];
    auto* g = addGraph();
    g->setName(run.label);
    g->setPen(QPen(seriesColor(int(r), t.dark), t.print ? 1.2 : 2));
    g->setLineStyle(QCPGraph::lsStepLeft);
    for (std::size_t i = 0; i < run.trace.size(); ++i) {
      g->addData(double(i + 1), run.trace[i]);
      top = std::max(top, run.trace[i]);
    }
    longest = std::max(longest, run.trace.size());
    if (!run.trace.empty())
      addHoverPoint({xAxis, yAxis, double(run.trace.size()), run.trace.back(),
                     tr("<b>%1</b><br>%2 evaluations<br>hypervolume %3 %4")
                         .arg(run.label.toHtmlEscaped())
                         .arg(run.trace.size())
                         .arg(QString::number(run.trace.back(), 'g', 4), mUnit),
                     r});
  }
  if (mReference > 0) {
    auto* g = addGraph();
    g->setName(mReferenceLabel);
    g->setPen(QPen(t.foreground, 1.4, Qt::DashLine));
    g->setData(QVector<double>{1, double(longest)}, QVector<double>{mReference, mReference});
  }
  xAxis->setRange(0, double(longest) + 1);
  makeLinearAxis(*yAxis, mUnit.isEmpty() ? tr("Hypervolume") : tr("Hypervolume (%1)").arg(mUnit), top);
  yAxis->setRange(0, top > 0 ? top * 1.08 : 1);
  legend->setVisible(plottableCount() > 0);
}

PlotTable ConvergencePlot::table() const {
  PlotTable t;
  t.title = tr("Hypervolume against evaluations");
  t.columns = {QStringLiteral("run"), QStringLiteral("evaluations"), QStringLiteral("hypervolume")};
  for (const auto& run : mRuns)
    for (std::size_t i = 0; i < run.trace.size(); ++i) t.addRow({run.label, qulonglong(i + 1), run.trace[i]});
  return t;
}

} // namespace llmwb::ui
