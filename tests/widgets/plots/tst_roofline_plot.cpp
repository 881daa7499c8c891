// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline view against the engine's roofline: one marker per operator, one ceiling per
// compute unit and memory level, units on the axes, tooltips that name the operator.
#include "core/io/preset_library.h"
#include "core/engine/evaluate.h"
#include "widgets/plots/roofline_plot.h"

#include <QTest>

using namespace llmwb;
using ui::RooflinePlot;

namespace {
struct Counts {
  int operatorPoints = 0, computeCeilings = 0, memoryCeilings = 0;
};
Counts countGraphs(const QCustomPlot& plot) {
  Counts c;
  for (int i = 0; i < plot.graphCount(); ++i) {
    const auto* g = plot.graph(i);
    const QString kind = g->property(RooflinePlot::kKindProperty).toString();
    if (kind == QLatin1String("operators")) c.operatorPoints += g->dataCount();
    else if (kind == QLatin1String("compute-ceiling")) ++c.computeCeilings;
    else if (kind == QLatin1String("memory-ceiling")) ++c.memoryCeilings;
  }
  return c;
}

/// The roofline data of `system` running `model` on `workload` (preset ids or "IN:OUT").
ui::RooflineData rooflineOf(const char* system, const char* model, const char* workload) {
  const PresetLibrary lib({LLMWB_TEST_PRESETS});
  const auto s = lib.system(system);
  const auto m = lib.model(model);
  const auto w = lib.workload(workload);
  return ui::rooflineData(s, m, w, evaluate(s, m, w));
}
} // namespace

class TestRooflinePlot : public QObject {
  Q_OBJECT
private slots:
  void onePointPerOperatorOneCeilingPerUnitAndLevel_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("workload");
    QTest::newRow("memexplorer disaggregated") << "memexplorer/p1d1" << "llama-3.3-70b" << "osworld";
    QTest::newRow("duet packages, hybrid model") << "duet/system" << "nemotron-h-56b" << "arxiv";
    QTest::newRow("one gpu") << "gpu/h100" << "llama-3.1-8b" << "2K:512";
  }
  void onePointPerOperatorOneCeilingPerUnitAndLevel() {
    QFETCH(QString, system);
    QFETCH(QString, model);
    QFETCH(QString, workload);
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto s = lib.system(system.toStdString());
    const auto m = lib.model(model.toStdString());
    const auto w = lib.workload(workload.toStdString());
    const auto result = evaluate(s, m, w);
    // Independently of the view: the engine's roofline at the evaluated batches.
    const auto r = roofline(s, m, w, {result.prefill.batch, result.decode.batch}, RooflineDetail::Operators);
    int expectedPoints = 0;
    for (const auto& p : r.points) {
      const int batch = p.phase == "prefill" ? result.prefill.batch : result.decode.batch;
      if (p.batch == batch && p.flops.value() > 0 && p.achieved.value() > 0) ++expectedPoints;
    }
    QVERIFY(expectedPoints > 10);

    RooflinePlot plot;
    plot.setData(ui::rooflineData(s, m, w, result));
    const Counts c = countGraphs(plot);
    QCOMPARE(c.operatorPoints, expectedPoints);
    // Ceilings of different devices at the same value are one line named for both.
    auto distinct = [](const auto& ceilings, auto value) {
      int count = 0;
      for (std::size_t i = 0; i < ceilings.size(); ++i) {
        bool repeat = false;
        for (std::size_t j = 0; j < i; ++j)
          repeat |= ceilings[i].device != ceilings[j].device && value(ceilings[i]) == value(ceilings[j]);
        count += repeat ? 0 : 1;
      }
      return count;
    };
    QCOMPARE(c.computeCeilings, distinct(r.compute, [](const auto& x) { return x.peak.value(); }));
    QCOMPARE(c.memoryCeilings, distinct(r.memory, [](const auto& x) { return x.bandwidth.value(); }));
    QVERIFY(plot.xAxis->label().contains(QLatin1String("(FLOP/byte)")));
    QVERIFY(plot.yAxis->label().contains(QLatin1String("(FLOP/s)")));
    QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(plot.yAxis->scaleType(), QCPAxis::stLogarithmic);
    // The table has every ceiling and every operator.
    QCOMPARE(plot.table().rows.size(), qsizetype(r.compute.size() + r.memory.size()) + expectedPoints);
  }

  void phaseFilterShowsOnePhase() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto s = lib.system("memexplorer/p1d1");
    const auto m = lib.model("llama-3.3-70b");
    const auto w = lib.workload("osworld");
    const auto data = ui::rooflineData(s, m, w, evaluate(s, m, w));
    const auto prefillPoints = std::count_if(data.operators.begin(), data.operators.end(),
                                             [](const auto& o) { return o.phase == ui::Phase::Prefill; });
    RooflinePlot plot;
    plot.setData(data);
    plot.setPhaseFilter(RooflinePlot::PhaseFilter::Prefill);
    QCOMPARE(countGraphs(plot).operatorPoints, int(prefillPoints));
    QCOMPARE(plot.figureName(), QStringLiteral("roofline-prefill"));
    // Disaggregated: the prefill device's ceilings only (two units, three levels on P1).
    QCOMPARE(countGraphs(plot).computeCeilings, 2);
    QCOMPARE(countGraphs(plot).memoryCeilings, 3);
  }

  void tooltipNamesTheOperatorWithUnits() {
    RooflinePlot plot;
    plot.resize(1000, 700);
    plot.setData(rooflineOf("gpu/h100", "llama-3.1-8b", "2K:512"));
    const auto& o = plot.data().operators.front();
    const QPointF at(plot.xAxis->coordToPixel(o.intensity), plot.yAxis->coordToPixel(o.achieved));
    const QString tip = plot.tooltipAt(at);
    QVERIFY2(tip.contains(o.name), qPrintable(tip));
    for (const char* unit : {"FLOP/byte", "FLOP/s", "B"}) QVERIFY2(tip.contains(QLatin1String(unit)), qPrintable(tip));
    QVERIFY(tip.contains(QLatin1String("bound")));
    QVERIFY(plot.tooltipAt(QPointF(2, 2)).isEmpty());
  }

  void aSideLegendLeavesThePlotRoomOnALaptop() {
    // P1 + D1's roofline at the pane a 1366 x 768 screen gives it: the ceiling names (up to 70
    // characters) once took 560 of 740 px and left the plot 70 px; they wrap now, every name inside
    // the pane, and a figure gets the names as given.
    RooflinePlot plot;
    plot.resize(740, 410);
    plot.show();
    plot.setData(rooflineOf("memexplorer/p1d1", "llama-3.3-70b", "osworld"));
    for (int i = 0; i < 4; ++i) QCoreApplication::processEvents(); // the queued replots of the fit
    QStringList original, wrapped;
    for (int i = 0; i < plot.plottableCount(); ++i)
      if (plot.legend->hasItemWithPlottable(plot.plottable(i))) wrapped << plot.plottable(i)->name();
    QVERIFY(std::any_of(wrapped.begin(), wrapped.end(), [](const QString& n) { return n.contains(QLatin1Char('\n')); }));
    QVERIFY2(plot.axisRect()->width() > 200, qPrintable(QString::number(plot.axisRect()->width())));
    QVERIFY2(plot.legend->outerRect().right() <= plot.width(), qPrintable(QString::number(plot.legend->outerRect().right())));
    QVERIFY2(plot.legend->outerRect().bottom() <= plot.height(), qPrintable(QString::number(plot.legend->outerRect().bottom())));
    plot.beginFigureLayout(QSize(500, 400));
    for (int i = 0; i < plot.plottableCount(); ++i)
      if (plot.legend->hasItemWithPlottable(plot.plottable(i))) original << plot.plottable(i)->name();
    plot.endFigureLayout();
    QVERIFY(std::any_of(original.begin(), original.end(), [](const QString& n) { return n.size() > 60; }));
  }
};

QTEST_MAIN(TestRooflinePlot)
#include "tst_roofline_plot.moc"
