// SPDX-License-Identifier: GPL-3.0-or-later
// The "Roofline" result view: the engine's roofline of the system (ProjectResults::roofline).
#include "widgets/views/project_figures.h"
#include "widgets/plots/roofline_plot.h"
#include "widgets/views/view_registry.h"

namespace llmwb::ui {

namespace {
class RooflineView : public ResultView {
public:
  QWidget* widget() const override { return mPlot; }
  void setResults(const std::shared_ptr<const ProjectResults>& results) override {
    if (results->roofline) mPlot->setData(*results->roofline);
  }

private:
  RooflinePlot* mPlot = new RooflinePlot;
};
} // namespace

ViewType rooflineView() {
  ViewType v{.id = "roofline", .title = QObject::tr("Roofline"), .build = buildWith<RooflineView>()};
  v.exportFigures = [](const ProjectFigures& f, const FigureSink& sink) {
    if (!f.results || !f.results->roofline) return;
    RooflinePlot plot;
    sink.prepare(plot);
    plot.setData(*f.results->roofline);
    for (auto filter : {RooflinePlot::PhaseFilter::Both, RooflinePlot::PhaseFilter::Prefill, RooflinePlot::PhaseFilter::Decode}) {
      // In a column, the phases' own rooflines (the ceilings of both phases need a page's width).
      if (sink.onePanelPerFigure && filter == RooflinePlot::PhaseFilter::Both) continue;
      plot.setPhaseFilter(filter);
      sink.write(plot);
    }
  };
  return v;
}

} // namespace llmwb::ui
