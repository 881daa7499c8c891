// SPDX-License-Identifier: GPL-3.0-or-later
// The "Breakdown" result view: one breakdown at a time at full width (four panels of bars need
// the room): by operator class, by memory level, and the package area of chiplet systems.
#include "widgets/views/project_figures.h"
#include "widgets/plots/breakdown_data.h"
#include "widgets/plots/breakdown_plot.h"
#include "widgets/views/view_registry.h"

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
      plot.setData(*data);
      sink.write(plot);
    }
  };
  return v;
}

} // namespace llmwb::ui
