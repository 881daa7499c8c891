// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the registered views export their figures from (ViewType::exportFigures): the same
// ProjectResults the window's views are fed, the project's exploration, and a serving sweep when
// one was asked for. widgets/export/ computes it for a project and writes the figures.

#include "core/dse/exploration.h"
#include "widgets/evaluation/evaluation_runner.h"

#include <QString>

#include <memory>

namespace llmwb::ui {

struct ServingSweep;

struct ProjectFigures {
  QString name;
  std::shared_ptr<const ProjectResults> results;
  std::shared_ptr<const dse::DesignProblem> problem; ///< set when the project has an exploration
  dse::ExplorationResult exploration;
  QString explorationLabel; ///< "sobol, seed 1"
  std::string explorationMethod; ///< "sobol": an exhaustive sweep has no convergence figure
  std::shared_ptr<const ServingSweep> serving; ///< set when serving figures are asked for
};

} // namespace llmwb::ui
