// SPDX-License-Identifier: GPL-3.0-or-later
// llmwb-export: every figure of a project, without a window.
//   llmwb-export --project FILE --out DIR [--formats png,pdf,svg]
//                [--size column|page|WIDTHxHEIGHTmm | --width PX --height PX] [--dpi N]
//                [--theme light|dark] [--presets DIR]
//                [--serving [--serving-scheduler NAME] [--serving-rates LIST] [--serving-requests N] [--serving-seed N]]

#include "core/io/input_error.h"
#include "core/io/preset_library.h"
#include "core/io/project.h"
#include "widgets/export/project_export.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdlib>
#include <iostream>

namespace {
int fail(const QString& message, int status = 1) {
  std::cerr << "llmwb-export: " << message.toStdString() << "\n";
  return status;
}

std::optional<int> positive(const QCommandLineParser& parser, const QString& option, int fallback, QString& error) {
  if (!parser.isSet(option)) return fallback;
  bool ok = false;
  const int v = parser.value(option).toInt(&ok);
  if (!ok || v <= 0 || v > 20000) {
    error = QStringLiteral("--%1 expects a whole number from 1 to 20000, got \"%2\"").arg(option, parser.value(option));
    return std::nullopt;
  }
  return v;
}
} // namespace

int main(int argc, char** argv) {
  // Headless by default: no display, no window system needed.
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY") && !std::getenv("QT_QPA_PLATFORM"))
    setenv("QT_QPA_PLATFORM", "offscreen", 1);
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("llmwb-export"));
  QApplication::setOrganizationName(QStringLiteral("llmwb"));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral(
      "Writes the figures of every result view of an llmwb project (roofline, breakdowns, Pareto, convergence and, "
      "with --serving, latency against request rate and a serving timeline), with their data (CSV, JSON)."));
  parser.addHelpOption();
  const QCommandLineOption project(QStringLiteral("project"), QStringLiteral("The .llmwb project."), QStringLiteral("FILE"));
  const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Folder for the files (made if missing)."), QStringLiteral("DIR"));
  const QCommandLineOption formats(QStringLiteral("formats"), QStringLiteral("Figure formats (default png,pdf,svg)."),
                                   QStringLiteral("LIST"), QStringLiteral("png,pdf,svg"));
  const QCommandLineOption size(
      QStringLiteral("size"),
      QStringLiteral("Physical size of every figure: column (89 mm wide), page (183 mm wide), WIDTHmm or WIDTHxHEIGHTmm "
                     "(e.g. 120x80mm). Without a height each figure takes the height that suits it. Fonts are 7-9 pt "
                     "at any size; the PNG is mm/25.4*dpi pixels, the PDF page and the SVG the same size in pt and mm."),
      QStringLiteral("SIZE"));
  const QCommandLineOption width(QStringLiteral("width"), QStringLiteral("Width in pixels at --dpi (default 1600; instead of --size)."), QStringLiteral("PX"));
  const QCommandLineOption height(QStringLiteral("height"), QStringLiteral("Height in pixels at --dpi (default 1000; instead of --size)."), QStringLiteral("PX"));
  const QCommandLineOption dpi(QStringLiteral("dpi"), QStringLiteral("Resolution of the PNG in dots per inch (default 300 with --size, else 150)."),
                               QStringLiteral("DPI"));
  const QCommandLineOption theme(QStringLiteral("theme"), QStringLiteral("light (default) or dark."), QStringLiteral("NAME"));
  const QCommandLineOption presets(QStringLiteral("presets"), QStringLiteral("Extra preset folder, searched first."), QStringLiteral("DIR"));
  const QCommandLineOption quiet(QStringLiteral("quiet"), QStringLiteral("Only errors."));
  const QCommandLineOption serving(QStringLiteral("serving"),
                                   QStringLiteral("Also run a serving sweep of the system and its comparisons and write its figures."));
  const QCommandLineOption servingScheduler(QStringLiteral("serving-scheduler"), QStringLiteral("Serving scheduler, or auto (default): npusim for systems with a parallelism block, disaggregated for other disaggregated systems, continuous otherwise."),
                                            QStringLiteral("NAME"));
  const QCommandLineOption servingRates(QStringLiteral("serving-rates"),
                                        QStringLiteral("Request rates in req/s, e.g. 0.5,1,2 (default: around the design's throughput)."),
                                        QStringLiteral("LIST"));
  const QCommandLineOption servingRequests(QStringLiteral("serving-requests"), QStringLiteral("Requests per run (default 200)."),
                                           QStringLiteral("N"));
  const QCommandLineOption servingSeed(QStringLiteral("serving-seed"), QStringLiteral("Seed of the arrivals (default 1)."),
                                       QStringLiteral("N"));
  parser.addOptions({project, out, formats, size, width, height, dpi, theme, presets, quiet, serving, servingScheduler, servingRates,
                     servingRequests, servingSeed});
  if (!parser.parse(QApplication::arguments())) return fail(parser.errorText(), 2);
  if (parser.isSet(QStringLiteral("help"))) {
    std::cout << parser.helpText().toStdString();
    return 0;
  }
  if (!parser.positionalArguments().isEmpty())
    return fail(QStringLiteral("unexpected argument \"%1\"").arg(parser.positionalArguments().first()), 2);
  if (!parser.isSet(project)) return fail(QStringLiteral("missing --project FILE"), 2);
  if (!parser.isSet(out)) return fail(QStringLiteral("missing --out DIR"), 2);

  llmwb::ui::FigureJob job;
  job.outDir = parser.value(out);
  job.formats.clear();
  for (const QString& name : parser.value(formats).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const auto f = llmwb::ui::figureFormatFromName(name.trimmed());
    if (!f) return fail(QStringLiteral("--formats: unknown format \"%1\" (known: png, pdf, svg)").arg(name), 2);
    job.formats.push_back(*f);
  }
  QString error;
  const auto w = positive(parser, QStringLiteral("width"), job.size.widthPx, error);
  const auto h = positive(parser, QStringLiteral("height"), job.size.heightPx, error);
  if (parser.isSet(size) && (parser.isSet(width) || parser.isSet(height)))
    return fail(QStringLiteral("--size (in mm) and --width/--height (in pixels) exclude each other"), 2);
  if (parser.isSet(size)) {
    const auto paper = llmwb::ui::parsePaperSize(parser.value(size), &error);
    if (!paper) return fail(QStringLiteral("--size: ") + error, 2);
    job.paper = *paper;
  }
  const double defaultDpi = job.paper ? llmwb::ui::kPaperDpi : job.size.dpi;
  if (!w || !h) return fail(error, 2);
  std::optional<int> d = int(defaultDpi);
  if (parser.isSet(dpi)) {
    bool ok = false;
    d = parser.value(dpi).toInt(&ok);
    if (!ok || *d < 36 || *d > 2400)
      return fail(QStringLiteral("--dpi expects dots per inch, a whole number from 36 to 2400, got \"%1\"").arg(parser.value(dpi)), 2);
  }
  job.size = {*w, *h, double(*d)};
  if (parser.isSet(theme)) {
    const QString t = parser.value(theme);
    if (t != QLatin1String("light") && t != QLatin1String("dark"))
      return fail(QStringLiteral("--theme expects light or dark, got \"%1\"").arg(t), 2);
    job.dark = t == QLatin1String("dark");
  }
  std::optional<llmwb::ui::ServingSettings> servingSettings;
  if (parser.isSet(serving)) {
    llmwb::ui::ServingSettings s;
    if (parser.isSet(servingScheduler)) {
      s.scheduler = parser.value(servingScheduler).toStdString();
      auto known = llmwb::serving::schedulerNames();
      known.insert(known.begin(), llmwb::ui::ServingSettings::kAuto);
      if (std::find(known.begin(), known.end(), s.scheduler) == known.end()) {
        QStringList names;
        for (const auto& n : known) names << QString::fromStdString(n);
        return fail(QStringLiteral("--serving-scheduler: unknown scheduler \"%1\" (known: %2)")
                        .arg(parser.value(servingScheduler), names.join(QStringLiteral(", "))),
                    2);
      }
    }
    if (parser.isSet(servingRates)) {
      const auto rates = llmwb::ui::parseRates(parser.value(servingRates), &error);
      if (!rates) return fail(QStringLiteral("--serving-rates: ") + error, 2);
      s.rates = *rates;
    }
    const auto requests = positive(parser, QStringLiteral("serving-requests"), s.requests, error);
    const auto seed = positive(parser, QStringLiteral("serving-seed"), int(s.seed), error);
    if (!requests || !seed) return fail(error, 2);
    s.requests = *requests;
    s.seed = std::uint64_t(*seed);
    servingSettings = s;
  }
  if (!QDir().mkpath(job.outDir)) return fail(QStringLiteral("%1: cannot make the folder").arg(job.outDir));

  auto roots = llmwb::PresetLibrary::defaultRoots();
  if (parser.isSet(presets)) roots.insert(roots.begin(), parser.value(presets).toStdString());
  const llmwb::PresetLibrary library(roots);
  const bool verbose = !parser.isSet(quiet);
  try {
    QElapsedTimer timer;
    timer.start();
    const auto projectFile = parser.value(project).toStdString();
    const auto p = llmwb::readProject(projectFile, library);
    const auto figures = llmwb::ui::computeProjectFigures(
        p, library,
        [&](const QString& message) {
          if (verbose) std::cout << "llmwb-export: " << message.toStdString() << "\n" << std::flush;
        },
        servingSettings);
    const qint64 computed = timer.restart();
    QStringList errors;
    QStringList notes;
    const QStringList written = llmwb::ui::writeProjectFigures(figures, job, errors, &notes);
    for (const auto& n : notes) std::cerr << "llmwb-export: note: " << n.toStdString() << "\n";
    if (verbose)
      std::cout << "llmwb-export: wrote " << written.size() << " files to " << job.outDir.toStdString() << " ("
                << computed << " ms evaluating, exploring and serving, " << timer.elapsed() << " ms drawing and writing)\n";
    for (const auto& e : errors) std::cerr << "llmwb-export: " << e.toStdString() << "\n";
    return errors.isEmpty() ? 0 : 1;
  } catch (const llmwb::InputError& e) {
    return fail(QString::fromStdString(e.what()));
  } catch (const std::exception& e) {
    return fail(QStringLiteral("error: ") + QString::fromStdString(e.what()));
  }
}
