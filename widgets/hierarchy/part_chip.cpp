// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/hierarchy/part_chip.h"

#include "widgets/common/elided_label.h"
#include "widgets/common/format.h"
#include "widgets/common/icons.h"

#include <QApplication>
#include <QDrag>
#include <QHBoxLayout>
#include <QLabel>
#include <QMimeData>
#include <QMouseEvent>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>

#include <algorithm>

namespace llmwb::ui {

PartChip::PartChip(const MemoryPart& part, PartAddress address, bool editable, QWidget* parent)
    : QFrame(parent), mAddress(address), mTechnologyId(QString::fromStdString(part.technology.id)), mCount(new QSpinBox),
      mEditable(editable) {
  const auto& t = part.technology;
  const QColor colour = memoryColor(t);
  setObjectName(QStringLiteral("PartChip"));
  setSelected(false);
  setStyleSheet(QStringLiteral("#PartChip { background: %1; border: 2px solid %2; border-radius: 6px; }"
                               "#PartChip[selected=\"true\"] { border: 2px solid palette(highlight); }"
                               "#PartChip QLabel { color: white; font-weight: 600; background: transparent; }")
                    .arg(colour.name(), colour.darker(140).name()));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(8, 3, 4, 3);
  layout->setSpacing(4);
  // A long name ends in "…" in a narrow lane; the chip's tooltip has it whole.
  auto* name = new ElidedLabel(QString::fromStdString(t.name));
  name->setObjectName(QStringLiteral("PartName"));
  name->setToolTip({});
  layout->addWidget(name, 1);
  // Packages resolve into thousands of array buffers (DUET: 3315): never clamp what is there.
  mCount->setRange(1, std::max(65536, part.count));
  mCount->setValue(part.count);
  mCount->setPrefix(QStringLiteral("× "));
  mCount->setKeyboardTracking(false);
  mCount->setEnabled(editable);
  mCount->setToolTip(tr("How many %1s (each %2, %3)").arg(QString::fromStdString(t.unitName), formatBytes(t.capacity),
                                                          formatBandwidth(t.bandwidth)));
  mCount->setProperty("partAddress", QStringLiteral("%1/%2/%3").arg(address.group).arg(address.level).arg(address.part));
  layout->addWidget(mCount);
  if (editable) {
    auto* remove = new QToolButton;
    remove->setText(QStringLiteral("✕"));
    remove->setAutoRaise(true);
    remove->setToolTip(tr("Remove %1 from this level").arg(QString::fromStdString(t.name)));
    remove->setStyleSheet(QStringLiteral("QToolButton { color: white; }"));
    layout->addWidget(remove);
    connect(remove, &QToolButton::clicked, this, [this] { emit removeRequested(mAddress); });
  }
  connect(mCount, &QSpinBox::valueChanged, this, [this](int v) { emit countChanged(mAddress, v); });
  setToolTip(tr("<b>%1</b> × %2: %3, %4<br>Drag to another level to move it.")
                 .arg(QString::fromStdString(t.name).toHtmlEscaped())
                 .arg(part.count)
                 .arg(formatBytes(t.capacity * double(part.count)), formatBandwidth(t.bandwidth * double(part.count))));
}

void PartChip::setSelected(bool selected) {
  setProperty("selected", selected);
  style()->unpolish(this);
  style()->polish(this);
}

void PartChip::mousePressEvent(QMouseEvent* event) {
  mPressAt = event->position().toPoint();
  emit clicked(mAddress);
  QFrame::mousePressEvent(event);
}

void PartChip::mouseMoveEvent(QMouseEvent* event) {
  if (!mEditable || !(event->buttons() & Qt::LeftButton) ||
      (event->position().toPoint() - mPressAt).manhattanLength() < QApplication::startDragDistance())
    return;
  auto* mime = new QMimeData;
  mime->setData(kPartMimeType, QStringLiteral("%1/%2/%3").arg(mAddress.group).arg(mAddress.level).arg(mAddress.part).toLatin1());
  mime->setText(mTechnologyId);
  auto* drag = new QDrag(this);
  drag->setMimeData(mime);
  drag->setPixmap(grab());
  sDragging = true;
  drag->exec(Qt::MoveAction);
  sDragging = false;
}

} // namespace llmwb::ui
