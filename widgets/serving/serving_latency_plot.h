// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Latency (TTFT, TBT or E2E; p50, p99 or both) against request rate, one curve per system: the
// design solid and thick, each comparison in its own colour. Log latency axis: latency grows by
// orders of magnitude once a system saturates.

#include "widgets/plots/plot_view.h"
#include "widgets/serving/serving_data.h"

namespace llmwb::ui {

class ServingLatencyPlot : public PlotView {
  Q_OBJECT
public:
  enum class Percentiles { P50, P99, Both };

  explicit ServingLatencyPlot(QWidget* parent = nullptr);

  void setSweep(ServingSweep sweep);
  const ServingSweep& sweep() const { return mSweep; }
  void setMetric(LatencyMetric metric);
  LatencyMetric metric() const { return mMetric; }
  void setPercentiles(Percentiles p);
  Percentiles percentiles() const { return mPercentiles; }

  /// Every run of every system with all its latencies (the table is the same for every metric).
  PlotTable table() const override;
  QString figureName() const override; ///< "serving-ttft", "serving-tbt", "serving-e2e"

  /// Graph kinds, as the "llmwb.kind" property of each QCPGraph ("latency"); "llmwb.system" holds
  /// the curve's index.
  static constexpr const char* kKindProperty = "llmwb.kind";

protected:
  void rebuild() override;
  void addContextActions(QMenu& menu) override;

private:
  ServingSweep mSweep;
  LatencyMetric mMetric = LatencyMetric::Ttft;
  Percentiles mPercentiles = Percentiles::Both;
};

} // namespace llmwb::ui
