// SPDX-License-Identifier: GPL-3.0-or-later
// The Snake die view: 16 PUs x 4 cores for the shipped Snake preset, the plan of the selected
// operator with its NoC reductions, the mode shares computed off the UI thread, the 63 W power
// split, the tab only for NMP systems, and its figure export.
#include "core/io/preset_library.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/export/project_export.h"
#include "widgets/plots/breakdown_plot.h"
#include "widgets/snake/snake_die_plot.h"
#include "widgets/snake/snake_view.h"
#include "widgets/views/view_registry.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTabWidget>
#include <QTest>

#include <cmath>

using namespace llmwb;

class TestSnakeView : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

  ui::EvaluationRequest request(const char* project) const {
    return ui::evaluationRequest(readProject(std::string(LLMWB_TEST_PRESETS "/projects/") + project, lib), lib);
  }

  /// `view` on screen at `size` with the shipped Snake decode project.
  bool showSnakeProject(ui::SnakeView& view, QSize size) const {
    view.resize(size);
    view.setRequest(std::make_shared<const ui::EvaluationRequest>(request("snake-decode.llmwb")));
    view.show();
    return QTest::qWaitForWindowExposed(&view);
  }

private slots:
  void chainOrderSnakesThroughTheGrid() {
    QCOMPARE(ui::snakePuCell(0, 4), (std::pair{0, 0}));
    QCOMPARE(ui::snakePuCell(3, 4), (std::pair{3, 0}));
    QCOMPARE(ui::snakePuCell(4, 4), (std::pair{3, 1})); // neighbours along the chain
    QCOMPARE(ui::snakePuCell(7, 4), (std::pair{0, 1}));
    QCOMPARE(ui::snakePuCell(8, 4), (std::pair{0, 2}));
  }

  void aTabBroughtForwardFitsItsTexts() {
    // A plot laid out while its tab was hidden gets no resize when shown; its on-screen fit must
    // still run (the Power and area heading, wider than its cell beside the legend, was cut at
    // both ends in a 1366 x 768 pane).
    ui::SnakeView view;
    QVERIFY(showSnakeProject(view, {740, 420}));
    auto* tabs = view.findChild<QTabWidget*>();
    QVERIFY(tabs);
    int checked = 0;
    for (int i = 0; i < tabs->count(); ++i) {
      tabs->setCurrentIndex(i);
      for (int k = 0; k < 4; ++k) QCoreApplication::processEvents();
      auto plots = tabs->currentWidget()->findChildren<QCustomPlot*>();
      if (auto* page = qobject_cast<QCustomPlot*>(tabs->currentWidget())) plots << page;
      for (auto* plot : plots) {
        if (!plot->isVisible()) continue;
        for (auto* e : plot->plotLayout()->elements(true)) {
          auto* heading = qobject_cast<QCPTextElement*>(e);
          if (!heading) continue;
          ++checked;
          for (const QString& line : heading->text().split(QLatin1Char('\n')))
            QVERIFY2(QFontMetricsF(heading->font()).horizontalAdvance(line) <= heading->outerRect().width() + 1,
                     qPrintable(tabs->tabText(i) + QStringLiteral(": ") + line));
        }
      }
    }
    QVERIFY(checked >= 5); // the die's heading, the mode shares' two, power and area's three
  }

  void legendUnderTheDieFitsANarrowPane() {
    // Three columns of legend entries ran off a 1366 x 768 window's results pane (~700 px): on
    // screen the legend keeps only the columns the pane holds.
    ui::SnakeView view;
    QVERIFY(showSnakeProject(view, {700, 420}));
    auto* die = view.diePlot();
    QTRY_VERIFY(die->legend->itemCount() >= 3);
    for (int k = 0; k < 4; ++k) QCoreApplication::processEvents();
    QVERIFY(die->legend->wrap() < 3);
    for (int i = 0; i < die->legend->itemCount(); ++i) {
      const QRect r = die->legend->item(i)->outerRect();
      QVERIFY2(r.left() >= 0 && r.right() <= die->viewport().right() + 1,
               qPrintable(QStringLiteral("legend entry %1 at %2..%3 of %4 px").arg(i).arg(r.left()).arg(r.right()).arg(die->viewport().width())));
    }
    // Wide enough, all three columns come back.
    view.resize(1600, 420);
    QTRY_COMPARE(die->legend->wrap(), 3);
  }

  void dieShowsSixteenPusOfFourCores() {
    ui::SnakeView view;
    QVERIFY(showSnakeProject(view, {1200, 800}));
    auto* die = view.diePlot();
    QVERIFY2(die->data().problem.isEmpty(), qPrintable(die->data().problem));
    QCOMPARE(die->puItems(), 16);
    QCOMPARE(die->coreItems(), 64);
    QVERIFY(view.operatorBox()->count() > 0);
    QCOMPARE(die->data().devices, 8);
    for (int i = 0; i < view.operatorBox()->count(); ++i) {
      view.operatorBox()->setCurrentIndex(i);
      const auto* op = die->data().current();
      QVERIFY(op && op->best.valid && std::isfinite(op->best.time.value()));
      const auto mode = op->best.mode;
      const bool reduces = mode == snake::Mode::IsS || mode == snake::Mode::IsSt || mode == snake::Mode::OsSt;
      QCOMPARE(die->nocItems() > 0, reduces);
    }
    QVERIFY(!die->title().isEmpty());
    // Power: the 63 W peak split into four parts.
    const auto& power = view.powerPlot()->data();
    QVERIFY(!power.empty());
    double peak = 0;
    for (const auto& s : power.panels[0].series) peak += s.values[0];
    QVERIFY(std::abs(peak - 63.0) < 0.5);
    // Mode shares arrive from the worker; every bar adds up to 100 %.
    QTRY_VERIFY_WITH_TIMEOUT(!view.sharesRunning() && !view.sharesPlot()->data().empty(), 60000);
    const auto& panel = view.sharesPlot()->data().panels[0];
    // Fig. 13's 18 operating points and the mix over all of them, the scheduler's own share.
    QCOMPARE(panel.categories.size(), 19);
    QCOMPARE(panel.categories.back(), QStringLiteral("all 18"));
    const auto shown = request("snake-decode.llmwb");
    const auto& decode = shown.system.groups.back();
    const auto grid = snake::scheduleGrid(decode.device, decode.count, shown.model, snake::fig13Batches(), snake::fig13Contexts());
    for (std::size_t m = 0; m < 4; ++m) {
      const QString mode = QString::fromUtf8(snake::toString(snake::kPartitionModes[m]).data());
      const auto series = std::find_if(panel.series.begin(), panel.series.end(), [&](const auto& s) { return s.name == mode; });
      QVERIFY(series != panel.series.end());
      QVERIFY(std::abs(series->values.back() - 100 * grid.share(m)) < 1e-9);
    }
    for (auto* rect : view.sharesPlot()->axisRects()) // shares end at the whole, with no room for totals
      if (rect->visible()) QCOMPARE(rect->axis(QCPAxis::atLeft)->range().upper, 100.0);
    for (int c = 0; c < panel.categories.size(); ++c) {
      double sum = 0;
      for (const auto& s : panel.series) sum += s.values[std::size_t(c)];
      QVERIFY(std::abs(sum - 100) < 1e-6);
    }
  }

  void badBatchSaysWhy() {
    const auto d = ui::snakeDieData(request("snake-decode.llmwb"), 0, 2048);
    QVERIFY(d.empty());
    QVERIFY(d.problem.contains("batch"));
  }

  void tabOnlyForNmpSystems() {
    const auto* type = ui::builtinViews().find("snake-die");
    QVERIFY(type);
    ui::ProjectResults results;
    results.request = std::make_shared<const ui::EvaluationRequest>(request("snake-decode.llmwb"));
    QVERIFY(type->applies(results));
    results.request = std::make_shared<const ui::EvaluationRequest>(request("npusim-large-64.llmwb"));
    QVERIFY(!type->applies(results));
  }

  // The project explores exhaustively: its Pareto figure is written, and no convergence figure
  // (a sweep's hypervolume follows the grid's order).
  void anExhaustiveSweepHasNoConvergenceFigure() {
    const auto project = readProject(LLMWB_TEST_PRESETS "/projects/snake-decode.llmwb", lib);
    QVERIFY(project.exploration && project.exploration->method == "exhaustive");
    const auto stems = ui::figureStems(ui::computeProjectFigures(project, lib));
    QVERIFY(stems.contains("pareto"));
    QVERIFY(!stems.contains("convergence"));
  }

  void exportsItsFigures() {
    auto project = readProject(LLMWB_TEST_PRESETS "/projects/snake-decode.llmwb", lib);
    project.exploration.reset();
    const auto figures = ui::computeProjectFigures(project, lib);
    const auto stems = ui::figureStems(figures);
    QVERIFY(stems.contains("snake-die"));
    QVERIFY(stems.contains("snake-mode-shares"));
    QVERIFY(stems.contains("snake-power-area"));
    QTemporaryDir dir;
    ui::FigureJob job;
    job.outDir = dir.path();
    job.formats = {ui::FigureFormat::Png};
    QStringList errors;
    ui::writeProjectFigures(figures, job, errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
    QVERIFY(QFileInfo(QDir(dir.path()).filePath("snake-die.png")).size() > 1000);
  }
};

QTEST_MAIN(TestSnakeView)
#include "tst_snake_view.moc"
