// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Snake view: three tabs. "Logic die": the operator, batch and context, the die with the
// chosen plan, and every fixed mode's time for comparison. "Mode shares": Fig. 13 over the grid of
// batches x contexts, scheduled on a worker thread. "Power and area": the die's power split and area.

#include "widgets/snake/snake_die_data.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QSpinBox;
class QTabWidget;

namespace llmwb::ui {

class BreakdownPlot;
struct ProjectResults;
class SnakeDiePlot;

class SnakeView : public QWidget {
  Q_OBJECT
public:
  explicit SnakeView(QWidget* parent = nullptr);
  ~SnakeView() override;
  void setRequest(std::shared_ptr<const EvaluationRequest> request);
  /// The newest results: the schedule their decode group's model makes (nothing when none does).
  void setResults(const std::shared_ptr<const ProjectResults>& results);

  SnakeDiePlot* diePlot() const { return mDie; }
  BreakdownPlot* sharesPlot() const { return mShares; }
  BreakdownPlot* powerPlot() const { return mPower; }
  QComboBox* operatorBox() const { return mOperator; }
  QTabWidget* tabs() const { return mTabs; }
  bool sharesRunning() const { return mWatcher.isRunning(); }

private:
  void updateDie();
  void restart(); ///< a new request or results: the die and the mode shares again
  void startShares();
  std::shared_ptr<const EvaluationRequest> mRequest;
  std::shared_ptr<const snake::DieSchedule> mSchedule; ///< from the results' model: what the view shows
  QTabWidget* mTabs = nullptr;
  QComboBox* mOperator = nullptr;
  QSpinBox* mBatch = nullptr;
  QSpinBox* mContext = nullptr;
  QLabel* mModes = nullptr;
  QLabel* mMessage = nullptr;
  QLabel* mSharesStatus = nullptr;
  SnakeDiePlot* mDie = nullptr;
  BreakdownPlot* mShares = nullptr;
  BreakdownPlot* mPower = nullptr;
  QFutureWatcher<BreakdownData> mWatcher;
  quint64 mGeneration = 0, mSharesGeneration = 0;
  bool mUpdating = false;
};

} // namespace llmwb::ui
