// SPDX-License-Identifier: GPL-3.0-or-later
// The "Serving" result view: latency against request rate for the design and its comparisons,
// and the timeline of one run. Its figures: serving-ttft, serving-tbt, serving-e2e (p50 and p99)
// and serving-timeline, when a sweep was run (in the window, or llmwb-export --serving).
#include "widgets/views/project_figures.h"
#include "widgets/serving/serving_latency_plot.h"
#include "widgets/serving/serving_timeline_plot.h"
#include "widgets/serving/serving_view.h"
#include "widgets/views/view_registry.h"

namespace llmwb::ui {

namespace {
class ServingResultView : public ResultView {
public:
  QWidget* widget() const override { return mView; }
  void setResults(const std::shared_ptr<const ProjectResults>& results) override { mView->setResults(results); }
  void setDocument(ProjectDocument*) override { mView->clear(); }
  void contribute(ProjectFigures& figures) const override {
    if (mView->sweep() && !mView->stale()) figures.serving = mView->sweep();
  }

private:
  ServingView* mView = new ServingView;
};
} // namespace

ViewType servingView() {
  ViewType v{.id = "serving", .title = QObject::tr("Serving"), .build = buildWith<ServingResultView>()};
  v.exportFigures = [](const ProjectFigures& f, const FigureSink& sink) {
    if (!f.serving || f.serving->empty()) return;
    ServingLatencyPlot latency;
    sink.prepare(latency);
    latency.setSweep(*f.serving);
    for (auto metric : {LatencyMetric::Ttft, LatencyMetric::Tbt, LatencyMetric::E2e}) {
      latency.setMetric(metric);
      sink.write(latency);
    }
    if (const auto run = defaultTimelineRun(*f.serving)) {
      ServingTimelinePlot timeline;
      sink.prepare(timeline);
      const auto& curve = f.serving->curves[run->first];
      timeline.setRun(curve.system, f.serving->settings.rates[run->second], curve.runs[run->second]);
      sink.write(timeline);
    }
  };
  return v;
}

} // namespace llmwb::ui
