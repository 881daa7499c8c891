// SPDX-License-Identifier: GPL-3.0-or-later
// The "Snake die" result view: the NMP logic die's per-operator schedule, mode shares, power and
// area (applies when a group is modelled by an engine that schedules an NMP die: the snake engine's
// detail product).
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
  void setResults(const std::shared_ptr<const ProjectResults>& results) override { mView->setResults(results); }

private:
  SnakeView* mView = new SnakeView;
};
} // namespace

ViewType snakeDieView() {
  ViewType v{.id = "snake-die",
             .title = QObject::tr("Snake die"),
             .detail = snake::DieSchedule::kType,
             .build = buildWith<SnakeResultView>()};
  v.exportFigures = [](const ProjectFigures& f, const FigureSink& sink) {
    if (!f.results || !f.results->request) return;
    const auto schedule = snakeSchedule(f.results->request->system, groupModels(*f.results));
    if (!schedule) return;
    auto data = snakeDieData(schedule.get(), 16, 2048);
    if (data.empty()) return;
    {
      SnakeDiePlot plot;
      sink.prepare(plot);
      plot.setData(data);
      sink.write(plot);
    }
    BreakdownPlot bars;
    sink.prepare(bars);
    for (auto d : {snakeModeShares(*schedule, snake::fig13Batches(), snake::fig13Contexts()), snakePowerArea(data)}) {
      if (d.empty()) continue;
      bars.setData(std::move(d));
      sink.write(bars);
    }
  };
  return v;
}

} // namespace llmwb::ui
