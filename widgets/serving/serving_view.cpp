// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/serving/serving_view.h"

#include "widgets/common/pane_splitter.h"
#include "widgets/serving/serving_latency_plot.h"
#include "widgets/serving/serving_timeline_plot.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

namespace llmwb::ui {

namespace {
constexpr int kPlotMinimumWidth = 420;  ///< px; narrower, the headings and legends clip
constexpr int kPlotMinimumHeight = 360; ///< px, side by side
constexpr int kStackedPlotMinimumHeight = 520; ///< px, one above the other (the plot and its row of choices)
QString q(const std::string& s) { return QString::fromStdString(s); }
} // namespace

ServingView::ServingView(QWidget* parent)
    : QWidget(parent), mRunner(new ServingRunner(this)), mScheduler(new QComboBox(this)), mRates(new QLineEdit(this)),
      mRequests(new QSpinBox(this)), mSeed(new QSpinBox(this)), mStart(new QPushButton(tr("Run"), this)),
      mCancel(new QPushButton(tr("Cancel"), this)), mProgress(new QProgressBar(this)), mStatus(new QLabel(this)),
      mMetric(new QComboBox(this)), mPercentiles(new QComboBox(this)), mTimelineRun(new QComboBox(this)),
      mLatency(new ServingLatencyPlot(this)), mTimeline(new ServingTimelinePlot(this)) {
  mScheduler->addItem(tr("auto"), QString::fromLatin1(ServingSettings::kAuto));
  mScheduler->setItemData(0, tr("Disaggregated systems: the disaggregated scheduler; others: continuous batching"), Qt::ToolTipRole);
  for (const auto& name : serving::schedulerNames()) mScheduler->addItem(q(name), q(name));
  mScheduler->setToolTip(tr("How requests are batched, iteration by iteration"));
  mRates->setPlaceholderText(tr("auto"));
  mRates->setToolTip(tr("Request rates in req/s, e.g. 0.5, 1, 2, 4. Empty: 1/8 to 5/4 of the design's steady-state throughput."));
  mRates->setMinimumWidth(70);
  // Long system names must not widen the window: the combo boxes elide.
  for (auto* box : {mScheduler, mTimelineRun}) {
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(10);
  }
  mRequests->setRange(1, 100000);
  mRequests->setValue(200);
  mRequests->setToolTip(tr("Poisson arrivals per run (requests)"));
  mSeed->setRange(0, 1 << 30);
  mSeed->setValue(1);
  mSeed->setToolTip(tr("Seed of the arrivals: the same seed gives the same runs"));
  mCancel->setEnabled(false);
  mProgress->setRange(0, 1000);
  mProgress->setValue(0);
  mProgress->setFormat(tr("%p %"));
  mProgress->setFixedWidth(110);
  mStatus->setWordWrap(true);
  mStatus->setText(tr("Sweeps run when the view is shown, or with Run."));

  auto* controls = new QHBoxLayout;
  auto addField = [&](QHBoxLayout* row, const QString& label, QWidget* w) {
    auto* l = new QLabel(label, this);
    l->setBuddy(w);
    row->addWidget(l);
    row->addWidget(w);
  };
  addField(controls, tr("S&cheduler:"), mScheduler);
  addField(controls, tr("R&ates (req/s):"), mRates);
  controls->setStretchFactor(mRates, 1);
  addField(controls, tr("Re&quests:"), mRequests);
  addField(controls, tr("S&eed:"), mSeed);
  // Run, Cancel and the progress share the status line: the row stays narrow enough for a
  // 1366 px screen.
  auto* runRow = new QHBoxLayout;
  runRow->addWidget(mStart);
  runRow->addWidget(mCancel);
  runRow->addWidget(mProgress);
  runRow->addWidget(mStatus, 1);

  for (auto m : {LatencyMetric::Ttft, LatencyMetric::Tbt, LatencyMetric::E2e}) mMetric->addItem(metricName(m), int(m));
  mMetric->setItemData(0, tr("Time to first token (s)"), Qt::ToolTipRole);
  mMetric->setItemData(1, tr("Time between tokens, each request's mean (s)"), Qt::ToolTipRole);
  mMetric->setItemData(2, tr("End-to-end latency of a request (s)"), Qt::ToolTipRole);
  mPercentiles->addItem(tr("p50 and p99"), int(ServingLatencyPlot::Percentiles::Both));
  mPercentiles->addItem(tr("p50"), int(ServingLatencyPlot::Percentiles::P50));
  mPercentiles->addItem(tr("p99"), int(ServingLatencyPlot::Percentiles::P99));
  auto* latencyRow = new QHBoxLayout;
  addField(latencyRow, tr("&Latency:"), mMetric);
  latencyRow->addWidget(mPercentiles);
  latencyRow->addStretch(1);
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addLayout(latencyRow);
  leftLayout->addWidget(mLatency, 1);

  auto* timelineRow = new QHBoxLayout;
  addField(timelineRow, tr("&Timeline of:"), mTimelineRun);
  timelineRow->setStretchFactor(mTimelineRun, 1);
  auto* right = new QWidget(this);
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  rightLayout->addLayout(timelineRow);
  rightLayout->addWidget(mTimeline, 1);

  auto* plots = new PaneSplitter(kStackedPlotMinimumHeight, this);
  plots->addWidget(left);
  plots->addWidget(right);
  plots->setStretchFactor(0, 1);
  plots->setStretchFactor(1, 1);
  plots->setChildrenCollapsible(false);
  // Below this the headings and legends clip; the results pane scrolls instead (laptop screens).
  for (QWidget* plot : {static_cast<QWidget*>(mLatency), static_cast<QWidget*>(mTimeline)})
    plot->setMinimumSize(kPlotMinimumWidth, kPlotMinimumHeight);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(controls);
  layout->addLayout(runRow);
  layout->addWidget(plots, 1);

  connect(mStart, &QPushButton::clicked, this, &ServingView::start);
  connect(mCancel, &QPushButton::clicked, this, &ServingView::cancel);
  connect(mMetric, &QComboBox::activated, this, [this] { mLatency->setMetric(LatencyMetric(mMetric->currentData().toInt())); });
  connect(mPercentiles, &QComboBox::activated, this,
          [this] { mLatency->setPercentiles(ServingLatencyPlot::Percentiles(mPercentiles->currentData().toInt())); });
  connect(mTimelineRun, &QComboBox::activated, this, &ServingView::showTimeline);
  connect(mRunner, &ServingRunner::progressed, this, [this](double share) { mProgress->setValue(int(share * 1000)); });
  connect(mRunner, &ServingRunner::finished, this, &ServingView::finished);
  connect(mRunner, &ServingRunner::failed, this, [this](const QString& message) {
    setRunning(false);
    mStatus->setText(tr("Serving sweep failed: %1").arg(message));
  });
}

void ServingView::setResults(std::shared_ptr<const ProjectResults> results) {
  mResults = std::move(results);
  mRunner->drop(); // a sweep under way is of the previous design
  setRunning(false);
  mStale = true;
  if (mSweep) mStatus->setText(tr("The design changed: the curves are of the previous one. Run to update."));
  // Shown: sweep again once the event loop is back (several results may arrive at once).
  if (isVisible()) QTimer::singleShot(0, this, [this] {
      if (mStale && isVisible() && !mRunner->running()) start();
    });
}

void ServingView::clear() {
  mRunner->drop();
  setRunning(false);
  mResults.reset();
  mSweep.reset();
  mStale = false;
  mLatency->setSweep({});
  mTimeline->clear();
  mTimelineRun->clear();
  mStatus->setText(tr("Sweeps run when the view is shown, or with Run."));
}

void ServingView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (mStale && mResults && !mRunner->running()) QTimer::singleShot(0, this, [this] {
      if (mStale && isVisible() && !mRunner->running()) start();
    });
}

void ServingView::setSettings(const ServingSettings& s) {
  const int i = mScheduler->findData(q(s.scheduler));
  if (i >= 0) mScheduler->setCurrentIndex(i);
  mRates->setText(formatRates(s.rates));
  mRequests->setValue(s.requests);
  mSeed->setValue(int(s.seed));
}

std::optional<ServingSettings> ServingView::settings() {
  ServingSettings s;
  s.scheduler = mScheduler->currentData().toString().toStdString();
  s.requests = mRequests->value();
  s.seed = std::uint64_t(mSeed->value());
  if (!mRates->text().trimmed().isEmpty()) {
    QString error;
    const auto rates = parseRates(mRates->text(), &error);
    if (!rates) {
      mStatus->setText(tr("Rates: %1").arg(error));
      return std::nullopt;
    }
    s.rates = *rates;
  }
  return s;
}

QString ServingView::status() const { return mStatus->text(); }

void ServingView::start() {
  if (!mResults || !mResults->request) {
    mStatus->setText(tr("Nothing to serve yet: the design is being evaluated."));
    return;
  }
  auto s = settings();
  if (!s) return;
  ServingRequest request = servingRequest(*mResults, *s);
  mStale = false;
  mProgress->setValue(0);
  setRunning(true);
  mStatus->setText(tr("Serving %1 system(s) at %2 rates (%3 req/s), %4 requests each…")
                       .arg(request.systems.size())
                       .arg(request.settings.rates.size())
                       .arg(formatRates(request.settings.rates))
                       .arg(request.settings.requests));
  mRunner->start(std::move(request));
}

void ServingView::cancel() {
  mRunner->cancel();
  mStatus->setText(tr("Cancelling…"));
}

void ServingView::setRunning(bool running) {
  mStart->setEnabled(!running);
  mCancel->setEnabled(running);
}

void ServingView::finished(const std::shared_ptr<const ServingSweep>& sweep) {
  setRunning(false);
  mSweep = sweep;
  mProgress->setValue(sweep->cancelled ? mProgress->value() : 1000);
  mLatency->setSweep(*sweep);
  // The timeline choices: every run, the design's middle rate first shown.
  mTimelineRun->clear();
  for (std::size_t c = 0; c < sweep->curves.size(); ++c)
    for (std::size_t r = 0; r < sweep->curves[c].runs.size(); ++r)
      mTimelineRun->addItem(tr("%1 at %2 req/s").arg(sweep->curves[c].system, QString::number(sweep->settings.rates[r], 'g', 4)),
                            QVariant::fromValue(QPoint(int(c), int(r))));
  if (const auto first = defaultTimelineRun(*sweep)) {
    const int index = mTimelineRun->findData(QVariant::fromValue(QPoint(int(first->first), int(first->second))));
    mTimelineRun->setCurrentIndex(index);
    showTimeline(index);
  } else {
    mTimeline->clear();
  }
  QStringList problems;
  for (const auto& curve : sweep->curves)
    for (const auto& run : curve.runs)
      if (!run.feasible) {
        problems << curve.system + QStringLiteral(": ") + q(run.reason);
        break;
      }
  mStatus->setText((sweep->cancelled ? tr("Cancelled: the runs done so far are shown.") : tr("Done."))
                   + (problems.isEmpty() ? QString() : QStringLiteral(" ") + tr("Cannot serve: %1").arg(problems.join(QStringLiteral("; ")))));
  emit sweepFinished();
}

void ServingView::showTimeline(int choice) {
  if (!mSweep || choice < 0) return;
  const QPoint at = mTimelineRun->itemData(choice).toPoint();
  const auto& curve = mSweep->curves.at(std::size_t(at.x()));
  mTimeline->setRun(curve.system, mSweep->settings.rates.at(std::size_t(at.y())), curve.runs.at(std::size_t(at.y())));
}

} // namespace llmwb::ui
