// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every figure of a project, headless: evaluate the system, run the project's exploration
// (deterministic: seeded), and write roofline, breakdown, Pareto and convergence figures in each
// format with their data as CSV and JSON, under stable names. llmwb-export is a thin main().

#include "core/dse/exploration.h"
#include "core/io/project.h"
#include "widgets/export/figure_export.h"
#include "widgets/plots/breakdown_data.h"
#include "widgets/plots/roofline_data.h"

#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace llmwb::ui {

struct ProjectFigures {
  QString name;
  EvaluationResult result;
  RooflineData roofline;
  BreakdownData classes, memory, area;
  std::shared_ptr<const dse::DesignProblem> problem; ///< set when the project has an exploration
  dse::ExplorationResult exploration;
  QString explorationLabel; ///< "sobol, seed 1"
};

/// Evaluates the project and runs its exploration. Throws InputError / std::exception naming the
/// file or field on bad input.
ProjectFigures computeProjectFigures(const Project& project, const PresetLibrary& library,
                                     const std::function<void(const QString&)>& log = {});

struct FigureJob {
  QString outDir;
  std::vector<FigureFormat> formats{FigureFormat::Png, FigureFormat::Pdf, FigureFormat::Svg};
  FigureSize size;
  std::optional<bool> dark; ///< nullopt: light (figures for print)
};

/// The file stems written for these figures: roofline, roofline-prefill, roofline-decode,
/// breakdown-class, breakdown-memory, [breakdown-area], [pareto, convergence].
QStringList figureStems(const ProjectFigures& figures);

/// Writes every figure in every format plus <stem>.csv and <stem>.json; returns the paths
/// written. Failures are appended to `errors` (the other files are still written).
QStringList writeProjectFigures(const ProjectFigures& figures, const FigureJob& job, QStringList& errors);

} // namespace llmwb::ui
