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
  layout->setContentsMargins(10, 4, 10, 4);
  layout->setSpacing(2);
  QFont f = mValue->font();
  f.setPointSizeF(f.pointSizeF() * 1.5);
  f.setBold(true);
  mValue->setFont(f);
  mCaption->setForegroundRole(QPalette::PlaceholderText);
  mDetail->setForegroundRole(QPalette::PlaceholderText);
  layout->addWidget(mCaption);
  layout->addWidget(mValue);
  layout->addWidget(mDetail);
}

void SummaryCard::setValue(const QString& value, const QString& detail, const QString& tooltip) {
  mValue->setText(value);
  mDetail->setText(detail);
  setToolTip(tooltip);
}

QString SummaryCard::value() const { return mValue->text(); }

} // namespace llmwb::ui
