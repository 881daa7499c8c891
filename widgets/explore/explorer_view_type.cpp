// SPDX-License-Identifier: GPL-3.0-or-later
// The "Explore" result view: explorations from the GUI. A project with an exploration runs it
// when it opens (a few hundred designs, well under a second), so the Pareto view is there when
// the user looks; export takes the run on screen, or (headless, llmwb-export) runs the project's
// exploration (seeded: the same files every time).
#include "widgets/document/project_document.h"
#include "widgets/explore/explorer_view.h"
#include "widgets/views/project_figures.h"
#include "widgets/plots/convergence_plot.h"
#include "widgets/plots/pareto_plot.h"
#include "widgets/views/view_registry.h"

namespace llmwb::ui {

namespace {
class ExploreView : public ResultView {
public:
  explicit ExploreView(const PresetLibrary& library) : mView(new ExplorerView(library)) {}
  QWidget* widget() const override { return mView; }
  void setResults(const std::shared_ptr<const ProjectResults>&) override {} // explores on request
  void setDocument(ProjectDocument* document) override {
    mView->forgetShownRun();
    if (!document || !document->project().exploration) {
      mView->showNoProjectSpace();
      return;
    }
    mView->setSetup(*document->project().exploration);
    mView->start();
  }
  /// The exploration on screen replaces the project's stored one in the export.
  void contribute(ProjectFigures& figures) const override {
    if (!mView->shownRun() || !mView->shownProblem()) return;
    figures.problem = mView->shownProblem();
    figures.exploration = *mView->shownRun();
    figures.explorationLabel = mView->shownRunLabel();
    figures.explorationMethod = mView->shownRunMethod();
  }

private:
  ExplorerView* mView;
};
} // namespace

ViewType explorerView() {
  ViewType v{.id = "explore", .title = QObject::tr("Explore")};
  v.build = [](const ViewHost& host) { return std::make_unique<ExploreView>(*host.library); };
  v.exportFigures = [](const ProjectFigures& f, const FigureSink& sink) {
    if (!f.problem) return;
    ParetoPlot pareto;
    sink.prepare(pareto);
    pareto.setExploration(f.problem->space(), f.exploration.points);
    sink.write(pareto);

    if (f.explorationMethod == "exhaustive") return; // a sweep's trace follows the grid: nothing converges
    ConvergencePlot convergence;
    sink.prepare(convergence);
    convergence.setSpace(f.problem->space());
    convergence.setRun(f.explorationLabel, f.exploration.hypervolumeTrace);
    sink.write(convergence);
  };
  return v;
}

} // namespace llmwb::ui
