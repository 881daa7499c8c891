// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/hierarchy/level_lane.h"

#include "widgets/common/format.h"

#include <QDragEnterEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMimeData>
#include <QVBoxLayout>

namespace llmwb::ui {

std::optional<PartAddress> partFromMime(const QMimeData* mime) {
  if (!mime || !mime->hasFormat(kPartMimeType)) return std::nullopt;
  const auto parts = QString::fromLatin1(mime->data(kPartMimeType)).split('/');
  if (parts.size() != 3) return std::nullopt;
  return PartAddress{parts[0].toULongLong(), parts[1].toULongLong(), parts[2].toULongLong()};
}

LevelLane::LevelLane(const MemoryHierarchy& memory, std::size_t group, std::size_t level, bool editable,
                     std::function<bool(const QString&)> accepts, QWidget* parent)
    : QFrame(parent), mGroup(group), mLevel(level), mAccepts(std::move(accepts)) {
  setObjectName(QStringLiteral("LevelLane"));
  setAcceptDrops(editable);
  setHighlight(0);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(8, 6, 8, 6);
  outer->setSpacing(4);
  const auto levels = memory.levels();
  auto* title = new QLabel;
  title->setTextFormat(Qt::RichText);
  if (level < levels.size()) {
    const MemoryLevel& l = *levels[level];
    title->setText(tr("<b>%1</b> &nbsp; %2 · %3 · %4")
                       .arg(QString::fromStdString(memory.levelName(level)), formatBytes(l.capacity()),
                            formatBandwidth(l.bandwidth()), formatSeconds(l.latency())));
    title->setToolTip(tr("Capacity, peak bandwidth and the slowest part's latency of this level"));
    outer->addWidget(title);
    auto* row = new QHBoxLayout;
    row->setSpacing(6);
    for (std::size_t i = 0; i < l.parts.size(); ++i) {
      auto* chip = new PartChip(l.parts[i], {group, level, i}, editable);
      mChips.push_back(chip);
      mTechnologyIds.push_back(l.parts[i].technology.id);
      row->addWidget(chip);
    }
    if (l.parts.empty()) {
      auto* empty = new QLabel(tr("empty: drop on-chip memory (SRAM, 3D SRAM) here"));
      empty->setEnabled(false);
      row->addWidget(empty);
    }
    row->addStretch(1);
    outer->addLayout(row);
  } else {
    title->setText(tr("<i>+ new level L%1: drop off-chip memory here</i>").arg(level));
    title->setEnabled(false);
    outer->addWidget(title);
  }
}

void LevelLane::setHighlight(int state) {
  const QString border = state > 0 ? QStringLiteral("#27ae60") : state < 0 ? QStringLiteral("#c0392b") : QStringLiteral("palette(mid)");
  setStyleSheet(QStringLiteral("#LevelLane { border: %1px solid %2; border-radius: 6px; background: palette(base); }")
                    .arg(state ? 2 : 1)
                    .arg(border));
}

bool LevelLane::acceptable(const QMimeData* mime) const {
  if (const auto entry = fromMimeData(mime)) return entry->isMemory() && mAccepts(entry->id);
  if (partFromMime(mime)) return mAccepts(mime->text());
  return false;
}

void LevelLane::dragEnterEvent(QDragEnterEvent* event) {
  if (!fromMimeData(event->mimeData()) && !partFromMime(event->mimeData())) return;
  const bool ok = acceptable(event->mimeData());
  setHighlight(ok ? 1 : -1);
  if (ok) event->acceptProposedAction();
  else event->ignore();
}

void LevelLane::dragLeaveEvent(QDragLeaveEvent*) { setHighlight(0); }

void LevelLane::dropEvent(QDropEvent* event) {
  setHighlight(0);
  if (!acceptable(event->mimeData())) return;
  if (const auto entry = fromMimeData(event->mimeData())) {
    event->acceptProposedAction();
    emit technologyDropped(mGroup, mLevel, entry->id);
  } else if (const auto from = partFromMime(event->mimeData())) {
    event->setDropAction(Qt::MoveAction);
    event->accept();
    emit partDropped(*from, mGroup, mLevel);
  }
}

} // namespace llmwb::ui
