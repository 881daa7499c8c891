// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/common/elided_label.h"

#include <QPainter>
#include <QStyle>

namespace llmwb::ui {

ElidedLabel::ElidedLabel(const QString& text, QWidget* parent) : QLabel(text, parent) {
  setToolTip(text);
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

QString ElidedLabel::shownText() const { return fontMetrics().elidedText(text(), Qt::ElideRight, contentsRect().width()); }

QSize ElidedLabel::minimumSizeHint() const {
  // Room for a few characters and the ellipsis.
  const QFontMetrics fm = fontMetrics();
  return {std::min(fm.horizontalAdvance(text()), fm.horizontalAdvance(QStringLiteral("Mmmm…"))), QLabel::minimumSizeHint().height()};
}

void ElidedLabel::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  // The style draws it, so a style sheet's colour applies as to any label.
  style()->drawItemText(&painter, contentsRect(), int(alignment()) | Qt::TextSingleLine, palette(), isEnabled(), shownText(),
                        foregroundRole());
}

} // namespace llmwb::ui
