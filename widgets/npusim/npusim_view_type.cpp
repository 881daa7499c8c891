// SPDX-License-Identifier: GPL-3.0-or-later
// The "NPU chip" result view: the NpuSim chip's cores, pools, pipeline stages and link loads
// (applies when a group is modelled by an engine that maps an NPU chip: the npusim engine's detail product).
#include "core/engine/npusim/npusim_model.h"
#include "widgets/npusim/npusim_chip_plot.h"
#include "widgets/npusim/npusim_view.h"
#include "widgets/views/project_figures.h"
#include "widgets/views/view_registry.h"

namespace llmwb::ui {

namespace {
class NpusimResultView : public ResultView {
public:
  QWidget* widget() const override { return mView; }
  void setResults(const std::shared_ptr<const ProjectResults>& results) override { mView->setResults(results); }
  void setDocument(ProjectDocument* document) override { mView->setDocument(document); }

private:
  NpusimView* mView = new NpusimView;
};
} // namespace

ViewType npusimChipView() {
  ViewType v{.id = "npusim-chip",
             .title = QObject::tr("NPU chip"),
             .detail = engine::npusim::ChipDetail::kType,
             .build = buildWith<NpusimResultView>()};
  v.exportFigures = [](const ProjectFigures& f, const FigureSink& sink) {
    if (!f.results || !f.results->request || !makesDetail(f.results->request->system, engine::npusim::ChipDetail::kType)) return;
    NpusimChipPlot plot;
    sink.prepare(plot);
    // The first projection's collective in prefill, and the stage boundaries in decode.
    plot.setData(npusimChipData(*f.results->request, groupModels(*f.results), NpusimPhase::Prefill));
    if (plot.data().empty()) return;
    sink.write(plot);
  };
  return v;
}

} // namespace llmwb::ui
