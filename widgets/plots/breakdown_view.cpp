// SPDX-License-Identifier: GPL-3.0-or-later
// The "Breakdown" result view: one breakdown at a time at full width (four panels of bars need
// the room): by operator class, by memory level, and the package area of chiplet systems.
#include "widgets/views/project_figures.h"
#include "widgets/plots/breakdown_data.h"
#include "widgets/plots/breakdown_plot.h"
#include "widgets/views/view_registry.h"

#include <QRegularExpression>
#include <QTabWidget>

namespace llmwb::ui {

namespace {
struct Breakdowns {
  BreakdownData classes, memory, area;
};
Breakdowns breakdownsOf(const ProjectResults& results) {
  const QString name = QString::fromStdString(results.name);
  Breakdowns b{classBreakdown(*results.main, name), memoryBreakdown(*results.main, name), {}};
  if (results.request) b.area = areaBreakdown(results.request->system);
  return b;
}

/// One panel of a breakdown as a figure of its own, named after the panel.
BreakdownData singlePanel(const BreakdownData& data, const BarPanel& panel) {
  BreakdownData one;
  QString slug = panel.title.section(QLatin1Char('('), 0, 0).toLower(); // "Prefill latency (batch 1, ...)": prefill-latency
  slug.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
  one.name = data.name + QLatin1Char('-') + slug.section(QLatin1Char('-'), 0, -1, QString::SectionSkipEmpty);
  one.title = data.title + QStringLiteral("\n") + panel.title;
  one.panels = {panel};
  one.panels.front().row = one.panels.front().column = 0;
  return one;
}

class BreakdownView : public ResultView {
public:
  BreakdownView() {
    mTabs->setDocumentMode(true);
    mTabs->setTabPosition(QTabWidget::South);
    mTabs->addTab(mClasses, QObject::tr("By operator class"));
    mTabs->addTab(mMemory, QObject::tr("By memory level"));
    mTabs->addTab(mArea, QObject::tr("Package area"));
  }
  QWidget* widget() const override { return mTabs; }
  void setResults(const std::shared_ptr<const ProjectResults>& results) override {
    auto b = breakdownsOf(*results);
    mClasses->setData(std::move(b.classes));
    mMemory->setData(std::move(b.memory));
    mTabs->setTabVisible(mTabs->indexOf(mArea), !b.area.empty());
    mArea->setData(std::move(b.area));
  }

private:
  QTabWidget* mTabs = new QTabWidget;
  BreakdownPlot* mClasses = new BreakdownPlot;
  BreakdownPlot* mMemory = new BreakdownPlot;
  BreakdownPlot* mArea = new BreakdownPlot;
};
} // namespace

ViewType breakdownView() {
  ViewType v{.id = "breakdown", .title = QObject::tr("Breakdown"), .build = buildWith<BreakdownView>()};
  v.exportFigures = [](const ProjectFigures& f, const FigureSink& sink) {
    if (!f.results || !f.results->main) return;
    const auto b = breakdownsOf(*f.results);
    BreakdownPlot plot;
    sink.prepare(plot);
    for (const auto* data : {&b.classes, &b.memory, &b.area}) {
      if (data->empty()) continue;
      if (!sink.onePanelPerFigure || data->panels.size() == 1) {
        plot.setData(*data);
        sink.write(plot);
        continue;
      }
      for (const auto& panel : data->panels) { // breakdown-class-prefill-latency, ...
        plot.setData(singlePanel(*data, panel));
        sink.write(plot);
      }
    }
  };
  return v;
}

} // namespace llmwb::ui
