// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/serving/serving_latency_plot.h"

#include <QActionGroup>
#include <QMenu>

#include <algorithm>
#include <cmath>

namespace llmwb::ui {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
QString seconds(double s) { return withPrefix(s, QStringLiteral("s")); }
} // namespace

ServingLatencyPlot::ServingLatencyPlot(QWidget* parent) : PlotView(parent) {
  addTitleRow();
  placeLegendBelow(2);
  setAutoAddPlottableToLegend(false);
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
}

void ServingLatencyPlot::setSweep(ServingSweep sweep) {
  mSweep = std::move(sweep);
  refresh();
}

void ServingLatencyPlot::setMetric(LatencyMetric metric) {
  mMetric = metric;
  refresh();
}

void ServingLatencyPlot::setPercentiles(Percentiles p) {
  mPercentiles = p;
  refresh();
}

QString ServingLatencyPlot::figureName() const { return QStringLiteral("serving-") + metricStem(mMetric); }

void ServingLatencyPlot::rebuild() {
  clearPlottables();
  clearItems();
  legend->clearItems();
  const PlotTheme& t = theme();
  const QString metric = metricName(mMetric);
  xAxis->setLabel(tr("Request rate (req/s)"));
  const QString which = mPercentiles == Percentiles::P50 ? QStringLiteral("p50")
                        : mPercentiles == Percentiles::P99 ? QStringLiteral("p99")
                                                           : QStringLiteral("p50, p99");
  yAxis->setLabel(tr("%1 %2 (s)").arg(metric, which));
  makeLogAxis(*yAxis);
  xAxis->setScaleType(QCPAxis::stLinear);
  // Rates such as 0.0033 req/s have long labels: a few ticks, or they run together.
  auto ticker = QSharedPointer<QCPAxisTicker>(new QCPAxisTicker);
  ticker->setTickCount(4);
  xAxis->setTicker(ticker);
  xAxis->setNumberFormat(QStringLiteral("gb"));

  const auto& s = mSweep.settings;
  // Often shown in half a results pane: lines wrapped.
  setTitle(mSweep.empty() ? tr("Serving: no sweep yet (Run)")
                          : tr("Serving %1 against request rate%2").arg(metric, mSweep.cancelled ? tr(" (cancelled: partial)") : QString()) +
                                QLatin1Char('\n') + wrapLabel(mSweep.title, 44) + QLatin1Char('\n') +
                                wrapLabel(tr("%1 scheduler · %2 requests · seed %3").arg(q(s.scheduler)).arg(s.requests).arg(s.seed), 44));

  std::vector<LatencyPercentile> shown;
  if (mPercentiles != Percentiles::P99) shown.push_back(LatencyPercentile::P50);
  if (mPercentiles != Percentiles::P50) shown.push_back(LatencyPercentile::P99);
  double xMax = 0, yMin = 1e300, yMax = 0;
  for (std::size_t c = 0; c < mSweep.curves.size(); ++c) {
    const auto& curve = mSweep.curves[c];
    const QColor color = curve.design ? t.foreground : seriesColor(int(c) - 1, t.dark);
    for (auto p : shown) {
      auto* g = addGraph();
      g->setProperty(kKindProperty, "latency");
      g->setProperty("llmwb.system", int(c));
      g->setProperty("llmwb.percentile", percentileName(p));
      const bool dashed = p == LatencyPercentile::P99 && shown.size() == 2;
      g->setPen(QPen(color, curve.design ? 2.6 : 1.8, dashed ? Qt::DashLine : Qt::SolidLine));
      const auto shape = p == LatencyPercentile::P50 ? QCPScatterStyle::ssDisc : QCPScatterStyle::ssTriangle;
      g->setScatterStyle(QCPScatterStyle(shape, QPen(color, 1), QBrush(color), 7));
      // The legend names each system once (its colour); the percentiles have their own key.
      g->setName(wrapLabel(curve.system, 24));
      if (p == shown.front()) g->addToLegend(legend);
      for (std::size_t i = 0; i < curve.runs.size(); ++i) {
        const auto& run = curve.runs[i];
        const double x = i < s.rates.size() ? s.rates[i] : 0;
        xMax = std::max(xMax, x);
        if (!hasLatency(run)) continue;
        const double y = latencyOf(run, mMetric, p);
        if (!(y > 0)) continue;
        g->addData(x, y);
        const auto& stats = statsOf(run, mMetric);
        yMin = std::min(yMin, y);
        yMax = std::max(yMax, y);
        addHoverPoint({xAxis, yAxis, x, y,
                       tr("<b>%1</b> at %2 req/s<br>%3 p50 %4 · p90 %5 · p99 %6 (mean %7)<br>"
                          "completed %8 of %9 requests in %10<br>throughput %11 req/s, %12 tokens/s")
                           .arg(curve.system.toHtmlEscaped(), QString::number(x, 'g', 4), metric, seconds(stats.p50.value()),
                                seconds(stats.p90.value()), seconds(stats.p99.value()), seconds(stats.mean.value()))
                           .arg(run.completed)
                           .arg(run.requests)
                           .arg(seconds(run.makespan.value()), QString::number(run.requestsPerSecond, 'g', 3),
                                QString::number(run.outputTokensPerSecond, 'g', 3)),
                       c});
      }
    }
  }
  if (shown.size() == 2) {
    for (auto p : shown) {
      auto* key = addGraph();
      key->setProperty(kKindProperty, "legend-key");
      const bool dashed = p == LatencyPercentile::P99;
      key->setPen(QPen(t.foreground, 1.6, dashed ? Qt::DashLine : Qt::SolidLine));
      key->setScatterStyle(QCPScatterStyle(dashed ? QCPScatterStyle::ssTriangle : QCPScatterStyle::ssDisc, QPen(t.foreground),
                                           QBrush(t.foreground), 7));
      key->setName(dashed ? tr("p99 (dashed, triangles)") : tr("p50 (solid, discs)"));
      key->addToLegend(legend);
    }
  }
  // Rates spanning a decade or more (0.001 to 0.1 req/s) on a log axis, where a linear one from 0
  // crowds the low rates at its left edge; otherwise linear from the lowest rate.
  double xMin = xMax;
  for (double r : s.rates)
    if (r > 0) xMin = std::min(xMin, r);
  if (xMax > 0 && xMax / xMin >= 10) {
    makeLogAxis(*xAxis);
    xAxis->setRange(xMin / 1.3, xMax * 1.3);
  } else {
    const double pad = xMax > xMin ? (xMax - xMin) * 0.05 : std::max(xMax * 0.05, 0.05);
    xAxis->setRange(std::max(0.0, xMin - pad), xMax > 0 ? xMax + pad : 1);
  }
  if (yMax > 0) yAxis->setRange(std::pow(10, std::floor(std::log10(yMin / 1.5))), std::pow(10, std::ceil(std::log10(yMax * 1.5))));
  else yAxis->setRange(1e-3, 10);
}

void ServingLatencyPlot::addContextActions(QMenu& menu) {
  auto* metrics = new QActionGroup(&menu);
  for (auto m : {LatencyMetric::Ttft, LatencyMetric::Tbt, LatencyMetric::E2e}) {
    auto* a = menu.addAction(metricName(m), this, [this, m] { setMetric(m); });
    a->setCheckable(true);
    a->setChecked(m == mMetric);
    metrics->addAction(a);
  }
  menu.addSeparator();
  auto* percentiles = new QActionGroup(&menu);
  const std::pair<Percentiles, QString> choices[] = {{Percentiles::P50, tr("p50")}, {Percentiles::P99, tr("p99")}, {Percentiles::Both, tr("p50 and p99")}};
  for (const auto& [p, label] : choices) {
    auto* a = menu.addAction(label, this, [this, p = p] { setPercentiles(p); });
    a->setCheckable(true);
    a->setChecked(p == mPercentiles);
    percentiles->addAction(a);
  }
}

PlotTable ServingLatencyPlot::table() const {
  PlotTable t;
  t.title = tr("Serving latency against request rate: %1").arg(mSweep.title);
  t.columns = {QStringLiteral("system"), QStringLiteral("comparison"), QStringLiteral("rate_req_per_s")};
  for (auto m : {LatencyMetric::Ttft, LatencyMetric::Tbt, LatencyMetric::E2e})
    for (const char* stat : {"mean", "p50", "p90", "p99"}) t.columns << metricStem(m) + QLatin1Char('_') + QLatin1String(stat) + QStringLiteral("_s");
  t.columns << QStringLiteral("requests") << QStringLiteral("completed") << QStringLiteral("makespan_s")
            << QStringLiteral("throughput_req_per_s") << QStringLiteral("output_tokens_per_s") << QStringLiteral("feasible")
            << QStringLiteral("reason");
  const auto& rates = mSweep.settings.rates;
  for (const auto& curve : mSweep.curves)
    for (std::size_t i = 0; i < curve.runs.size(); ++i) {
      const auto& run = curve.runs[i];
      QVariantList row{curve.system, !curve.design, i < rates.size() ? rates[i] : 0.0};
      for (const auto* stats : {&run.ttft, &run.tbt, &run.e2e})
        for (auto v : {stats->mean, stats->p50, stats->p90, stats->p99}) row << (hasLatency(run) ? QVariant(v.value()) : QVariant());
      row << run.requests << run.completed << run.makespan.value() << run.requestsPerSecond << run.outputTokensPerSecond
          << run.feasible << q(run.reason);
      t.addRow(std::move(row));
    }
  return t;
}

} // namespace llmwb::ui
