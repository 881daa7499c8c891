// SPDX-License-Identifier: GPL-3.0-or-later
// The NPU chip view: the chip map of the shipped NpuSim presets (64 and 256 cores, pools, stages),
// link loads that follow the XY routes, the view's controls, a clear message for a parallelism that
// does not fit, the tab only for npusim systems, and its figure export.
#include "core/engine/npusim/chip_map.h"
#include "core/io/preset_library.h"
#include "widgets/document/project_document.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/export/project_export.h"
#include "widgets/npusim/npusim_chip_plot.h"
#include "widgets/npusim/npusim_view.h"
#include "widgets/views/view_registry.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using namespace llmwb;
namespace npu = llmwb::engine::npusim;

class TestNpusimView : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

  ui::EvaluationRequest request(const char* project) const {
    return ui::evaluationRequest(readProject(std::string(LLMWB_TEST_PRESETS "/projects/") + project, lib), lib);
  }

private slots:
  void linkLoadsFollowXyRoutes() {
    const auto loads = npu::linkLoads({{{0, 0}, {2, 1}, 10}, {{1, 0}, {2, 0}, 5}});
    // (0,0)->(1,0)->(2,0)->(2,1) and (1,0)->(2,0): the shared link carries both.
    QCOMPARE(loads.size(), std::size_t(3));
    double shared = 0;
    int flows = 0;
    for (const auto& l : loads)
      if (l.from == npu::Coord{1, 0} && l.to == npu::Coord{2, 0}) {
        shared = l.bytes;
        flows = l.flows;
      }
    QCOMPARE(shared, 15.0);
    QCOMPARE(flows, 2);
  }

  void disaggregatedChipHasBothPools() {
    const auto d = ui::npusimChipData(request("npusim-large-64.llmwb"), ui::NpusimPhase::Prefill, "stages");
    QVERIFY2(d.problem.isEmpty(), qPrintable(d.problem));
    QCOMPARE(d.map.columns * d.map.rows, 64);
    QCOMPARE(d.map.pools.size(), std::size_t(2));
    QVERIFY(d.map.pools[0].role == DeviceRole::Prefill);
    QVERIFY(d.map.pools[1].role == DeviceRole::Decode);
    QCOMPARE(d.map.usedCores(), 42 + 21); // P42/D21, one core idle
    QVERIFY(!d.loads.empty());            // stage boundaries of 7-stage pipelines
    bool hasKv = false;
    for (const auto& t : d.traffics) hasKv = hasKv || t.id == "kv";
    QVERIFY(hasKv);
    const auto kv = ui::npusimChipData(request("npusim-large-64.llmwb"), ui::NpusimPhase::Prefill, "kv");
    QCOMPARE(kv.traffic, QStringLiteral("kv"));
    QVERIFY(kv.maxLinkBytes() > 0 && std::isfinite(kv.totalLinkBytes()));
  }

  void smallChipShowsSixteenBySixteen() {
    ui::NpusimView view;
    view.resize(1200, 800);
    view.setRequest(std::make_shared<const ui::EvaluationRequest>(request("npusim-small-256.llmwb")));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.plot()->coreItems(), 256);
    const auto& d = view.plot()->data();
    QVERIFY2(d.problem.isEmpty(), qPrintable(d.problem));
    QCOMPARE(d.map.layout.tp, 16);
    QCOMPARE(d.map.usedCores() % 16, 0);
    // The first traffic is a projection's TP collective: every ring link loaded, no NaN.
    QVERIFY(d.traffic.startsWith("op:"));
    QVERIFY(view.plot()->linkItems() > 0);
    for (const auto& l : d.loads) QVERIFY(std::isfinite(l.bytes) && l.bytes > 0);
    // Switching the traffic and the phase rebuilds the plot.
    const int stages = view.trafficBox()->findData("stages");
    QVERIFY(stages >= 0);
    view.trafficBox()->setCurrentIndex(stages);
    QCOMPARE(view.plot()->data().traffic, QStringLiteral("stages"));
    view.phaseBox()->setCurrentIndex(1);
    QVERIFY(view.plot()->data().phase == ui::NpusimPhase::Decode);
    QCOMPARE(view.plot()->data().traffic, QStringLiteral("stages"));
    // Tooltips carry units.
    const auto& c = view.plot()->data().map;
    (void)c;
    QVERIFY(!view.plot()->table().rows.isEmpty());
    QVERIFY(view.plot()->table().columns.contains("bytes_B"));
  }

  void aParallelismThatDoesNotFitSaysWhy() {
    auto r = request("npusim-small-256.llmwb");
    parallelismOf(r.system)->tp = 15; // a ring needs an even group
    ui::NpusimView view;
    view.setRequest(std::make_shared<const ui::EvaluationRequest>(r));
    QVERIFY(view.message().contains("ring"));
  }

  void tabOnlyForNpusimSystems() {
    const auto* type = ui::builtinViews().find("npusim-chip");
    QVERIFY(type);
    ui::ProjectResults results;
    results.request = std::make_shared<const ui::EvaluationRequest>(request("npusim-large-64.llmwb"));
    QVERIFY(type->applies(results));
    results.request = std::make_shared<const ui::EvaluationRequest>(request("snake-decode.llmwb"));
    QVERIFY(!type->applies(results));
    // Issue 35: the view is registered for the npusim engine's detail product, not for a compute
    // kind: the same chip on the roofline engine has no chip mapping to show.
    QCOMPARE(type->detail, std::string("npusim.chip"));
    auto roofline = request("npusim-large-64.llmwb");
    for (auto& g : roofline.system.groups) g.device.engine = "roofline";
    results.request = std::make_shared<const ui::EvaluationRequest>(roofline);
    QVERIFY(!type->applies(results));
    const auto* snakeDie = ui::builtinViews().find("snake-die");
    QVERIFY(snakeDie);
    auto snake = request("snake-decode.llmwb");
    results.request = std::make_shared<const ui::EvaluationRequest>(snake);
    QVERIFY(snakeDie->applies(results));
    for (auto& g : snake.system.groups) g.device.engine = "roofline";
    results.request = std::make_shared<const ui::EvaluationRequest>(snake);
    QVERIFY(!snakeDie->applies(results));
  }

  void exportsItsFigure() {
    auto project = readProject(LLMWB_TEST_PRESETS "/projects/npusim-large-64.llmwb", lib);
    project.exploration.reset();
    const auto figures = ui::computeProjectFigures(project, lib);
    QVERIFY(ui::figureStems(figures).contains("npusim-chip"));
    QTemporaryDir dir;
    ui::FigureJob job;
    job.outDir = dir.path();
    job.formats = {ui::FigureFormat::Png};
    QStringList errors;
    const auto written = ui::writeProjectFigures(figures, job, errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
    QVERIFY(QFileInfo(QDir(dir.path()).filePath("npusim-chip.png")).size() > 1000);
    QVERIFY(QFileInfo::exists(QDir(dir.path()).filePath("npusim-chip.csv")));
  }

  void theColourScaleHasRoomOnScreenAndInAColumn() {
    // Under the legend, as wide as it (standing beside a tall legend it was squeezed to a few
    // pixels in a 1366 x 768 pane); in a column figure it goes below with the legend, and back.
    ui::NpusimChipPlot plot;
    plot.resize(730, 340);
    plot.show();
    plot.setData(ui::npusimChipData(request("npusim-large-64.llmwb"), ui::NpusimPhase::Prefill, "stages"));
    QCoreApplication::processEvents();
    QCPColorScale* scale = nullptr;
    for (auto* e : plot.plotLayout()->elements(true))
      if (auto* s = qobject_cast<QCPColorScale*>(e)) scale = s;
    QVERIFY(scale && scale->visible());
    plot.replot();
    QVERIFY2(scale->outerRect().width() >= 160, qPrintable(QString::number(scale->outerRect().width())));
    QVERIFY(scale->outerRect().bottom() <= plot.height());
    QVERIFY(scale->outerRect().left() > plot.axisRect()->outerRect().right()); // beside the chip
    auto* side = scale->layout();
    const double columnMm = 85, pointsPerMm = 72 / 25.4;
    const QSize column(int(columnMm * pointsPerMm), int(plot.figureHeightMm(columnMm) * pointsPerMm));
    plot.beginFigureLayout(column);
    QVERIFY(scale->outerRect().top() >= plot.axisRect()->outerRect().bottom()); // below the chip
    QVERIFY2(scale->outerRect().bottom() <= column.height() + 1, qPrintable(QString::number(scale->outerRect().bottom())));
    QVERIFY(plot.figureFits());
    plot.endFigureLayout();
    QCOMPARE(scale->layout(), side);
  }

  void meshCoordinatesNeverRunTogether() {
    // A 16 x 16 mesh in a 1366 x 768 window's pane labelled every core ("1011121314"): the ticks
    // thin to what their labels need, the last core is always labelled, and a wide pane has them all.
    auto ticksAt = [&](QSize size) {
      ui::NpusimChipPlot plot;
      plot.resize(size);
      plot.show();
      plot.setData(ui::npusimChipData(request("npusim-small-256.llmwb"), ui::NpusimPhase::Prefill, "stages"));
      QCoreApplication::processEvents();
      plot.replot();
      const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(plot.xAxis->ticker());
      const QFontMetricsF fm(plot.xAxis->tickLabelFont());
      double gap = 1e9;
      for (auto it = ticker->ticks().cbegin(); std::next(it) != ticker->ticks().cend(); ++it) {
        const auto next = std::next(it);
        const double room = plot.xAxis->coordToPixel(next.key()) - plot.xAxis->coordToPixel(it.key());
        gap = std::min(gap, room - (fm.horizontalAdvance(it.value()) + fm.horizontalAdvance(next.value())) / 2);
      }
      return std::pair{ticker->ticks(), gap};
    };
    const auto [narrow, narrowGap] = ticksAt({520, 380});
    QVERIFY2(narrowGap >= 2, qPrintable(QString::number(narrowGap)));
    QVERIFY(narrow.size() < 16);
    QVERIFY(narrow.contains(0) && narrow.contains(15));
    const auto [wide, wideGap] = ticksAt({2400, 1400});
    QCOMPARE(wide.size(), 16);
    QVERIFY(wideGap >= 2);
  }

  // Drag a TP group to another slot: an undoable edit of parallelism.group_slots, the chip
  // re-evaluated, the latency change shown before -> after; undo puts the group back.
  void draggingAGroupIsAnUndoableEditShowingTheLatencyChange() {
    ui::ProjectDocument doc(lib, readProject(LLMWB_TEST_PRESETS "/projects/npusim-large-64.llmwb", lib));
    auto evaluateNow = [&] { return ui::EvaluationRunner::run(ui::evaluationRequest(doc.project(), lib)); };
    ui::NpusimView view;
    view.resize(1000, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setDocument(&doc);
    view.setResults(evaluateNow());
    connect(&doc, &ui::ProjectDocument::changed, &view, [&] { view.setResults(evaluateNow()); });
    auto* plot = view.plot();
    // P42/D21 with TP 1 x PP 7: 63 one-core groups; the last slot, core (0, 7), is idle.
    const npu::Coord first{0, 0}, idle{0, 7};
    QCOMPARE(plot->data().map.at(first).group, 0);
    QCOMPARE(plot->data().map.at(idle).group, -1);
    QVERIFY(view.placementChange().isEmpty());

    QTest::mousePress(plot, Qt::LeftButton, {}, plot->corePosition(first).toPoint());
    QCOMPARE(plot->draggedGroup(), 0);
    QTest::mouseMove(plot, plot->corePosition({0, 4}).toPoint());
    QTest::mouseMove(plot, plot->corePosition(idle).toPoint());
    QTest::mouseRelease(plot, Qt::LeftButton, {}, plot->corePosition(idle).toPoint());
    QCOMPARE(plot->draggedGroup(), -1);
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY2(doc.undoStack()->text(0).contains(QStringLiteral("stage 0")), qPrintable(doc.undoStack()->text(0)));
    const auto& placed = parallelismOf(doc.project().system.system)->groupSlots;
    QVERIFY(!placed.empty());
    QCOMPARE(placed.front(), 63);
    QCOMPARE(plot->data().map.at(idle).group, 0);
    QCOMPARE(plot->data().map.at(first).group, -1);
    const QString change = view.placementChange();
    qInfo("%s", qPrintable(change));
    if (const QByteArray shot = qgetenv("LLMWB_SHOT_DIR"); !shot.isEmpty()) view.grab().save(QString::fromUtf8(shot) + "/npusim-drag.png");
    QVERIFY2(change.contains(QStringLiteral("TTFT")) && change.contains(QStringLiteral("→")) &&
                 change.contains(QStringLiteral("ms")),
             qPrintable(change));

    doc.undoStack()->undo();
    QVERIFY(parallelismOf(doc.project().system.system)->groupSlots.empty());
    QCOMPARE(plot->data().map.at(first).group, 0);
    QCOMPARE(plot->data().map.at(idle).group, -1);
    // A drop on the group's own slot, or outside the mesh, changes nothing.
    QTest::mousePress(plot, Qt::LeftButton, {}, plot->corePosition(first).toPoint());
    QTest::mouseRelease(plot, Qt::LeftButton, {}, plot->corePosition(first).toPoint());
    QCOMPARE(doc.undoStack()->index(), 0);
  }

  void theChipOnlyShowsWithoutADocument() {
    ui::NpusimView view;
    view.resize(800, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setRequest(std::make_shared<const ui::EvaluationRequest>(request("npusim-large-64.llmwb")));
    auto* plot = view.plot();
    QTest::mousePress(plot, Qt::LeftButton, {}, plot->corePosition({0, 0}).toPoint());
    QCOMPARE(plot->draggedGroup(), -1);
    QTest::mouseRelease(plot, Qt::LeftButton, {}, plot->corePosition({0, 7}).toPoint());
  }
};

QTEST_MAIN(TestNpusimView)
#include "tst_npusim_view.moc"
