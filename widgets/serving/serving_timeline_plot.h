// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The timeline of one serving run: requests queued and sequences in the running batch (left
// axis), and the KV-cache occupancy of each device group (pool) in percent (right axis), as steps
// over time. NpuSim runs add their KV manager's tiers: SRAM blocks in use and HBM ring reserved.

#include "widgets/plots/plot_view.h"
#include "widgets/serving/serving_data.h"

namespace llmwb::ui {

class ServingTimelinePlot : public PlotView {
  Q_OBJECT
public:
  explicit ServingTimelinePlot(QWidget* parent = nullptr);

  /// The run of `system` at `rate` (req/s).
  void setRun(const QString& system, double rate, serving::ServingResult run);
  void clear();
  const serving::ServingResult& run() const { return mRun; }

  PlotTable table() const override;
  QString figureName() const override { return QStringLiteral("serving-timeline"); }

protected:
  void rebuild() override;

private:
  QString mSystem;
  double mRate = 0;
  serving::ServingResult mRun;
  bool mHasRun = false;
};

/// The design's run at the middle rate of the sweep, the one a timeline shows first; nullopt when
/// the sweep has none. Returns {curve index, run index}.
std::optional<std::pair<std::size_t, std::size_t>> defaultTimelineRun(const ServingSweep& sweep);

} // namespace llmwb::ui
