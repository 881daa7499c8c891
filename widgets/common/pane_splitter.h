// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSplitter>

#include <vector>

namespace llmwb::ui {

/// Two views side by side where the results pane they scroll in holds both at their minimum
/// width, one above the other where it does not: a laptop's pane then scrolls down, not sideways.
/// Stacked, each child keeps at least `stackedMinimumHeight` (a plot's axes under a long heading
/// and legend). The pane is the nearest scroll area's viewport (the view's own width cannot tell:
/// it never gets narrower than its minimum); without one, the splitter's parent.
class PaneSplitter : public QSplitter {
  Q_OBJECT
public:
  explicit PaneSplitter(int stackedMinimumHeight, QWidget* parent = nullptr);

protected:
  void showEvent(QShowEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

private:
  void fitToPane();

  int mStackedMinimumHeight;
  QWidget* mPane = nullptr;
  std::vector<int> mSideBySideMinimumHeights; ///< each child's, restored when side by side again
};

} // namespace llmwb::ui
