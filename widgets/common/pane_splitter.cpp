// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/common/pane_splitter.h"

#include <QAbstractScrollArea>
#include <QEvent>

#include <algorithm>

namespace llmwb::ui {

namespace {
constexpr int kViewMargins = 24; ///< px between the pane's edge and the splitter (the view's layout)
} // namespace

PaneSplitter::PaneSplitter(int stackedMinimumHeight, QWidget* parent)
    : QSplitter(Qt::Horizontal, parent), mStackedMinimumHeight(stackedMinimumHeight) {}

void PaneSplitter::showEvent(QShowEvent* event) {
  QSplitter::showEvent(event);
  QWidget* pane = parentWidget();
  for (QWidget* w = parentWidget(); w; w = w->parentWidget())
    if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
      pane = area->viewport();
      break;
    }
  if (pane != mPane) {
    if (mPane) mPane->removeEventFilter(this);
    mPane = pane;
    if (mPane) mPane->installEventFilter(this);
  }
  fitToPane();
}

bool PaneSplitter::eventFilter(QObject* watched, QEvent* event) {
  if (watched == mPane && event->type() == QEvent::Resize) fitToPane();
  return QSplitter::eventFilter(watched, event);
}

void PaneSplitter::fitToPane() {
  if (!mPane) return;
  int sideBySide = handleWidth() * (count() - 1) + kViewMargins;
  for (int i = 0; i < count(); ++i) sideBySide += std::max(widget(i)->minimumWidth(), widget(i)->minimumSizeHint().width());
  const auto wanted = mPane->width() >= sideBySide ? Qt::Horizontal : Qt::Vertical;
  if (orientation() == wanted) return;
  if (wanted == Qt::Vertical) {
    mSideBySideMinimumHeights.clear();
    for (int i = 0; i < count(); ++i) {
      mSideBySideMinimumHeights.push_back(widget(i)->minimumHeight());
      widget(i)->setMinimumHeight(std::max(widget(i)->minimumHeight(), mStackedMinimumHeight));
    }
  } else {
    for (int i = 0; i < count() && i < int(mSideBySideMinimumHeights.size()); ++i)
      widget(i)->setMinimumHeight(mSideBySideMinimumHeights[std::size_t(i)]);
  }
  setOrientation(wanted);
}

} // namespace llmwb::ui
