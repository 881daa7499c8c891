// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/npusim/npusim_view.h"

#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/npusim/npusim_chip_plot.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace llmwb::ui {

NpusimView::NpusimView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  auto* row = new QHBoxLayout;
  mPhase = new QComboBox;
  mPhase->addItem(tr("Prefill (M = prompt tokens)"), int(NpusimPhase::Prefill));
  mPhase->addItem(tr("Decode (M = decode batch)"), int(NpusimPhase::Decode));
  mTraffic = new QComboBox;
  mTraffic->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  row->addWidget(new QLabel(tr("Phase:")));
  row->addWidget(mPhase);
  row->addSpacing(12);
  row->addWidget(new QLabel(tr("Link load of:")));
  row->addWidget(mTraffic);
  row->addStretch(1);
  layout->addLayout(row);
  mSummary = new QLabel;
  mSummary->setWordWrap(true);
  mSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(mSummary);
  mMessage = new QLabel;
  mMessage->setWordWrap(true);
  mMessage->setStyleSheet(QStringLiteral("color: #b3261e;"));
  mMessage->hide();
  layout->addWidget(mMessage);
  mPlot = new NpusimChipPlot;
  layout->addWidget(mPlot, 1);
  connect(mPhase, &QComboBox::currentIndexChanged, this, [this] { refreshChip(); });
  connect(mTraffic, &QComboBox::currentIndexChanged, this, [this] { refreshChip(); });
}

void NpusimView::setRequest(std::shared_ptr<const EvaluationRequest> request) {
  mRequest = std::move(request);
  refreshChip();
}

QString NpusimView::message() const { return mMessage->isHidden() ? QString() : mMessage->text(); }

void NpusimView::refreshChip() {
  if (mUpdating) return;
  mUpdating = true;
  if (!mRequest) {
    mPlot->setData({});
    mSummary->clear();
    mMessage->hide();
    mUpdating = false;
    return;
  }
  const auto phase = NpusimPhase(mPhase->currentData().toInt());
  auto chip = npusimChipData(*mRequest, phase, mTraffic->currentData().toString());
  // The traffic choices follow the project's model; keep the chosen one when it is still there.
  mTraffic->clear();
  for (const auto& t : chip.traffics) mTraffic->addItem(t.label, t.id);
  mTraffic->setCurrentIndex(std::max(0, mTraffic->findData(chip.traffic)));
  mSummary->setText(chip.empty() ? QString() : chip.summary());
  mMessage->setText(chip.problem);
  mMessage->setVisible(!chip.problem.isEmpty());
  mPlot->setData(std::move(chip));
  mUpdating = false;
}

} // namespace llmwb::ui
