// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every figure of a project, headless: evaluate the system and its comparisons (the results
// pipeline the window uses, EvaluationRunner::run), run the project's exploration (deterministic:
// seeded) and, when asked, a serving sweep; then every registered view (widgets/views/) writes its
// figures in each format with their data as CSV and JSON, under stable names. llmwb-export is a
// thin main(), and File > Export all figures calls the same two functions.

#include "core/io/project.h"
#include "widgets/plots/figure_export.h"
#include "widgets/serving/serving_data.h"
#include "widgets/views/project_figures.h"

#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace llmwb::ui {

class PlotView;

/// Evaluates the project and runs its exploration, and the serving sweep `serving` when given.
/// Throws InputError / std::exception naming the file or field on bad input.
ProjectFigures computeProjectFigures(const Project& project, const PresetLibrary& library,
                                     const std::function<void(const QString&)>& log = {},
                                     const std::optional<ServingSettings>& serving = std::nullopt);

struct FigureJob {
  QString outDir;
  std::vector<FigureFormat> formats{FigureFormat::Png, FigureFormat::Pdf, FigureFormat::Svg};
  FigureSize size;
  /// A paper width (and height) in mm at size.dpi: replaces size; without a height each figure
  /// takes the height that suits it (PlotView::figureHeightMm).
  std::optional<PaperSize> paper;
  std::optional<bool> dark; ///< nullopt: light (figures for print)
  /// A journal column's width (at most kColumnMaxWidthMm): figures at most kColumnMaxHeightMm
  /// tall, one panel per file.
  bool inColumn() const;
};

/// A paper width up to this is a column; a column's figures are at most kColumnMaxHeightMm tall
/// (a two-column page's text block is about 240 mm: two figures and their captions).
constexpr double kColumnMaxWidthMm = 120;
constexpr double kColumnMaxHeightMm = 120;

/// The file stems written for these figures by `job`, view by view: roofline, roofline-prefill,
/// roofline-decode, breakdown-class, breakdown-memory, [breakdown-area], [pareto, convergence],
/// [serving-ttft-p50 … serving-timeline]; in a column, breakdowns panel by panel
/// (breakdown-class-prefill-latency, ...) and no roofline of both phases.
QStringList figureStems(const ProjectFigures& figures, const FigureJob& job = {});

/// Begins `plot`'s figure layout (PlotView::beginFigureLayout) at the job's width and returns the
/// size: the job's height (or, without one, the figure's own) made taller until every text and
/// plot finds room, with a line in `notes` when the asked height was too small.
FigureSize layOutFigure(PlotView& plot, const FigureJob& job, QStringList* notes = nullptr);

/// Writes every figure of every registered view in every format plus <stem>.csv and <stem>.json
/// and, at a paper size, <stem>.caption.txt (the heading, which the figure then leaves out);
/// returns the paths written. Failures are appended to `errors` (the other files are still written),
/// figures drawn taller than asked to `notes`.
QStringList writeProjectFigures(const ProjectFigures& figures, const FigureJob& job, QStringList& errors,
                                QStringList* notes = nullptr);

} // namespace llmwb::ui
