// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/export/project_figures.h"

#include "core/io/preset_library.h"
#include "core/io/space_io.h"
#include "widgets/plots/breakdown_plot.h"
#include "widgets/plots/convergence_plot.h"
#include "widgets/plots/pareto_plot.h"
#include "widgets/plots/roofline_plot.h"

#include <QDir>

namespace llmwb::ui {

ProjectFigures computeProjectFigures(const Project& project, const PresetLibrary& library,
                                     const std::function<void(const QString&)>& log) {
  auto say = [&](const QString& message) {
    if (log) log(message);
  };
  ProjectFigures f;
  f.name = QString::fromStdString(project.name);
  const SystemSpec& system = project.system.system;
  const ModelSpec model = library.model(project.model);
  const Workload workload = library.workload(project.workload);
  say(QStringLiteral("evaluating %1").arg(QString::fromStdString(system.name)));
  f.result = evaluate(system, model, workload, project.options);
  f.roofline = rooflineData(system, model, workload, f.result);
  const QString systemName = QString::fromStdString(system.name.empty() ? system.id : system.name);
  f.classes = classBreakdown(f.result, systemName);
  f.memory = memoryBreakdown(f.result, systemName);
  f.area = areaBreakdown(system);
  if (project.exploration) {
    const auto& setup = *project.exploration;
    f.problem = std::make_shared<const dse::DesignProblem>(loadDesignProblem(setup.space, library));
    dse::ExplorationOptions options;
    options.method = setup.method;
    options.methodOptions.seed = setup.seed;
    options.methodOptions.budget = setup.budget;
    options.methodOptions.initialPoints = std::min<std::size_t>(20, setup.budget);
    options.threads = 0; // results come back in step order: the same for any thread count
    say(QStringLiteral("exploring %1 (%2, %3 designs, seed %4)")
            .arg(QString::fromStdString(setup.space), QString::fromStdString(setup.method))
            .arg(setup.budget)
            .arg(setup.seed));
    f.exploration = dse::explore(*f.problem, options);
    f.explorationLabel = QStringLiteral("%1, seed %2").arg(QString::fromStdString(setup.method)).arg(setup.seed);
  }
  return f;
}

QStringList figureStems(const ProjectFigures& f) {
  QStringList stems{QStringLiteral("roofline"), QStringLiteral("roofline-prefill"), QStringLiteral("roofline-decode"),
                    QStringLiteral("breakdown-class"), QStringLiteral("breakdown-memory")};
  if (!f.area.empty()) stems << QStringLiteral("breakdown-area");
  if (f.problem) stems << QStringLiteral("pareto") << QStringLiteral("convergence");
  return stems;
}

namespace {
void write(PlotView& plot, const FigureJob& job, QStringList& written, QStringList& errors) {
  const QDir dir(job.outDir);
  const QString stem = plot.figureName();
  QString error;
  for (auto format : job.formats) {
    const QString path = dir.filePath(stem + QLatin1Char('.') + extensionOf(format));
    if (exportFigure(plot, path, format, job.size, &error)) written << path;
    else errors << error;
  }
  const PlotTable table = plot.table();
  for (auto format : {DataFormat::Csv, DataFormat::Json}) {
    const QString path = dir.filePath(stem + QLatin1Char('.') + extensionOf(format));
    if (exportData(table, path, format, &error)) written << path;
    else errors << error;
  }
}
} // namespace

QStringList writeProjectFigures(const ProjectFigures& f, const FigureJob& job, QStringList& errors) {
  QStringList written;
  const PlotTheme theme = plotTheme(job.dark.value_or(false));
  auto prepare = [&](PlotView& plot) {
    plot.setThemeOverride(theme);
    plot.resize(job.size.layoutWidth(), job.size.layoutHeight());
  };

  RooflinePlot roofline;
  prepare(roofline);
  roofline.setData(f.roofline);
  for (auto filter : {RooflinePlot::PhaseFilter::Both, RooflinePlot::PhaseFilter::Prefill, RooflinePlot::PhaseFilter::Decode}) {
    roofline.setPhaseFilter(filter);
    write(roofline, job, written, errors);
  }

  BreakdownPlot breakdown;
  prepare(breakdown);
  for (const auto* data : {&f.classes, &f.memory, &f.area}) {
    if (data->empty()) continue;
    breakdown.setData(*data);
    write(breakdown, job, written, errors);
  }

  if (f.problem) {
    ParetoPlot pareto;
    prepare(pareto);
    pareto.setExploration(f.problem->space(), f.exploration.points);
    write(pareto, job, written, errors);

    ConvergencePlot convergence;
    prepare(convergence);
    convergence.setSpace(f.problem->space());
    convergence.setRun(f.explorationLabel, f.exploration.hypervolumeTrace);
    write(convergence, job, written, errors);
  }
  return written;
}

} // namespace llmwb::ui
