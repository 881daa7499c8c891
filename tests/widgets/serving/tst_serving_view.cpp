// SPDX-License-Identifier: GPL-3.0-or-later
// The Serving view drives the real simulator (core/serving): one latency curve per system with a
// point per rate, a timeline of one run, Cancel stops a sweep within a second, new results drop a
// sweep under way, bad rates are refused with a reason, and its figures export as valid files.
#include "core/io/preset_library.h"
#include "core/serving/serving.h"
#include "tests/widgets/support/projects.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/plots/figure_export.h"
#include "widgets/serving/serving_latency_plot.h"
#include "widgets/serving/serving_timeline_plot.h"
#include "widgets/serving/serving_view.h"

#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QScrollArea>
#include <QSet>
#include <QSignalSpy>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace llmwb;

namespace {
QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

int graphsOfKind(const QCustomPlot& plot, const char* kind) {
  int n = 0;
  for (int i = 0; i < plot.graphCount(); ++i)
    if (plot.graph(i)->property("llmwb.kind").toString() == QLatin1String(kind)) ++n;
  return n;
}
} // namespace

class TestServingView : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

  /// A design with two comparison systems (4 x H100, 4 x A100), evaluated.
  std::shared_ptr<const ui::ProjectResults> results() const {
    const auto project = readProject(LLMWB_TEST_PRESETS "/projects/memexplorer-osworld.llmwb", lib);
    return ui::EvaluationRunner::run(ui::evaluationRequest(project, lib));
  }

  static ui::ServingSettings small() {
    ui::ServingSettings s;
    s.rates = {0.05, 0.1, 0.2};
    s.requests = 24;
    s.seed = 3;
    return s;
  }

private slots:
  void oneCurvePerSystemWithAPointPerRate() {
    ui::ServingView view;
    view.resize(1400, 800);
    const auto r = results();
    QCOMPARE(r->comparisons.size(), std::size_t(2));
    view.setResults(r);
    view.setSettings(small());
    QSignalSpy done(&view, &ui::ServingView::sweepFinished);
    view.start();
    QVERIFY(view.runner().running());
    QVERIFY(done.wait(120000));
    const auto sweep = view.sweep();
    QVERIFY(sweep);
    QVERIFY(!sweep->cancelled);
    QCOMPARE(sweep->curves.size(), std::size_t(3));
    QVERIFY(sweep->curves[0].design);

    auto& plot = view.latencyPlot();
    plot.setPercentiles(ui::ServingLatencyPlot::Percentiles::P99);
    QCOMPARE(graphsOfKind(plot, "latency"), 3); // one curve per system
    for (int i = 0; i < plot.graphCount(); ++i) {
      const auto* g = plot.graph(i);
      const auto& curve = sweep->curves.at(std::size_t(g->property("llmwb.system").toInt()));
      QCOMPARE(curve.runs.size(), std::size_t(3));
      int expected = 0;
      for (const auto& run : curve.runs) expected += ui::hasLatency(run) ? 1 : 0;
      QCOMPARE(g->dataCount(), expected);
      QCOMPARE(g->name().simplified(), curve.system.simplified()); // wrapped for the legend
    }
    QVERIFY(graphsOfKind(plot, "latency") > 0 && plot.graph(0)->dataCount() == 3); // the design serves every rate
    plot.setPercentiles(ui::ServingLatencyPlot::Percentiles::Both);
    QCOMPARE(graphsOfKind(plot, "latency"), 6); // p50 and p99 of each
    QCOMPARE(plot.xAxis->label(), QStringLiteral("Request rate (req/s)"));
    // 0.05 to 0.2 req/s (4x): linear, from the lowest rate rather than from 0.
    QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(plot.xAxis->range().lower > 0.01 && plot.xAxis->range().lower < 0.05);
    QVERIFY(plot.yAxis->label().startsWith(QLatin1String("TTFT")));
    QVERIFY(plot.yAxis->label().endsWith(QLatin1String("(s)")));
    plot.setMetric(ui::LatencyMetric::Tbt);
    QVERIFY(plot.yAxis->label().startsWith(QLatin1String("TBT")));
    QCOMPARE(plot.figureName(), QStringLiteral("serving-tbt"));
    // A point's tooltip names the system and carries units.
    const auto* g = plot.graph(0);
    const auto point = g->data()->begin();
    const QString tip = plot.tooltipAt({plot.xAxis->coordToPixel(point->key), plot.yAxis->coordToPixel(point->value)});
    QVERIFY2(tip.contains(sweep->curves[0].system) && tip.contains(QLatin1String("req/s")), qPrintable(tip));

    // The timeline of one run: queue, batch and KV occupancy with units.
    auto& timeline = view.timelinePlot();
    QVERIFY(graphsOfKind(timeline, "timeline") >= 3);
    QVERIFY(timeline.graph(0)->dataCount() > 1);
    QCOMPARE(timeline.xAxis->label(), QStringLiteral("Time (s)"));
    QVERIFY(timeline.yAxis2->label().contains(QLatin1String("(%)")));
  }

  void npusimRunShowsSramAndHbmOccupancy() {
    // NpuSim's KV manager: SRAM blocks and the HBM ring per pool, in percent, with the units in
    // the axis, the legend, the hover text and the table's keys.
    serving::ServingConfig config;
    config.workload.inputTokens = 1024;
    config.workload.outputTokens = 256;
    config.rate = 4;
    config.requests = 20;
    config.scheduler = "npusim";
    const auto run = serving::simulate(lib.system("npusim/large-64"), lib.model("qwen3-4b"), config);
    QVERIFY(run.feasible);
    QVERIFY(run.timeline.tieredKv);
    ui::ServingTimelinePlot plot;
    plot.setRun(QStringLiteral("NpuSim large-64"), 4, run);
    QStringList names;
    for (int i = 0; i < plot.graphCount(); ++i) names << plot.graph(i)->name();
    // Qwen3-4B's weights fill the 32 MB SRAM of every core: no SRAM blocks, and the legend says so.
    QVERIFY2(names.contains(QStringLiteral("SRAM KV, aggregated: 0 blocks")), qPrintable(names.join(u'|')));
    QVERIFY2(names.contains(QStringLiteral("HBM KV ring, aggregated (%)")), qPrintable(names.join(u'|')));
    QVERIFY(plot.yAxis2->label().contains(QLatin1String("(%")));
    QVERIFY(plot.yAxis2->label().contains(QLatin1String("SRAM")));
    const auto table = plot.table();
    QVERIFY(table.columns.contains(QStringLiteral("kv_sram_blocks_used_aggregated_fraction")));
    QVERIFY(table.columns.contains(QStringLiteral("kv_hbm_ring_reserved_aggregated_fraction")));
    // A run without a KV manager draws neither.
    plot.setRun(QStringLiteral("none"), 1, serving::ServingResult{});
    for (int i = 0; i < plot.graphCount(); ++i) QVERIFY(!plot.graph(i)->name().contains(QLatin1String("SRAM")));
  }

  void cancelStopsWithinASecond() {
    ui::ServingView view;
    view.setResults(results());
    ui::ServingSettings s;
    s.rates = {0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 6.4};
    s.requests = 20000; // minutes of simulation
    view.setSettings(s);
    QSignalSpy done(&view, &ui::ServingView::sweepFinished);
    view.start();
    QTest::qWait(300);
    QVERIFY(view.runner().running());
    QElapsedTimer clock;
    clock.start();
    view.cancel();
    QVERIFY(done.wait(5000));
    QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(view.sweep()->cancelled);
    QVERIFY(!view.runner().running());
  }

  void newResultsDropTheSweepUnderWay() {
    ui::ServingView view;
    view.setResults(results());
    ui::ServingSettings s = small();
    s.requests = 20000;
    view.setSettings(s);
    QSignalSpy done(&view, &ui::ServingView::sweepFinished);
    view.start();
    QTest::qWait(100);
    view.setResults(results()); // an edit: the sweep under way is of the old design
    QVERIFY(!view.runner().running());
    QVERIFY(view.stale());
    view.runner().wait();
    QTest::qWait(100);
    QCOMPARE(done.count(), 0);
    QVERIFY(!view.sweep());
  }

  void badRatesSayWhy() {
    ui::ServingView view;
    view.setResults(results());
    auto s = small();
    view.setSettings(s);
    view.findChild<QLineEdit*>()->setText(QStringLiteral("1, fast"));
    view.start();
    QVERIFY(!view.runner().running());
    QVERIFY2(view.status().contains(QLatin1String("\"fast\" is not a number")), qPrintable(view.status()));
    QString error;
    QVERIFY(!ui::parseRates(QStringLiteral("0, 1"), &error));
    QVERIFY(error.contains(QLatin1String("positive")));
    QCOMPARE(*ui::parseRates(QStringLiteral("4 1;2,2")), (std::vector<double>{1, 2, 4}));
  }

  void thePlotsStackInANarrowPane() {
    // In a results pane too narrow for both plots at their minimum (a 1366 x 768 laptop's), the
    // plots stand one above the other and the pane scrolls down; in a wide one, side by side.
    QScrollArea pane;
    pane.setWidgetResizable(true);
    auto* view = new ui::ServingView;
    pane.setWidget(view);
    auto* plots = view->findChild<QSplitter*>();
    QVERIFY(plots);
    pane.resize(740, 420);
    pane.show();
    QCoreApplication::processEvents();
    QCOMPARE(plots->orientation(), Qt::Vertical);
    QVERIFY2(view->width() <= pane.viewport()->width(), qPrintable(QString::number(view->width()))); // no sideways scroll
    pane.resize(1300, 420);
    QCoreApplication::processEvents();
    QCOMPARE(plots->orientation(), Qt::Horizontal);
    pane.resize(740, 420);
    QCoreApplication::processEvents();
    QCOMPARE(plots->orientation(), Qt::Vertical);
  }

  void exportWritesValidFiles() {
    ui::ServingView view;
    view.setResults(results());
    view.setSettings(small());
    QSignalSpy done(&view, &ui::ServingView::sweepFinished);
    view.start();
    QVERIFY(done.wait(120000));
    QTemporaryDir dir;
    QString error;
    for (ui::PlotView* plot : std::initializer_list<ui::PlotView*>{&view.latencyPlot(), &view.timelinePlot()}) {
      const QString stem = dir.filePath(plot->figureName());
      QVERIFY2(ui::exportFigure(*plot, stem + ".png", ui::FigureFormat::Png, 1200, 800, 96, &error), qPrintable(error));
      const QImage image(stem + ".png");
      QCOMPARE(image.size(), QSize(1200, 800));
      QSet<QRgb> colours;
      for (int y = 0; y < image.height(); y += 9)
        for (int x = 0; x < image.width(); x += 9) colours.insert(image.pixel(x, y));
      QVERIFY(colours.size() > 5);
      QVERIFY2(ui::exportFigure(*plot, stem + ".pdf", ui::FigureFormat::Pdf, 1200, 800, 96, &error), qPrintable(error));
      QVERIFY(readAll(stem + ".pdf").startsWith("%PDF-"));
      QVERIFY2(ui::exportFigure(*plot, stem + ".svg", ui::FigureFormat::Svg, 1200, 800, 96, &error), qPrintable(error));
      QFile svg(stem + ".svg");
      QVERIFY(svg.open(QIODevice::ReadOnly));
      QXmlStreamReader xml(&svg);
      QVERIFY(xml.readNextStartElement());
      QCOMPARE(xml.name().toString(), QStringLiteral("svg"));
      while (!xml.atEnd()) xml.readNext();
      QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
      const auto table = plot->table();
      QVERIFY(ui::exportData(table, stem + ".csv", ui::DataFormat::Csv, &error));
      QVERIFY(ui::exportData(table, stem + ".json", ui::DataFormat::Json, &error));
      QCOMPARE(QString::fromUtf8(readAll(stem + ".csv")).split('\n', Qt::SkipEmptyParts).size(), table.rows.size() + 1);
      const auto rows = QJsonDocument::fromJson(readAll(stem + ".json")).object().value(QStringLiteral("rows")).toArray();
      QCOMPARE(rows.size(), table.rows.size());
      QVERIFY(!rows.isEmpty());
    }
    // Latency table: one row per system and rate, units in the column names.
    const auto table = view.latencyPlot().table();
    QCOMPARE(table.rows.size(), 9);
    for (const char* column : {"rate_req_per_s", "ttft_p99_s", "tbt_p50_s", "e2e_p99_s"})
      QVERIFY2(table.columns.contains(QLatin1String(column)), column);
  }
};

QTEST_MAIN(TestServingView)
#include "tst_serving_view.moc"
