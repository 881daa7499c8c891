// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/export/project_export.h"

#include "core/io/preset_library.h"
#include "core/io/space_io.h"
#include "widgets/plots/plot_view.h"
#include "widgets/views/view_registry.h"

#include <QDir>
#include <QFile>

#include <algorithm>

namespace llmwb::ui {

ProjectFigures computeProjectFigures(const Project& project, const PresetLibrary& library,
                                     const std::function<void(const QString&)>& log,
                                     const std::optional<ServingSettings>& serving) {
  auto say = [&](const QString& message) {
    if (log) log(message);
  };
  ProjectFigures f;
  f.name = QString::fromStdString(project.name);
  const auto request = evaluationRequest(project, library);
  say(QStringLiteral("evaluating %1").arg(QString::fromStdString(request.system.name)));
  f.results = EvaluationRunner::run(request);
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
    f.explorationMethod = setup.method;
  }
  if (serving) {
    const auto sweep = servingRequest(*f.results, *serving);
    say(QStringLiteral("serving %1 system(s) at %2 req/s (%3 scheduler, %4 requests, seed %5)")
            .arg(sweep.systems.size())
            .arg(formatRates(sweep.settings.rates), QString::fromStdString(sweep.settings.scheduler))
            .arg(sweep.settings.requests)
            .arg(sweep.settings.seed));
    f.serving = std::make_shared<const ServingSweep>(runServingSweep(sweep));
  }
  return f;
}

namespace {
/// Every registered view's figures, each handed to `write` after `prepare`.
void forEachFigure(const ProjectFigures& f, const std::function<void(PlotView&)>& prepare,
                   const std::function<void(PlotView&)>& write, bool onePanelPerFigure) {
  const FigureSink sink{prepare, write, onePanelPerFigure};
  for (const auto& view : builtinViews().views())
    if (view.exportFigures && (!f.results || view.applies(*f.results))) view.exportFigures(f, sink);
}
} // namespace

QStringList figureStems(const ProjectFigures& f, const FigureJob& job) {
  QStringList stems;
  forEachFigure(f, [](PlotView&) {}, [&](PlotView& plot) { stems << plot.figureName(); }, job.inColumn());
  return stems;
}

bool FigureJob::inColumn() const { return paper && paper->widthMm <= kColumnMaxWidthMm; }

FigureSize layOutFigure(PlotView& plot, const FigureJob& job, QStringList* notes) {
  const double width = job.paper ? job.paper->widthMm : job.size.widthMm();
  std::optional<double> asked;
  if (job.paper) asked = job.paper->heightMm;
  else asked = job.size.heightMm();
  // The height asked for, or the figure's own estimate; made taller (the width is what a journal
  // fixes) until its texts and plots all find room, in a column at most a column's height. A
  // paper's figure leaves its heading to the caption.
  const double tallest = job.inColumn() && !asked ? kColumnMaxHeightMm : 1e9;
  double height = std::min(asked.value_or(plot.figureHeightMm(width)), tallest);
  constexpr int kTries = 12;
  for (int attempt = 0;; ++attempt) {
    auto size = FigureSize::fromMillimetres(width, height, job.size.dpi);
    if (!job.paper && attempt == 0) size = job.size; // exactly the pixels asked for
    plot.beginFigureLayout(QSize(size.layoutWidth(), size.layoutHeight()), !job.paper);
    if (!plot.figureFits() && height >= tallest) {
      if (notes)
        *notes << QStringLiteral("%1: its labels and legend want more than a column's %2 mm of height; drawn at %2 mm")
                      .arg(plot.figureName())
                      .arg(kColumnMaxHeightMm, 0, 'f', 0);
      return size;
    }
    if (plot.figureFits() || attempt + 1 == kTries) {
      if (asked && attempt > 0 && notes)
        *notes << QStringLiteral("%1: too small at %2 x %3 mm for its labels and legend; drawn %2 x %4 mm")
                      .arg(plot.figureName())
                      .arg(width, 0, 'f', 0)
                      .arg(*asked, 0, 'f', 0)
                      .arg(size.heightMm(), 0, 'f', 0);
      return size;
    }
    height = std::min(height * 1.2, tallest);
  }
}

QStringList writeProjectFigures(const ProjectFigures& f, const FigureJob& job, QStringList& errors, QStringList* notes) {
  QStringList written;
  const PlotTheme theme = plotTheme(job.dark.value_or(false));
  const QDir dir(job.outDir);
  auto prepare = [&](PlotView& plot) {
    plot.setThemeOverride(theme);
    plot.resize(job.size.layoutWidth(), job.size.layoutHeight());
  };
  auto write = [&](PlotView& plot) {
    const QString stem = plot.figureName();
    if (job.paper) { // the heading goes to the caption, beside the figure
      const QString path = dir.filePath(stem + QStringLiteral(".caption.txt"));
      QFile caption(path);
      if (caption.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text) &&
          caption.write((plot.figureCaption() + QLatin1Char('\n')).toUtf8()) >= 0 && caption.flush())
        written << path;
      else errors << QStringLiteral("%1: cannot write: %2").arg(path, caption.errorString());
    }
    const FigureSize size = layOutFigure(plot, job, notes);
    QString error;
    for (auto format : job.formats) {
      const QString path = dir.filePath(stem + QLatin1Char('.') + extensionOf(format));
      if (exportFigure(plot, path, format, size, &error)) written << path;
      else errors << error;
    }
    plot.endFigureLayout();
    const PlotTable table = plot.table();
    for (auto format : {DataFormat::Csv, DataFormat::Json}) {
      const QString path = dir.filePath(stem + QLatin1Char('.') + extensionOf(format));
      if (exportData(table, path, format, &error)) written << path;
      else errors << error;
    }
  };
  forEachFigure(f, prepare, write, job.inColumn());
  return written;
}

} // namespace llmwb::ui
