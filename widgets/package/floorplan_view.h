// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/package/package.h"
#include "widgets/palette/palette_mime.h"

#include <QGraphicsView>

#include <optional>

class QGraphicsRectItem;

namespace llmwb::ui {

/// The interposer floorplan of one package on a grid: compute chiplets, memory-PHY chiplets and
/// in-package stacks on the interposer, off-package devices on the board around it. Items drag
/// between cells; palette entries drop onto cells; oversized parts are outlined in red.
class FloorplanView : public QGraphicsView {
  Q_OBJECT
public:
  explicit FloorplanView(QWidget* parent = nullptr);
  void showPackage(const PackageSpec& package, const PackageReport& report);

  static constexpr double kCell = 96; ///< scene units per grid cell
  /// The view never fits the package smaller than this (scene unit -> pixels): the chiplet labels
  /// (17 scene px) stay about 10 px tall, and a large package scrolls instead. Ctrl+wheel zooms
  /// below or above it; Ctrl+0 fits again.
  static constexpr double kLegibleScale = 0.6;
  /// Pixels per scene unit now.
  double zoom() const;
  /// The grid cell under a point in view coordinates.
  std::pair<int, int> cellAt(const QPoint& viewPoint) const;
  /// View coordinates of a cell's centre (tests drop there).
  QPoint cellCentre(int row, int column) const;
  std::optional<std::size_t> itemAt(const QPoint& viewPoint) const;

signals:
  void entryDropped(const llmwb::ui::PaletteEntry& entry, int row, int column, std::optional<std::size_t> onItem);
  void itemMoved(std::size_t item, int row, int column);
  void itemSelected(std::size_t item);
  void removeRequested(std::size_t item);

protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragMoveEvent(QDragMoveEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  /// A theme switch redraws the package in the new palette's colours.
  void changeEvent(QEvent* event) override;

private:
  void fit();

  std::optional<std::pair<PackageSpec, PackageReport>> mShown; ///< what showPackage drew last
  std::vector<QGraphicsRectItem*> mItems; ///< one per floorplan item, in order
  std::optional<std::size_t> mPressed;
  std::optional<std::size_t> mSelected;
  QPointF mPressOffset;
  QPoint mPressAt;
  bool mMoving = false;
  bool mZoomedByUser = false; ///< Ctrl+wheel: resizes keep the user's zoom
};

} // namespace llmwb::ui
