// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/evaluation/summary_card.h"

#include <QLabel>
#include <QVBoxLayout>

namespace llmwb::ui {

SummaryCard::SummaryCard(const QString& caption, QWidget* parent)
    : QFrame(parent), mCaption(new QLabel(caption)), mValue(new QLabel(QStringLiteral("–"))), mDetail(new QLabel) {
  setFrameShape(QFrame::StyledPanel);
  setObjectName(QStringLiteral("SummaryCard"));
  auto* layout = new QVBoxLayout(this);
  // Tight: on a laptop the cards stand in two rows above the comparison.
  layout->setContentsMargins(8, 3, 8, 3);
  layout->setSpacing(0);
  QFont f = mValue->font();
  f.setPointSizeF(f.pointSizeF() * 1.5);
  f.setBold(true);
  mValue->setFont(f);
  mCaption->setForegroundRole(QPalette::PlaceholderText);
  mDetail->setForegroundRole(QPalette::PlaceholderText);
  // A long detail (a reason the phase does not fit) is cut at the card's edge rather than widen
  // every card; the tooltip has it whole.
  mDetail->setMinimumWidth(1);
  layout->addWidget(mCaption);
  layout->addWidget(mValue);
  layout->addWidget(mDetail);
}

void SummaryCard::setValue(const QString& value, const QString& detail, const QString& tooltip) {
  mValue->setText(value);
  mDetail->setText(detail);
  setToolTip(tooltip.isEmpty() ? detail : tooltip);
}

QString SummaryCard::value() const { return mValue->text(); }

} // namespace llmwb::ui
