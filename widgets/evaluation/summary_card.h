// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFrame>

class QLabel;

namespace llmwb::ui {

/// One headline figure: a caption, a large value with its unit, and a detail line.
class SummaryCard : public QFrame {
  Q_OBJECT
public:
  SummaryCard(const QString& caption, QWidget* parent = nullptr);
  void setValue(const QString& value, const QString& detail = {}, const QString& tooltip = {});
  QString value() const;

private:
  QLabel* mCaption;
  QLabel* mValue;
  QLabel* mDetail;
};

} // namespace llmwb::ui
