// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Serving view: latency (TTFT, TBT, E2E; p50 and p99) against request rate for the design and
// each comparison system, and the timeline of one run. A controls row (scheduler, rates,
// requests, seed) sets up the sweep; it runs in the background (ServingRunner) with a progress bar
// and Cancel. New results (an edit) make the sweep stale: one under way is dropped, and the view
// sweeps again when it is shown.

#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/serving/serving_runner.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace llmwb::ui {

class ServingLatencyPlot;
class ServingTimelinePlot;

class ServingView : public QWidget {
  Q_OBJECT
public:
  explicit ServingView(QWidget* parent = nullptr);

  /// The design and its comparisons to sweep; the shown sweep becomes stale.
  void setResults(std::shared_ptr<const ProjectResults> results);
  /// Another project: the sweep and the plots are cleared.
  void clear();

  void setSettings(const ServingSettings& settings);
  /// The controls' settings; nullopt (and the status says why) when the rates do not parse.
  std::optional<ServingSettings> settings();

  /// The sweep shown (null: none); `stale` when the design changed since.
  std::shared_ptr<const ServingSweep> sweep() const { return mSweep; }
  bool stale() const { return mStale; }

  ServingRunner& runner() { return *mRunner; }
  ServingLatencyPlot& latencyPlot() { return *mLatency; }
  ServingTimelinePlot& timelinePlot() { return *mTimeline; }
  QString status() const;

public slots:
  void start();
  void cancel();

signals:
  void sweepFinished();

protected:
  void showEvent(QShowEvent* event) override;

private:
  void finished(const std::shared_ptr<const ServingSweep>& sweep);
  void setRunning(bool running);
  void showTimeline(int choice);

  ServingRunner* mRunner;
  std::shared_ptr<const ProjectResults> mResults;
  std::shared_ptr<const ServingSweep> mSweep;
  bool mStale = false;
  QComboBox* mScheduler;
  QLineEdit* mRates;
  QSpinBox* mRequests;
  QSpinBox* mSeed;
  QPushButton* mStart;
  QPushButton* mCancel;
  QProgressBar* mProgress;
  QLabel* mStatus;
  QComboBox* mMetric;
  QComboBox* mPercentiles;
  QComboBox* mTimelineRun;
  ServingLatencyPlot* mLatency;
  ServingTimelinePlot* mTimeline;
};

} // namespace llmwb::ui
