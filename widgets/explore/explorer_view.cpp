// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/explore/explorer_view.h"

#include "core/io/space_io.h"
#include "widgets/common/pane_splitter.h"
#include "widgets/plots/convergence_plot.h"
#include "widgets/plots/pareto_plot.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

namespace llmwb::ui {

namespace {
constexpr int kStackedPlotMinimumHeight = 420; ///< px: the Pareto plot (with its axis choices) or the convergence plot, one above the other
QString q(const std::string& s) { return QString::fromStdString(s); }
} // namespace

ExplorerView::ExplorerView(const PresetLibrary& library, QWidget* parent)
    : QWidget(parent), mLibrary(library), mRunner(new ExplorationRunner(this)) {
  mSpace = new QComboBox(this);
  for (const auto& id : designSpaceIds(library)) mSpace->addItem(q(id), q(id));
  mMethod = new QComboBox(this);
  for (const auto& m : dse::builtinMethods().entries()) {
    mMethod->addItem(q(m.name), q(m.name));
    mMethod->setItemData(mMethod->count() - 1, q(m.description), Qt::ToolTipRole);
  }
  mBudget = new QSpinBox(this);
  mBudget->setRange(1, 1000000);
  mBudget->setValue(64);
  mBudget->setSuffix(tr(" designs"));
  mSeed = new QSpinBox(this);
  mSeed->setRange(0, 1 << 30);
  mSeed->setValue(1);
  mStart = new QPushButton(tr("Start"), this);
  mCancel = new QPushButton(tr("Cancel"), this);
  mCancel->setEnabled(false);
  mProgress = new QProgressBar(this);
  mProgress->setFormat(tr("%v / %m designs"));
  mStatus = new QLabel(tr("Choose a design space and press Start."), this);
  mStatus->setWordWrap(true);
  mStatus->setAlignment(Qt::AlignLeft | Qt::AlignTop); // at the top while no plot is shown below it

  auto* controls = new QHBoxLayout;
  auto addField = [&](const QString& label, QWidget* w) {
    auto* l = new QLabel(label, this);
    l->setBuddy(w);
    controls->addWidget(l);
    controls->addWidget(w);
  };
  addField(tr("&Space:"), mSpace);
  addField(tr("&Method:"), mMethod);
  addField(tr("&Budget:"), mBudget);
  addField(tr("S&eed:"), mSeed);
  controls->addStretch(1);
  // Start on a row of its own, as in the Serving view: on one row with the choices it was pushed
  // out of a laptop's pane.
  auto* runRow = new QHBoxLayout;
  runRow->addWidget(mStart);
  runRow->addWidget(mCancel);
  runRow->addWidget(mProgress, 1);

  mPareto = new ParetoPlot(this);
  mConvergence = new ConvergencePlot(this);
  mXAxis = new QComboBox(this);
  mYAxis = new QComboBox(this);
  mLoad = new QPushButton(tr("Load design"), this);
  mLoad->setEnabled(false);
  mLoad->setToolTip(tr("Make the clicked design the system under design"));
  auto* axes = new QHBoxLayout;
  axes->addWidget(new QLabel(tr("X:"), this));
  axes->addWidget(mXAxis, 1);
  axes->addWidget(new QLabel(tr("Y:"), this));
  axes->addWidget(mYAxis, 1);
  axes->addWidget(mLoad);
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addLayout(axes);
  leftLayout->addWidget(mPareto, 1);
  // Narrower, the Pareto plot's axes shrink to a sliver beside its legend: below both widths the
  // plots stack.
  mPareto->setMinimumWidth(480);
  // Long metric and space names shrink with the pane (the full text is in the list).
  for (QComboBox* box : {mSpace, mXAxis, mYAxis}) {
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(12);
  }
  auto* splitter = new PaneSplitter(kStackedPlotMinimumHeight, this);
  mPlots = splitter;
  splitter->addWidget(left);
  splitter->addWidget(mConvergence);
  splitter->setChildrenCollapsible(false);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(controls);
  layout->addLayout(runRow);
  layout->addWidget(mStatus);
  layout->addWidget(splitter, 1);

  // Points arrive one by one; the plots redraw at most ten times a second.
  mLiveTimer = new QTimer(this);
  mLiveTimer->setInterval(100);
  connect(mLiveTimer, &QTimer::timeout, this, &ExplorerView::flushLive);

  connect(mStart, &QPushButton::clicked, this, &ExplorerView::start);
  connect(mSpace, &QComboBox::currentIndexChanged, this,
          [this] { mStart->setEnabled(!mRunner->running() && !mSpace->currentData().toString().isEmpty()); });
  connect(mCancel, &QPushButton::clicked, this, &ExplorerView::cancel);
  connect(mLoad, &QPushButton::clicked, this, &ExplorerView::loadChosenDesign);
  connect(mXAxis, &QComboBox::activated, this, [this](int i) { mPareto->setAxes(i, mPareto->yChoice()); });
  connect(mYAxis, &QComboBox::activated, this, [this](int i) { mPareto->setAxes(mPareto->xChoice(), i); });
  connect(mPareto, &ParetoPlot::pointActivated, this, [this](std::size_t index) {
    mChosen = index;
    mLoad->setEnabled(mProblem != nullptr && !mRunner->running());
    // What was chosen, before it is loaded: its parameters and figures (the tooltip as on the plot).
    mStatus->setText(tr("Chosen %1. \"Load design\" makes it the system under design.").arg(mPareto->describeInline(index)));
    mStatus->setToolTip(mPareto->describe(index));
  });
  connect(mRunner, &ExplorationRunner::pointFound, this, &ExplorerView::pointFound);
  connect(mRunner, &ExplorationRunner::progressed, this, [this](const dse::Progress& p) {
    // The method's own total: an exhaustive run of a 128-point space is 128 designs, whatever the budget.
    if (p.total > 0 && int(p.total) != mProgress->maximum()) mProgress->setMaximum(int(p.total));
    mProgress->setValue(int(p.done));
    mStatus->setText(tr("%1 of %2 designs, %3 feasible, %4 on the Pareto front, hypervolume %5")
                         .arg(p.done)
                         .arg(p.total)
                         .arg(p.feasible)
                         .arg(p.paretoSize)
                         .arg(p.hypervolume, 0, 'g', 4));
  });
  connect(mRunner, &ExplorationRunner::finished, this, &ExplorerView::finished);
  connect(mRunner, &ExplorationRunner::failed, this, [this](const QString& message) {
    setRunning(false);
    mStatus->setText(tr("Exploration failed: %1").arg(message));
  });
}

void ExplorerView::showNoProjectSpace() {
  if (mRunner->running()) return;
  if (mSpace->count() == 0 || !mSpace->itemData(0).toString().isEmpty())
    mSpace->insertItem(0, tr("none in this project"), QString());
  mSpace->setCurrentIndex(0);
  mPlots->hide();
  mStart->setEnabled(false);
  mStatus->setText(tr("This project names no design space (a project's \"exploration\"). Choose one of the library's "
                      "spaces and press Start: it explores that space's own base system."));
}

void ExplorerView::setSetup(const ExplorationSetup& setup) {
  const int space = mSpace->findData(q(setup.space));
  if (space >= 0) mSpace->setCurrentIndex(space);
  else {
    mSpace->addItem(q(setup.space), q(setup.space)); // a space file
    mSpace->setCurrentIndex(mSpace->count() - 1);
  }
  const int method = mMethod->findData(q(setup.method));
  if (method >= 0) mMethod->setCurrentIndex(method);
  mBudget->setValue(int(setup.budget));
  mSeed->setValue(int(setup.seed));
}

ExplorationSetup ExplorerView::setup() const {
  ExplorationSetup s;
  s.space = mSpace->currentData().toString().toStdString();
  s.method = mMethod->currentData().toString().toStdString();
  s.budget = std::size_t(mBudget->value());
  s.seed = std::uint64_t(mSeed->value());
  return s;
}

QString ExplorerView::runLabel() const {
  return tr("%1, seed %2").arg(mMethod->currentData().toString()).arg(mSeed->value());
}

void ExplorerView::start() {
  if (mRunner->running()) return;
  const auto s = setup();
  if (s.space.empty()) return; // "none in this project"
  mPlots->show();
  try {
    auto problem = std::make_shared<const dse::DesignProblem>(loadDesignProblem(s.space, mLibrary));
    const bool newSpace = !mProblem || mProblem->space().id != problem->space().id;
    mProblem = std::move(problem);
    if (newSpace) mConvergence->clearRuns();
  } catch (const std::exception& e) {
    mStatus->setText(tr("Cannot load the design space: %1").arg(q(e.what())));
    return;
  }
  mPareto->setExploration(mProblem->space(), {});
  mConvergence->setSpace(mProblem->space());
  const QStringList choices = mPareto->axisChoices();
  for (auto* box : {mXAxis, mYAxis}) {
    box->clear();
    box->addItems(choices);
  }
  mXAxis->setCurrentIndex(mPareto->xChoice());
  mYAxis->setCurrentIndex(mPareto->yChoice());
  mTrace.clear();
  mRun = runLabel();
  mRunMethod = s.method;
  // A sweep's hypervolume follows the grid's order: it converges to nothing, so no such plot.
  mConvergence->setVisible(s.method != "exhaustive");
  mChosen.reset();
  mProgress->setRange(0, mBudget->value());
  mProgress->setValue(0);
  ExplorationRequest request;
  request.problem = mProblem;
  request.method = s.method;
  request.budget = s.budget;
  request.seed = s.seed;
  request.initialPoints = std::min<std::size_t>(20, s.budget);
  if (mRunner->start(std::move(request))) {
    setRunning(true);
    mStatus->setText(tr("Exploring %1 with %2…").arg(q(mProblem->space().name), q(s.method)));
  }
}

void ExplorerView::cancel() {
  mRunner->cancel();
  mStatus->setText(tr("Cancelling…"));
}

void ExplorerView::setRunning(bool running) {
  mStart->setEnabled(!running && !mSpace->currentData().toString().isEmpty());
  mCancel->setEnabled(running);
  for (QWidget* w : std::initializer_list<QWidget*>{mSpace, mMethod, mBudget, mSeed}) w->setEnabled(!running);
  mLoad->setEnabled(!running && mChosen && mProblem);
  if (running) mLiveTimer->start();
  else mLiveTimer->stop();
}

void ExplorerView::pointFound(std::size_t, const dse::PointResult& point, double hypervolume) {
  mPareto->addPoint(point, false);
  mTrace.push_back(hypervolume);
  mDirty = true;
}

void ExplorerView::flushLive() {
  if (!mDirty) return;
  mDirty = false;
  mPareto->updateFront();
  mConvergence->setRun(mRun, mTrace);
}

void ExplorerView::finished(const std::shared_ptr<const dse::ExplorationResult>& result) {
  setRunning(false);
  mDirty = false;
  mProgress->setRange(0, int(result->points.size())); // a sweep that skipped designs ends full
  mProgress->setValue(int(result->points.size()));
  mShownRun = result;
  mShownProblem = mProblem;
  mShownLabel = mRun;
  mShownMethod = mRunMethod;
  mPareto->setExploration(mProblem->space(), result->points);
  mConvergence->setRun(mRun, result->hypervolumeTrace);
  mStatus->setText((result->cancelled ? tr("Cancelled after %1 designs: ") : tr("Done, %1 designs: "))
                       .arg(result->points.size()) +
                   tr("%1 on the Pareto front, hypervolume %2. Click a point to choose a design.")
                       .arg(result->pareto.size())
                       .arg(result->hypervolume, 0, 'g', 4));
  emit explorationFinished();
}

void ExplorerView::forgetShownRun() {
  mShownRun.reset();
  mShownProblem.reset();
  mShownLabel.clear();
}

void ExplorerView::loadChosenDesign() {
  if (!mProblem || !mChosen || *mChosen >= mPareto->points().size()) return;
  emit designChosen(mProblem->system(mPareto->points()[*mChosen].point));
}

} // namespace llmwb::ui
