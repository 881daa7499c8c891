// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs explorations from the GUI: space, method, budget and seed; Start and Cancel; a progress
// bar; the Pareto plot and the convergence plot update live. A clicked point can be loaded as
// the system under design (designChosen).

#include "core/io/preset_library.h"
#include "core/io/project.h"
#include "widgets/explore/exploration_runner.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimer;

namespace llmwb::ui {

class ConvergencePlot;
class ParetoPlot;

class ExplorerView : public QWidget {
  Q_OBJECT
public:
  explicit ExplorerView(const PresetLibrary& library, QWidget* parent = nullptr);

  /// Shows a project's exploration setup (space, method, budget, seed) without running it.
  void setSetup(const ExplorationSetup& setup);
  /// The project names no design space: the space choice says so, Start waits for a space to be
  /// chosen and no plot is shown (no dummy axes) until one is explored.
  void showNoProjectSpace();
  ExplorationSetup setup() const;

  ExplorationRunner& runner() { return *mRunner; }
  ParetoPlot& paretoPlot() { return *mPareto; }
  ConvergencePlot& convergencePlot() { return *mConvergence; }
  /// The space of the run on screen or under way (null before the first start).
  std::shared_ptr<const dse::DesignProblem> problem() const { return mProblem; }
  /// The design last clicked (index into the points).
  std::optional<std::size_t> chosenPoint() const { return mChosen; }
  /// The run on screen, once one has finished (or been cancelled): what File > Export all
  /// figures exports, rather than the project's stored setup. Null before.
  std::shared_ptr<const dse::ExplorationResult> shownRun() const { return mShownRun; }
  std::shared_ptr<const dse::DesignProblem> shownProblem() const { return mShownProblem; }
  QString shownRunLabel() const { return mShownLabel; }
  /// The search method of the run shown ("exhaustive", "mobo", ...).
  std::string shownRunMethod() const { return mShownMethod; }
  /// Another project is open: its run is not this one's.
  void forgetShownRun();

public slots:
  void start();
  void cancel();
  /// Emits designChosen for the chosen point.
  void loadChosenDesign();

signals:
  void designChosen(const llmwb::SystemSpec& system);
  void explorationFinished();

private:
  void pointFound(std::size_t index, const dse::PointResult& point, double hypervolume);
  void finished(const std::shared_ptr<const dse::ExplorationResult>& result);
  void setRunning(bool running);
  void flushLive();
  QString runLabel() const;

  const PresetLibrary& mLibrary;
  ExplorationRunner* mRunner = nullptr;
  std::shared_ptr<const dse::DesignProblem> mProblem;
  QComboBox* mSpace = nullptr;
  QComboBox* mMethod = nullptr;
  QSpinBox* mBudget = nullptr;
  QSpinBox* mSeed = nullptr;
  QPushButton* mStart = nullptr;
  QWidget* mPlots = nullptr; ///< the Pareto and convergence plots: shown once a space is explored
  QPushButton* mCancel = nullptr;
  QPushButton* mLoad = nullptr;
  QProgressBar* mProgress = nullptr;
  QLabel* mStatus = nullptr;
  QComboBox* mXAxis = nullptr;
  QComboBox* mYAxis = nullptr;
  ParetoPlot* mPareto = nullptr;
  ConvergencePlot* mConvergence = nullptr;
  QTimer* mLiveTimer = nullptr;
  std::vector<double> mTrace;
  QString mRun;
  bool mDirty = false;
  std::optional<std::size_t> mChosen;
  std::shared_ptr<const dse::ExplorationResult> mShownRun;
  std::shared_ptr<const dse::DesignProblem> mShownProblem;
  QString mShownLabel;
  std::string mShownMethod, mRunMethod;
};

} // namespace llmwb::ui
