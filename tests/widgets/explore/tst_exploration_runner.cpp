// SPDX-License-Identifier: GPL-3.0-or-later
// Explorations from the GUI: points stream to the UI thread, the event loop keeps running, a
// cancel stops the run within a second, and a chosen point loads as a system.
#include "core/io/preset_library.h"
#include "core/io/space_io.h"
#include "widgets/explore/exploration_runner.h"
#include "widgets/explore/explorer_view.h"
#include "widgets/plots/convergence_plot.h"
#include "widgets/plots/pareto_plot.h"

#include <QElapsedTimer>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSplitter>
#include <QTest>
#include <QTimer>

using namespace llmwb;

namespace {
const std::string kTinySpace = LLMWB_TEST_DATA "/spaces/tiny-decode.json";
}

class TestExplorationRunner : public QObject {
  Q_OBJECT
private slots:
  void pointsStreamInStepOrder() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    ui::ExplorationRunner runner;
    QSignalSpy points(&runner, &ui::ExplorationRunner::pointFound);
    QSignalSpy progress(&runner, &ui::ExplorationRunner::progressed);
    QSignalSpy finished(&runner, &ui::ExplorationRunner::finished);
    ui::ExplorationRequest request;
    request.problem = std::make_shared<const dse::DesignProblem>(loadDesignProblem(kTinySpace, lib));
    request.method = "random";
    request.budget = 30;
    request.initialPoints = 10;
    QVERIFY(runner.start(request));
    QVERIFY(!runner.start(request)); // one at a time
    QVERIFY(finished.wait(30000));
    QCOMPARE(points.count(), 30);
    for (int i = 0; i < points.count(); ++i) QCOMPARE(points.at(i).at(0).value<std::size_t>(), std::size_t(i));
    QVERIFY(progress.count() >= 1);
    const auto result = finished.first().at(0).value<std::shared_ptr<const dse::ExplorationResult>>();
    QCOMPARE(result->points.size(), std::size_t(30));
    QVERIFY(!result->cancelled);
    // The hypervolume reported with the last point is the run's.
    QCOMPARE(points.last().at(2).toDouble(), result->hypervolumeTrace.back());
  }

  void cancelStopsWithinOneSecond_data() {
    QTest::addColumn<QString>("method");
    QTest::newRow("exhaustive") << "exhaustive";
    QTest::newRow("nsga2") << "nsga2";
    QTest::newRow("mobo") << "mobo";
  }
  void cancelStopsWithinOneSecond() {
    QFETCH(QString, method);
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    ui::ExplorationRunner runner;
    QSignalSpy points(&runner, &ui::ExplorationRunner::pointFound);
    QSignalSpy finished(&runner, &ui::ExplorationRunner::finished);
    ui::ExplorationRequest request;
    // The full MemExplorer decode space: far more designs than a test could wait for.
    request.problem = std::make_shared<const dse::DesignProblem>(loadDesignProblem("memexplorer-decode", lib));
    request.method = method.toStdString();
    request.budget = 1000000;
    request.initialPoints = 20;
    QVERIFY(runner.start(request));

    // The event loop keeps turning while the worker explores.
    QElapsedTimer sinceTick;
    sinceTick.start();
    qint64 longestGap = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, this, [&] {
      longestGap = std::max(longestGap, sinceTick.restart());
    });
    ticker.start(5);
    // A bound against a hang, not a speed check (bench/ measures speed): GP+EHVI under the
    // sanitizers on a loaded 2-core machine takes about 33 s to its 41st point.
    QTRY_VERIFY_WITH_TIMEOUT(points.count() > 40, 120000);
    ticker.stop();
    QVERIFY2(longestGap < 500, qPrintable(QStringLiteral("event loop stalled for %1 ms").arg(longestGap)));

    QElapsedTimer cancelled;
    cancelled.start();
    runner.cancel();
    QVERIFY(finished.wait(5000));
    const qint64 latency = cancelled.elapsed();
    qInfo("%s: cancel took %lld ms after %d points", qPrintable(method), latency, int(points.count()));
    QVERIFY2(latency < 1000, qPrintable(QStringLiteral("cancel took %1 ms").arg(latency)));
    const auto result = finished.first().at(0).value<std::shared_ptr<const dse::ExplorationResult>>();
    QVERIFY(result->cancelled);
    QVERIFY(result->points.size() < request.budget);
  }

  void destroyingARunningRunnerCancelsIt() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    QElapsedTimer timer;
    {
      ui::ExplorationRunner runner;
      QSignalSpy points(&runner, &ui::ExplorationRunner::pointFound);
      ui::ExplorationRequest request;
      request.problem = std::make_shared<const dse::DesignProblem>(loadDesignProblem("memexplorer-decode", lib));
      request.method = "exhaustive";
      request.budget = 1000000;
      QVERIFY(runner.start(request));
      QTRY_VERIFY_WITH_TIMEOUT(points.count() > 0, 30000);
      timer.start();
    }
    QVERIFY(timer.elapsed() < 1000);
    QCoreApplication::processEvents(); // queued calls to the dead runner are dropped
  }

  void explorerViewFitsALaptopPane() {
    // The results pane of a 1366 x 768 screen (740 px): Start stays inside it (it was pushed out
    // by the choices on one row) and the two plots stand one above the other, the pane scrolling
    // down; a wide pane has them side by side.
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    QScrollArea pane;
    pane.setWidgetResizable(true);
    auto* view = new ui::ExplorerView(lib);
    pane.setWidget(view);
    pane.resize(740, 420);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QCoreApplication::processEvents(); // the pane lays the view out again once the plots stack
    QVERIFY2(view->width() <= pane.viewport()->width(), qPrintable(QString::number(view->width())));
    auto* start = view->findChild<QPushButton*>();
    QVERIFY(start && start->text() == QStringLiteral("Start"));
    QVERIFY(start->mapTo(view, QPoint(start->width(), 0)).x() <= pane.viewport()->width());
    auto* plots = view->findChild<QSplitter*>();
    QVERIFY(plots);
    QCOMPARE(plots->orientation(), Qt::Vertical);
    pane.resize(1300, 700);
    QCoreApplication::processEvents();
    QCOMPARE(plots->orientation(), Qt::Horizontal);
  }

  void explorerViewRunsAndLoadsADesign() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    ui::ExplorerView view(lib);
    view.resize(1400, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSetup({kTinySpace, "sobol", 24, 3});
    QSignalSpy done(&view, &ui::ExplorerView::explorationFinished);
    QSignalSpy chosen(&view, &ui::ExplorerView::designChosen);
    view.start();
    QVERIFY(done.wait(30000));
    auto& pareto = view.paretoPlot();
    QCOMPARE(pareto.points().size(), std::size_t(24));
    QCOMPARE(view.convergencePlot().runCount(), std::size_t(1));
    pareto.replot();
    const std::size_t target = pareto.front().front();
    const auto pixel = pareto.pixelOf(target);
    QVERIFY(pixel);
    QTest::mouseClick(&pareto, Qt::LeftButton, {}, pixel->toPoint());
    QVERIFY(view.chosenPoint());
    view.loadChosenDesign();
    QCOMPARE(chosen.count(), 1);
    const auto system = chosen.first().at(0).value<SystemSpec>();
    QVERIFY(!system.groups.empty());
    // A second run of another seed overlays its convergence.
    view.setSetup({kTinySpace, "random", 16, 4});
    view.start();
    QVERIFY(done.wait(30000));
    QCOMPARE(view.convergencePlot().runCount(), std::size_t(2));
  }
};

QTEST_MAIN(TestExplorationRunner)
#include "tst_exploration_runner.moc"
