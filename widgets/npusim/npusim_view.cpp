// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/npusim/npusim_view.h"

#include "widgets/views/view_registry.h"

#include "widgets/document/project_document.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/npusim/npusim_chip_plot.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <stdexcept>

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
  mChange = new QLabel;
  mChange->setWordWrap(true);
  mChange->setTextInteractionFlags(Qt::TextSelectableByMouse);
  mChange->setToolTip(tr("How the last placement change moved the design's time to first token and time between "
                         "tokens (before → after). Undo restores the placement."));
  mChange->hide();
  layout->addWidget(mChange);
  mPlot = new NpusimChipPlot;
  layout->addWidget(mPlot, 1);
  connect(mPlot, &NpusimChipPlot::groupMoveRequested, this, &NpusimView::moveGroup);
  connect(mPhase, &QComboBox::currentIndexChanged, this, [this] { refreshChip(); });
  connect(mTraffic, &QComboBox::currentIndexChanged, this, [this] { refreshChip(); });
}

void NpusimView::setRequest(std::shared_ptr<const EvaluationRequest> request) {
  mRequest = std::move(request);
  mModels = mRequest ? groupModels(*mRequest) : engine::GroupModels{};
  refreshChip();
}

void NpusimView::setResults(const std::shared_ptr<const ProjectResults>& results) {
  const auto before = mResults;
  mResults = results;
  const ParallelismSpec* was = before && before->request ? parallelismOf(before->request->system) : nullptr;
  const ParallelismSpec* now = results && results->request ? parallelismOf(results->request->system) : nullptr;
  if (before && results && before->main && results->main && was && now && was->groupSlots != now->groupSlots) {
    mChange->setText(tr("Placement changed: %1").arg(latencyChange(*before->main, *results->main)));
    mChange->show();
  }
  mRequest = results ? results->request : nullptr;
  mModels = results ? groupModels(*results) : engine::GroupModels{};
  refreshChip();
}

void NpusimView::setDocument(ProjectDocument* document) {
  mDocument = document;
  mPlot->setDragEnabled(document != nullptr);
  mChange->clear();
  mChange->hide();
}

QString NpusimView::placementChange() const { return mChange->isHidden() ? QString() : mChange->text(); }

void NpusimView::moveGroup(int group, int slot) {
  const auto& map = mPlot->data().map;
  if (!mDocument || group < 0 || std::size_t(group) >= map.groups.size()) return;
  const auto placed = groupSlotsAfterMove(map, group, slot);
  const auto& g = map.groups[std::size_t(group)];
  const auto role = map.pools[std::size_t(g.pool)].role;
  const QString pool = role == DeviceRole::Prefill ? tr("prefill") : role == DeviceRole::Decode ? tr("decode") : tr("fused");
  mDocument->edit(tr("Move the %1 pool's stage %2 (pipeline %3) to slot %4").arg(pool).arg(g.stage).arg(g.pipeline).arg(slot),
                  [&](Project& p) {
                    auto* par = parallelismOf(p.system.system);
                    if (!par) throw std::invalid_argument("the system has no parallelism block to place groups in");
                    par->groupSlots = placed;
                  });
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
  auto chip = npusimChipData(*mRequest, mModels, phase, mTraffic->currentData().toString());
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
