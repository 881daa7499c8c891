// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A one-line label that ends in "…" when its room is shorter than its text (a long part name in a
// narrow lane), the whole text in its tooltip; it may shrink to a few characters.

#include <QLabel>

namespace llmwb::ui {

class ElidedLabel : public QLabel {
  Q_OBJECT
public:
  explicit ElidedLabel(const QString& text, QWidget* parent = nullptr);
  /// The text as drawn at the current width ("3D-stacked SRA…").
  QString shownText() const;
  QSize minimumSizeHint() const override;

protected:
  void paintEvent(QPaintEvent* event) override;
};

} // namespace llmwb::ui
