// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/snake/snake_view.h"

#include "widgets/views/view_registry.h"

#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/plots/breakdown_plot.h"
#include "widgets/snake/snake_die_plot.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace llmwb::ui {

namespace {
/// "1, 4, 8" or, with contextText, "2K, 4K, 8K".
QString listText(const std::vector<double>& values, QString (*text)(double)) {
  QStringList parts;
  for (double v : values) parts << text(v);
  return parts.join(QStringLiteral(", "));
}
QString number(double v) { return QString::number(v); }
QString micro(double s) { return QStringLiteral("%1 µs").arg(s * 1e6, 0, 'f', 2); }
} // namespace

SnakeView::SnakeView(QWidget* parent) : QWidget(parent) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  mTabs = new QTabWidget;
  mTabs->setDocumentMode(true);
  mTabs->setTabPosition(QTabWidget::South);
  outer->addWidget(mTabs);

  auto* die = new QWidget;
  auto* layout = new QVBoxLayout(die);
  layout->setContentsMargins(6, 6, 6, 6);
  auto* row = new QHBoxLayout;
  mOperator = new QComboBox;
  mOperator->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  mBatch = new QSpinBox;
  mBatch->setRange(1, 4096);
  mBatch->setValue(16);
  mBatch->setSuffix(tr(" sequences"));
  mContext = new QSpinBox;
  mContext->setRange(0, 1 << 20);
  mContext->setSingleStep(1024);
  mContext->setValue(2048);
  mContext->setSuffix(tr(" tokens"));
  row->addWidget(new QLabel(tr("Operator:")));
  row->addWidget(mOperator);
  row->addSpacing(12);
  row->addWidget(new QLabel(tr("Decode batch:")));
  row->addWidget(mBatch);
  row->addWidget(new QLabel(tr("Context:")));
  row->addWidget(mContext);
  row->addStretch(1);
  layout->addLayout(row);
  mModes = new QLabel;
  mModes->setWordWrap(true);
  mModes->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(mModes);
  mMessage = new QLabel;
  mMessage->setWordWrap(true);
  mMessage->setStyleSheet(QStringLiteral("color: #b3261e;"));
  mMessage->hide();
  layout->addWidget(mMessage);
  mDie = new SnakeDiePlot;
  layout->addWidget(mDie, 1);
  mTabs->addTab(die, tr("Logic die"));

  auto* shares = new QWidget;
  auto* sl = new QVBoxLayout(shares);
  sl->setContentsMargins(6, 6, 6, 6);
  mSharesStatus = new QLabel;
  mSharesStatus->setWordWrap(true); // a laptop's pane is narrower than the line
  sl->addWidget(mSharesStatus);
  mShares = new BreakdownPlot;
  sl->addWidget(mShares, 1);
  mTabs->addTab(shares, tr("Mode shares"));
  mPower = new BreakdownPlot;
  mTabs->addTab(mPower, tr("Power and area"));

  connect(mOperator, &QComboBox::currentIndexChanged, this, [this] { updateDie(); });
  connect(mBatch, &QSpinBox::valueChanged, this, [this] { updateDie(); });
  connect(mContext, &QSpinBox::valueChanged, this, [this] { updateDie(); });
  connect(&mWatcher, &QFutureWatcher<BreakdownData>::finished, this, [this] {
    if (mSharesGeneration != mGeneration) return; // a newer request started its own
    auto result = mWatcher.result();
    mSharesStatus->setText(result.empty() ? tr("The scheduler found no linear operators for this model.")
                                        : tr("Batches %1 x contexts %2 tokens (Fig. 13's grid); each bar: the share of "
                                             "the decode step's linear operators that choose each mode; the last bar, over "
                                             "every point.")
                                              .arg(listText(snake::fig13Batches(), number), listText(snake::fig13Contexts(), contextText)));
    mShares->setData(std::move(result));
  });
}

SnakeView::~SnakeView() { mWatcher.waitForFinished(); }

void SnakeView::setRequest(std::shared_ptr<const EvaluationRequest> request) {
  mRequest = std::move(request);
  mSchedule = mRequest ? snakeSchedule(mRequest->system, groupModels(*mRequest)) : nullptr;
  restart();
}

void SnakeView::setResults(const std::shared_ptr<const ProjectResults>& results) {
  mRequest = results ? results->request : nullptr;
  mSchedule = results && mRequest ? snakeSchedule(mRequest->system, groupModels(*results)) : nullptr;
  restart();
}

void SnakeView::restart() {
  ++mGeneration;
  mOperator->blockSignals(true);
  mOperator->clear();
  mOperator->blockSignals(false);
  updateDie();
  startShares();
}

void SnakeView::startShares() {
  if (!mSchedule) {
    mShares->setData({});
    mSharesStatus->clear();
    return;
  }
  mSharesStatus->setText(tr("Scheduling %1 operating points…").arg(snake::fig13Batches().size() * snake::fig13Contexts().size()));
  mSharesGeneration = mGeneration;
  auto schedule = mSchedule;
  mWatcher.setFuture(QtConcurrent::run([schedule] { return snakeModeShares(*schedule, snake::fig13Batches(), snake::fig13Contexts()); }));
}

void SnakeView::updateDie() {
  if (mUpdating) return;
  mUpdating = true;
  if (!mRequest) {
    mDie->setData({});
    mPower->setData({});
    mModes->clear();
    mMessage->hide();
    mUpdating = false;
    return;
  }
  const QString chosen = mOperator->currentText();
  auto die = snakeDieData(mSchedule.get(), mBatch->value(), mContext->value());
  mOperator->clear();
  for (const auto& op : die.operators) mOperator->addItem(QString::fromStdString(op.name));
  die.selected = std::max(0, mOperator->findText(chosen));
  mOperator->setCurrentIndex(die.empty() ? -1 : die.selected);
  mMessage->setText(die.problem);
  mMessage->setVisible(!die.problem.isEmpty());
  if (const auto* op = die.current()) {
    QStringList parts;
    for (std::size_t m = 0; m < snake::kPartitionModes.size(); ++m) {
      const auto& p = op->fixed[m];
      const QString name = QString::fromUtf8(snake::toString(snake::kPartitionModes[m]).data());
      parts << (p.valid ? QStringLiteral("%1 %2").arg(name, micro(p.time.value())) : tr("%1 n/a").arg(name));
    }
    // The system's name is the window's; it often says its TP degree itself.
    mModes->setText(tr("%1 x %2 at TP = %1, GEMM %3 x %4 x %5 (M x K x N) per device. Fixed modes: %6. Chosen: %7 (%8 % of peak MACs).")
                        .arg(die.devices)
                        .arg(die.device)
                        .arg(op->problem.m, 0, 'f', 0)
                        .arg(op->problem.k, 0, 'f', 0)
                        .arg(op->problem.n, 0, 'f', 0)
                        .arg(parts.join(QStringLiteral(" · ")), QString::fromUtf8(snake::toString(op->best.mode).data()))
                        .arg(op->best.utilisation * 100, 0, 'f', 1));
  } else mModes->clear();
  mPower->setData(snakePowerArea(die));
  mDie->setData(std::move(die));
  mUpdating = false;
}

} // namespace llmwb::ui
