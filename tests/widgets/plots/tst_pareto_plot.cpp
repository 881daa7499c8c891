// SPDX-License-Identifier: GPL-3.0-or-later
// The Pareto view highlights exactly dse::paretoSet, switches axes, and a click on a point
// emits its index.
#include "core/dse/exploration.h"
#include "core/io/preset_library.h"
#include "core/io/space_io.h"
#include "widgets/plots/convergence_plot.h"
#include "widgets/plots/pareto_plot.h"

#include <QSignalSpy>
#include <QTest>

using namespace llmwb;

namespace {
const std::string kTinySpace = LLMWB_TEST_DATA "/spaces/tiny-decode.json";

dse::ExplorationResult sweep(const dse::DesignProblem& problem) {
  dse::ExplorationOptions options;
  options.method = "exhaustive";
  options.methodOptions.budget = 1000;
  return dse::explore(problem, options);
}

const QCPGraph* frontGraph(const QCustomPlot& plot) {
  for (int i = 0; i < plot.graphCount(); ++i)
    if (plot.graph(i)->property("llmwb.kind").toString() == QLatin1String("front")) return plot.graph(i);
  return nullptr;
}
} // namespace

class TestParetoPlot : public QObject {
  Q_OBJECT
private slots:
  void frontIsTheParetoSet() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto problem = loadDesignProblem(kTinySpace, lib);
    const auto result = sweep(problem);
    ui::ParetoPlot plot;
    plot.setExploration(problem.space(), result.points);
    const auto expected = dse::paretoSet(problem.space(), result.points);
    QVERIFY(expected.size() >= 2);
    QCOMPARE(plot.front(), expected);
    QCOMPARE(plot.front(), result.pareto);
    const auto* front = frontGraph(plot);
    QVERIFY(front);
    QCOMPARE(std::size_t(front->dataCount()), expected.size());
    // Live: points one by one end with the same front.
    ui::ParetoPlot live;
    live.setExploration(problem.space(), {});
    for (const auto& p : result.points) live.addPoint(p, false);
    live.updateFront();
    QCOMPARE(live.front(), expected);
    // Every point is in the table, front flagged.
    const auto table = plot.table();
    QCOMPARE(table.rows.size(), qsizetype(result.points.size()));
    const auto paretoColumn = table.columns.indexOf(QStringLiteral("pareto"));
    QCOMPARE(std::count_if(table.rows.begin(), table.rows.end(), [&](const auto& r) { return r[paretoColumn].toBool(); }),
             qsizetype(expected.size()));
  }

  void axesAreObjectivesAndConstraintsWithUnits() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto problem = loadDesignProblem(kTinySpace, lib);
    ui::ParetoPlot plot;
    plot.setExploration(problem.space(), sweep(problem).points);
    QCOMPARE(plot.axisChoices().size(), qsizetype(4)); // two objectives, two constraints
    QVERIFY2(plot.xAxis->label().contains(QLatin1String("(tokens/s)")), qPrintable(plot.xAxis->label()));
    QVERIFY2(plot.yAxis->label().contains(QLatin1String("(W)")), qPrintable(plot.yAxis->label()));
    plot.setAxes(0, 3);
    QVERIFY2(plot.yAxis->label().contains(QLatin1String("(mm)")), qPrintable(plot.yAxis->label()));
  }

  void clickOnAPointActivatesIt() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto problem = loadDesignProblem(kTinySpace, lib);
    const auto result = sweep(problem);
    ui::ParetoPlot plot;
    plot.resize(900, 600);
    plot.setExploration(problem.space(), result.points);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.replot();
    QSignalSpy activated(&plot, &ui::ParetoPlot::pointActivated);
    const std::size_t target = plot.front().back();
    const auto pixel = plot.pixelOf(target);
    QVERIFY(pixel);
    QTest::mouseClick(&plot, Qt::LeftButton, {}, pixel->toPoint());
    QCOMPARE(activated.count(), 1);
    // Points drawn on the same pixel are one click: any of them is right, the target's values.
    const auto got = activated.first().at(0).value<std::size_t>();
    QCOMPARE(result.points[got].objectives, result.points[target].objectives);
    QCOMPARE(plot.activePoint(), std::optional<std::size_t>(got));
    QCOMPARE(*plot.pixelOf(target), *pixel); // the plot did not move under the mouse
    const QString tip = plot.tooltipAt(*pixel);
    QVERIFY2(tip.contains(QLatin1String("pe_array")), qPrintable(tip));
    // The one-line account the explorer shows for a chosen point, before it is loaded: its
    // parameters and its figures with their units.
    const QString line = plot.describeInline(got);
    QVERIFY2(line.contains(QLatin1String("pe_array = ")) && line.contains(QStringLiteral(" — ")) && !line.contains(QLatin1Char('<')),
             qPrintable(line));
    // Empty space: nothing.
    QTest::mouseClick(&plot, Qt::LeftButton, {}, QPoint(3, 3));
    QCOMPARE(activated.count(), 1);
  }

  void convergenceOverlaysRuns() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto problem = loadDesignProblem(kTinySpace, lib);
    const auto result = sweep(problem);
    ui::ConvergencePlot plot;
    plot.setSpace(problem.space());
    plot.setRun(QStringLiteral("exhaustive"), result.hypervolumeTrace);
    plot.setRun(QStringLiteral("half"), std::vector<double>(result.hypervolumeTrace.begin(), result.hypervolumeTrace.begin() + 10));
    plot.setRun(QStringLiteral("half"), std::vector<double>(result.hypervolumeTrace.begin(), result.hypervolumeTrace.begin() + 20));
    QCOMPARE(plot.runCount(), std::size_t(2));
    QCOMPARE(plot.graph(0)->dataCount(), int(result.hypervolumeTrace.size()));
    QCOMPARE(plot.graph(1)->dataCount(), 20);
    QVERIFY2(plot.yAxis->label().contains(QStringLiteral("tokens/s × W")), qPrintable(plot.yAxis->label()));
    QCOMPARE(plot.table().rows.size(), qsizetype(result.hypervolumeTrace.size() + 20));
  }
};

QTEST_MAIN(TestParetoPlot)
#include "tst_pareto_plot.moc"
