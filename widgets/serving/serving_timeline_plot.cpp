// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/serving/serving_timeline_plot.h"

#include <algorithm>

namespace llmwb::ui {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
} // namespace

ServingTimelinePlot::ServingTimelinePlot(QWidget* parent) : PlotView(parent) {
  addTitleRow();
  placeLegendBelow(2);
  setAutoAddPlottableToLegend(false);
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  axisRect()->setRangeZoom(Qt::Horizontal);
  axisRect()->setRangeDrag(Qt::Horizontal);
}

void ServingTimelinePlot::setRun(const QString& system, double rate, serving::ServingResult run) {
  mSystem = system;
  mRate = rate;
  mRun = std::move(run);
  mHasRun = true;
  refresh();
}

void ServingTimelinePlot::clear() {
  mRun = {};
  mHasRun = false;
  refresh();
}

void ServingTimelinePlot::rebuild() {
  clearPlottables();
  clearItems();
  legend->clearItems();
  const PlotTheme& t = theme();
  xAxis->setLabel(tr("Time (s)"));
  xAxis->ticker()->setTickCount(5);
  yAxis->setLabel(tr("Requests (count)"));
  yAxis2->setVisible(true);
  yAxis2->setLabel(tr("KV cache occupancy (%)"));
  yAxis2->setRange(0, 105);
  for (auto* axis : {xAxis, yAxis}) axis->setNumberFormat(QStringLiteral("gb"));
  const auto& samples = mRun.timeline.samples;
  setTitle(!mHasRun ? tr("Timeline: no run yet")
                    : tr("Timeline at %1 req/s").arg(QString::number(mRate, 'g', 4)) + QLatin1Char('\n') + wrapLabel(mSystem, 44) +
                          QLatin1Char('\n') + tr("%1 of %2 requests completed in %3")
                                                  .arg(mRun.completed)
                                                  .arg(mRun.requests)
                                                  .arg(withPrefix(mRun.makespan.value(), QStringLiteral("s"))));
  if (samples.empty()) {
    xAxis->setRange(0, 1);
    yAxis->setRange(0, 1);
    return;
  }
  QVector<double> time, queued, running;
  for (const auto& s : samples) {
    time << s.time.value();
    queued << s.queued;
    running << s.running;
  }
  auto step = [&](const QString& name, const QVector<double>& values, QCPAxis* axis, const QPen& pen) {
    auto* g = addGraph(xAxis, axis);
    g->setProperty("llmwb.kind", "timeline");
    g->setName(name);
    g->setLineStyle(QCPGraph::lsStepLeft);
    g->setPen(pen);
    g->setData(time, values, true);
    g->addToLegend(legend);
    return g;
  };
  step(tr("queued\n(requests)"), queued, yAxis, QPen(seriesColor(0, t.dark), 1.8));
  step(tr("running batch\n(sequences)"), running, yAxis, QPen(t.foreground, 1.8));
  const auto& pools = mRun.timeline.pools;
  for (std::size_t p = 0; p < std::min(pools.size(), serving::kMaxTimelinePools); ++p) {
    QVector<double> kv;
    for (const auto& s : samples) kv << s.kvOccupancy[p] * 100.0;
    QColor color = memoryLevelColor(int(p) + 1, t.dark);
    step(tr("KV, %1 (%)").arg(q(pools[p])), kv, yAxis2, QPen(color, 1.6, Qt::DashLine));
  }
  // NpuSim's KV manager (spec B.8): SRAM blocks in use and the HBM ring reserved, per pool.
  const bool tiered = mRun.timeline.tieredKv;
  if (tiered) {
    yAxis2->setLabel(tr("KV occupancy (%, SRAM / HBM)"));
    for (std::size_t p = 0; p < std::min(pools.size(), serving::kMaxTimelinePools); ++p) {
      QVector<double> sram, hbm;
      for (const auto& s : samples) {
        sram << s.sramKvOccupancy[p] * 100.0;
        hbm << s.hbmKvOccupancy[p] * 100.0;
      }
      const auto& tl = mRun.timeline;
      // No blocks at all: the weights fill the SRAM (the hover and docs/npusim.md say so).
      const QString sramName = tl.sramKvBlocks[p] > 0 ? tr("SRAM KV blocks, %1 (%)").arg(q(pools[p]))
                                                      : tr("SRAM KV, %1: 0 blocks").arg(q(pools[p]));
      step(sramName, sram, yAxis2, QPen(seriesColor(2, t.dark), 1.6, p == 0 ? Qt::SolidLine : Qt::DashDotLine));
      step(tr("HBM KV ring, %1 (%)").arg(q(pools[p])), hbm, yAxis2, QPen(seriesColor(3, t.dark), 1.6, p == 0 ? Qt::SolidLine : Qt::DashDotLine));
    }
  }
  const double top = std::max(*std::max_element(queued.begin(), queued.end()), *std::max_element(running.begin(), running.end()));
  xAxis->setRange(0, std::max(time.back(), 1e-9));
  yAxis->setRange(0, std::max(1.0, top * 1.08));
  // Hover: the state at a few hundred instants is enough to read the plot.
  const std::size_t stride = std::max<std::size_t>(1, samples.size() / 400);
  for (std::size_t i = 0; i < samples.size(); i += stride) {
    const auto& s = samples[i];
    QString kv;
    for (std::size_t p = 0; p < std::min(pools.size(), serving::kMaxTimelinePools); ++p) {
      kv += tr("<br>KV %1: %2 % of the pool's bytes").arg(q(pools[p])).arg(s.kvOccupancy[p] * 100.0, 0, 'f', 1);
      if (tiered && mRun.timeline.sramKvBlocks[p] == 0)
        kv += tr("<br>&nbsp;&nbsp;no SRAM KV blocks: the weights fill the %1 pool's SRAM").arg(q(pools[p]));
      if (tiered)
        kv += tr("<br>&nbsp;&nbsp;SRAM blocks %1 % of %2 (%3 tokens each) · HBM ring reserved %4 % of %5 tokens, spilled into it %6 %")
                  .arg(s.sramKvOccupancy[p] * 100.0, 0, 'f', 1)
                  .arg(mRun.timeline.sramKvBlocks[p])
                  .arg(mRun.timeline.sramKvBlockTokens[p])
                  .arg(s.hbmKvOccupancy[p] * 100.0, 0, 'f', 1)
                  .arg(mRun.timeline.hbmKvRingTokens[p])
                  .arg(s.hbmKvSpilled[p] * 100.0, 0, 'f', 2);
    }
    const QString text = tr("<b>t = %1</b><br>queued %2 · running %3%4")
                             .arg(withPrefix(s.time.value(), QStringLiteral("s")))
                             .arg(s.queued)
                             .arg(s.running)
                             .arg(kv);
    addHoverPoint({xAxis, yAxis, s.time.value(), double(s.running), text, i});
    addHoverPoint({xAxis, yAxis, s.time.value(), double(s.queued), text, i});
  }
}

PlotTable ServingTimelinePlot::table() const {
  PlotTable t;
  t.title = tr("Serving timeline: %1 at %2 req/s").arg(mSystem, QString::number(mRate, 'g', 4));
  t.columns = {QStringLiteral("time_s"), QStringLiteral("queued_requests"), QStringLiteral("running_sequences")};
  const auto& pools = mRun.timeline.pools;
  for (std::size_t p = 0; p < std::min(pools.size(), serving::kMaxTimelinePools); ++p)
    t.columns << QStringLiteral("kv_occupancy_%1_fraction").arg(q(pools[p]));
  const bool tiered = mRun.timeline.tieredKv;
  if (tiered)
    for (std::size_t p = 0; p < std::min(pools.size(), serving::kMaxTimelinePools); ++p)
      t.columns << QStringLiteral("kv_sram_blocks_used_%1_fraction").arg(q(pools[p]))
                << QStringLiteral("kv_hbm_ring_reserved_%1_fraction").arg(q(pools[p]))
                << QStringLiteral("kv_hbm_ring_spilled_%1_fraction").arg(q(pools[p]));
  for (const auto& s : mRun.timeline.samples) {
    QVariantList row{s.time.value(), s.queued, s.running};
    for (std::size_t p = 0; p < std::min(pools.size(), serving::kMaxTimelinePools); ++p) row << s.kvOccupancy[p];
    if (tiered)
      for (std::size_t p = 0; p < std::min(pools.size(), serving::kMaxTimelinePools); ++p)
        row << s.sramKvOccupancy[p] << s.hbmKvOccupancy[p] << s.hbmKvSpilled[p];
    t.addRow(std::move(row));
  }
  return t;
}

std::optional<std::pair<std::size_t, std::size_t>> defaultTimelineRun(const ServingSweep& sweep) {
  for (std::size_t c = 0; c < sweep.curves.size(); ++c) {
    const auto& runs = sweep.curves[c].runs;
    if (!sweep.curves[c].design || runs.empty()) continue;
    return std::pair{c, runs.size() / 2};
  }
  if (!sweep.curves.empty() && !sweep.curves.front().runs.empty()) return std::pair{std::size_t(0), std::size_t(0)};
  return std::nullopt;
}

} // namespace llmwb::ui
