// SPDX-License-Identifier: GPL-3.0-or-later
// The "Snake die" result view: the NMP logic die's per-operator schedule, mode shares, power and
// area (applies when the system has a snake, fixed_array or mac_tree device).
#include "widgets/plots/breakdown_plot.h"
#include "widgets/snake/snake_die_plot.h"
#include "widgets/snake/snake_view.h"
#include "widgets/views/project_figures.h"
#include "widgets/views/view_registry.h"

namespace llmwb::ui {

namespace {
class SnakeResultView : public ResultView {
public:
  QWidget* widget() const override { return mView; }
  void setResults(const std::shared_ptr<const ProjectResults>& results) override { mView->setRequest(results->request); }

private:
  SnakeView* mView = new SnakeView;
};
} // namespace

ViewType snakeDieView() {
  ViewType v{.id = "snake-die", .title = QObject::tr("Snake die"), .build = buildWith<SnakeResultView>()};
  v.applies = [](const ProjectResults& r) { return r.request && nmpGroup(r.request->system) != nullptr; };
  v.exportFigures = [](const ProjectFigures& f, const FigureSink& sink) {
    if (!f.results || !f.results->request || !nmpGroup(f.results->request->system)) return;
    const auto& request = *f.results->request;
    auto data = snakeDieData(request, 16, 2048);
    if (data.empty()) return;
    {
      SnakeDiePlot plot;
      sink.prepare(plot);
      plot.setData(data);
      sink.write(plot);
    }
    BreakdownPlot bars;
    sink.prepare(bars);
    for (auto d : {snakeModeShares(request, snake::fig13Batches(), snake::fig13Contexts()), snakePowerArea(data)}) {
      if (d.empty()) continue;
      bars.setData(std::move(d));
      sink.write(bars);
    }
  };
  return v;
}

} // namespace llmwb::ui
