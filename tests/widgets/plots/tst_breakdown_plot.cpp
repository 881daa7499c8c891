// SPDX-License-Identifier: GPL-3.0-or-later
// Breakdowns add up to the evaluation: class bars to the operators, area bars to the package.
#include "core/io/preset_library.h"
#include "core/engine/evaluate.h"
#include "widgets/plots/breakdown_plot.h"

#include <QTest>

#include <map>
#include <numeric>
#include <tuple>

using namespace llmwb;

namespace {
/// The class breakdown of `system` on screen at `size`, after the queued replots of its fit.
void showClassBreakdown(ui::BreakdownPlot& plot, QSize size, const char* system, const char* model, const char* workload,
                        const char* name) {
  const PresetLibrary lib({LLMWB_TEST_PRESETS});
  const auto r = evaluate(lib.system(system), lib.model(model), lib.workload(workload));
  plot.resize(size);
  plot.show();
  plot.setData(ui::classBreakdown(r, QString::fromUtf8(name)));
  for (int i = 0; i < 6; ++i) QCoreApplication::processEvents();
}
} // namespace

namespace {
double total(const ui::BarPanel& panel) {
  double sum = 0;
  for (const auto& s : panel.series) sum = std::accumulate(s.values.begin(), s.values.end(), sum);
  return sum;
}
} // namespace

class TestBreakdownPlot : public QObject {
  Q_OBJECT
private slots:
  void classBarsAddUpToThePhase() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto r = evaluate(lib.system("memexplorer/p1d1"), lib.model("llama-3.3-70b"), lib.workload("osworld"));
    const auto data = ui::classBreakdown(r, QStringLiteral("P1+D1"));
    QCOMPARE(data.panels.size(), std::size_t(4)); // latency and energy, prefill and decode
    double prefillTime = 0, decodeEnergy = 0;
    for (const auto& op : r.prefill.operators) prefillTime += op.time.value();
    for (const auto& op : r.decode.operators) decodeEnergy += op.energy.value();
    QCOMPARE(total(data.panels[0]), prefillTime);
    QCOMPARE(total(data.panels[3]), decodeEnergy);
    QVERIFY(data.panels[0].quantity == ui::BarQuantity::Time);

    ui::BreakdownPlot plot;
    plot.setData(data);
    std::size_t series = 0;
    for (const auto& p : data.panels) series += p.series.size();
    QCOMPARE(std::size_t(plot.plottableCount()), series);
    QCOMPARE(plot.axisRects().size(), 4);
    for (auto* rect : plot.axisRects()) {
      const QString label = rect->axis(QCPAxis::atLeft)->label();
      QVERIFY2(label.contains(QLatin1Char('(')) && label.endsWith(QLatin1Char(')')), qPrintable(label)); // a unit
    }
  }

  void onScreenEveryBarAndTotalIsInside() {
    // The value axes reach above the tallest bar with room for its total, on screen as in a
    // figure (the axes once kept QCustomPlot's default 0..5 on screen).
    ui::BreakdownPlot plot;
    showClassBreakdown(plot, {700, 420}, "memexplorer/p1d1", "llama-3.3-70b", "osworld", "P1+D1");
    for (int i = 0; i < plot.itemCount(); ++i) {
      auto* total = qobject_cast<QCPItemText*>(plot.item(i));
      if (!total) continue;
      QCPAxis* values = total->position->valueAxis();
      const double top = values->coordToPixel(total->position->coords().y()) - QFontMetricsF(total->font()).height();
      QVERIFY2(top >= values->axisRect()->top() - 1, qPrintable(total->text()));
      QCOMPARE(total->rotation(), 0.0); // level on screen
    }
  }

  void onScreenTotalsNeitherOverlapNorLeaveTheirPanel() {
    // DUET's breakdown in a 1366 x 768 pane: six categories per panel in ~330 px, totals up to
    // "8.38 kJ" wide. They ran into each other and were cut at the panels' edges, and the heading
    // (its own cell, 725 px of text in 721) was cut at both ends. Now the larger totals are kept,
    // moved inwards at an edge, the others hidden (the tooltips give them); the heading wraps.
    ui::BreakdownPlot plot;
    showClassBreakdown(plot, {740, 390}, "duet/system", "nemotron-h-56b", "arxiv", "DUET (prefill package + decode package)");
    std::map<QCPAxisRect*, std::vector<std::tuple<double, double, double>>> shown; // left, right, stack
    std::map<QCPAxisRect*, double> largest;
    for (int i = 0; i < plot.itemCount(); ++i) {
      auto* total = qobject_cast<QCPItemText*>(plot.item(i));
      if (!total) continue;
      QCPAxisRect* rect = total->position->valueAxis()->axisRect();
      const double stack = total->property("llmwb.stack").toDouble();
      largest[rect] = std::max(largest[rect], stack);
      if (!total->visible()) continue;
      const double width = QFontMetricsF(total->font()).horizontalAdvance(total->text());
      const double centre = total->position->pixelPosition().x();
      QVERIFY2(centre - width / 2 >= rect->left() - 1 && centre + width / 2 <= rect->right() + 1, qPrintable(total->text()));
      for (const auto& [left, right, other] : shown[rect])
        QVERIFY2(centre + width / 2 <= left || centre - width / 2 >= right, qPrintable(total->text()));
      shown[rect].emplace_back(centre - width / 2, centre + width / 2, stack);
    }
    QCOMPARE(shown.size(), largest.size());
    for (const auto& [rect, totals] : shown) // the tallest bar always keeps its total
      QVERIFY(std::any_of(totals.begin(), totals.end(), [&](const auto& t) { return std::get<2>(t) == largest[rect]; }));
    for (auto* e : plot.plotLayout()->elements(true))
      if (auto* heading = qobject_cast<QCPTextElement*>(e))
        for (const QString& line : heading->text().split(QLatin1Char('\n')))
          QVERIFY2(QFontMetricsF(heading->font()).horizontalAdvance(line) <= heading->outerRect().width(), qPrintable(line));
  }

  void onScreenMemoryLevelsLeaveThePanelsRoom() {
    // The memory breakdown in a 1366 x 768 pane: each level's name and technology on three
    // slanted lines ("on-chip / systolic-array / buffer x3120") left its bars 20 px of height. On
    // screen a level is named by its level alone when the whole does not fit (the tooltip has
    // the technology); a printed figure keeps both.
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto r = evaluate(lib.system("duet/system"), lib.model("nemotron-h-56b"), lib.workload("arxiv"));
    ui::BreakdownPlot plot;
    plot.resize(740, 390);
    plot.show();
    plot.setData(ui::memoryBreakdown(r, QStringLiteral("DUET")));
    for (int i = 0; i < 6; ++i) QCoreApplication::processEvents();
    QCOMPARE(plot.axisRects().size(), 4);
    for (auto* rect : plot.axisRects()) {
      QVERIFY2(rect->height() >= 60, qPrintable(QString::number(rect->height())));
      auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(rect->axis(QCPAxis::atBottom)->ticker());
      QVERIFY(ticker);
      QCOMPARE(ticker->ticks().values(), (QList<QString>{QStringLiteral("on-chip"), QStringLiteral("L1")}));
    }
    plot.beginFigureLayout(QSize(500, 360));
    auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(plot.axisRects().front()->axis(QCPAxis::atBottom)->ticker());
    QVERIFY(ticker && ticker->ticks().first().contains(QLatin1Char('\n'))); // the technology too
    plot.endFigureLayout();
  }

  void manyCategoriesStandUprightWhenSlantedOnesWouldRunTogether() {
    // Nineteen categories (Snake's Fig. 13 mode shares) in a laptop's pane: at 30 degrees the
    // labels were closer than a line and ran together; upright they keep apart. Wide, they slant.
    ui::BreakdownData data;
    data.name = QStringLiteral("shares");
    ui::BarPanel panel;
    panel.quantity = ui::BarQuantity::Share;
    panel.axisName = QStringLiteral("Share");
    ui::BarSeries series{QStringLiteral("IS-S"), ui::BarColour::Series, 0, {}};
    for (int c = 0; c < 19; ++c) {
      panel.categories << QStringLiteral("B64 / %1K").arg(c);
      series.values.push_back(100);
    }
    panel.series.push_back(series);
    data.panels.push_back(panel);
    auto rotationAt = [&](QSize size) {
      ui::BreakdownPlot plot;
      plot.resize(size);
      plot.show();
      plot.setData(data);
      for (int i = 0; i < 6; ++i) QCoreApplication::processEvents();
      auto* categories = plot.axisRects().front()->axis(QCPAxis::atBottom);
      const double slot = std::abs(categories->coordToPixel(2) - categories->coordToPixel(1));
      const double line = QFontMetricsF(categories->tickLabelFont()).height();
      return std::pair{categories->tickLabelRotation(), slot / line};
    };
    const auto [narrow, narrowSlot] = rotationAt({600, 400});
    QCOMPARE(narrow, 90.0);
    QVERIFY(narrowSlot >= 1); // upright, a line per slot
    const auto [wide, wideSlot] = rotationAt({1800, 400});
    QCOMPARE(wide, 30.0);
    QVERIFY(wideSlot * 0.5 >= 0.9); // slanted, most of a line across them
  }

  void memoryLevelsShowEveryLevel() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto r = evaluate(lib.system("memexplorer/p1d1"), lib.model("llama-3.3-70b"), lib.workload("osworld"));
    const auto data = ui::memoryBreakdown(r, QStringLiteral("P1+D1"));
    QCOMPARE(data.panels.front().categories.size(), qsizetype(r.prefill.levels.size()));
    double read = 0;
    for (const auto& l : r.decode.levels) read += l.read.value() + l.written.value();
    QCOMPARE(total(data.panels[2]), read);
  }

  void areaOfChipletPackages() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    QVERIFY(ui::areaBreakdown(lib.system("memexplorer/p1d1")).empty()); // no packages
    const auto system = lib.system("duet/system");
    const auto data = ui::areaBreakdown(system);
    QCOMPARE(data.panels.size(), std::size_t(1));
    const auto r = evaluate(system, lib.model("nemotron-h-56b"), lib.workload("arxiv"));
    const auto& panel = data.panels.front();
    QCOMPARE(panel.categories.size(), qsizetype(2));
    // The parts of each bar add up to the interposer area the evaluation reports.
    for (std::size_t c = 0; c < 2; ++c) {
      double sum = 0;
      for (const auto& s : panel.series) sum += s.values[c];
      QVERIFY(std::abs(sum - r.devices[c].interposerArea.value()) < 1e-6 * sum);
    }
    ui::BreakdownPlot plot;
    plot.setData(data);
    QVERIFY(plot.axisRects().front()->axis(QCPAxis::atLeft)->label().contains(QStringLiteral("mm²")));
  }
};

QTEST_MAIN(TestBreakdownPlot)
#include "tst_breakdown_plot.moc"
