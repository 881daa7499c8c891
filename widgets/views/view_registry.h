// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The result views, registered: each has an id, a tab title, when it applies, how the window
// builds it and how its figures are exported. The main window builds its result tabs from this
// registry and File > Export all figures and llmwb-export write the figures it lists; all of
// them are fed by one results pipeline (ProjectResults from the EvaluationRunner).
// Adding a view: docs/architecture.md, "Adding a result view".

#include "core/engine/performance_model.h"
#include "widgets/evaluation/evaluation_runner.h"

#include <QString>

#include <string_view>

#include <functional>
#include <memory>
#include <string>
#include <vector>

class QWidget;

namespace llmwb {
class PresetLibrary;
}

namespace llmwb::ui {

class PlotView;
class ProjectDocument;
struct ProjectFigures;

/// What the window gives a view it builds.
struct ViewHost {
  const PresetLibrary* library = nullptr;
};

/// One view in the window: its widget (owned by the window's tabs), fed every new result.
class ResultView {
public:
  virtual ~ResultView() = default;
  virtual QWidget* widget() const = 0;
  /// The newest results of the open project. Cheap: long work belongs on a worker thread.
  virtual void setResults(const std::shared_ptr<const ProjectResults>& results) = 0;
  /// Another project is open (nullptr: none): views that run their own work restart or drop it.
  virtual void setDocument(ProjectDocument* document) { (void)document; }
  /// What the view adds to File > Export all figures beyond the project's own results (a sweep
  /// the user ran in it).
  virtual void contribute(ProjectFigures& figures) const { (void)figures; }
};

/// Where a view's figures go: `prepare` gives a new plot the export's theme and size (before its
/// data), `write` writes it in every format of the export under plot.figureName(), with its data.
struct FigureSink {
  std::function<void(PlotView&)> prepare;
  std::function<void(PlotView&)> write;
  /// A journal column (about 89 mm): a figure of several panels goes one panel per file, and one
  /// that overlays what other files show apart (the roofline of both phases) is left out, so that
  /// every figure keeps to a column's height.
  bool onePanelPerFigure = false;
};

struct ViewType {
  std::string id;  ///< stable: "roofline", "serving"
  QString title;   ///< the results tab's title
  /// The engine detail product the view shows (core/engine/detail_product.h: "npusim.chip"); empty
  /// for a view of the standard results. A view registered for a detail product applies exactly
  /// when a group of the system is modelled by an engine that makes it (EngineKind::details), and
  /// takes the product from that group's model: never by compute kind.
  std::string detail = {};
  /// Whether the view has anything to show for these results; its tab is hidden otherwise.
  std::function<bool(const ProjectResults&)> applies = [](const ProjectResults&) { return true; };
  /// The view for the window.
  std::function<std::unique_ptr<ResultView>(const ViewHost&)> build = {};
  /// Its figures, headless (empty: none): plots set up from `figures`, each handed to the sink.
  std::function<void(const ProjectFigures& figures, const FigureSink& sink)> exportFigures = {};
};

/// Whether a group of `system` is modelled by an engine that makes detail products of `type`.
bool makesDetail(const SystemSpec& system, std::string_view type);
/// Each group's model as the evaluation kept it (EvaluationOptions::keepModels), or, where the
/// results kept none, built through the engine seam (engine::buildModel); a group whose engine
/// refuses it has none.
engine::GroupModels groupModels(const ProjectResults& results);
engine::GroupModels groupModels(const EvaluationRequest& request);

/// build() for a view made without arguments: `.build = buildWith<MyView>()`.
template <class View>
std::function<std::unique_ptr<ResultView>(const ViewHost&)> buildWith() {
  return [](const ViewHost&) -> std::unique_ptr<ResultView> { return std::make_unique<View>(); };
}

class ViewRegistry {
public:
  /// Throws std::invalid_argument for an empty or repeated id, or a view without build().
  void add(ViewType view);
  const std::vector<ViewType>& views() const { return mViews; }
  const ViewType* find(const std::string& id) const;

private:
  std::vector<ViewType> mViews;
};

/// Every view the workbench has, in tab order (widgets/views/builtin_views.cpp).
const ViewRegistry& builtinViews();

} // namespace llmwb::ui
