// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/package/floorplan_view.h"

#include "core/edit/package_edits.h"
#include "widgets/common/icons.h"

#include <QApplication>
#include <QRegularExpression>
#include <QDragEnterEvent>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QWheelEvent>
#include <QMimeData>

#include <algorithm>
#include <climits>
#include <cmath>

namespace llmwb::ui {

namespace {
constexpr int kItemIndex = 0; // QGraphicsItem::data key

QString label(const PackageSpec& p, const FloorplanItem& f) {
  switch (f.kind) {
  case FloorplanItem::Kind::Compute: {
    const auto& c = p.computeChiplet;
    return c.systolic && !c.vector ? FloorplanView::tr("systolic") : c.vector && !c.systolic ? FloorplanView::tr("vector")
                                                                                             : FloorplanView::tr("compute");
  }
  case FloorplanItem::Kind::MemoryPhy: return FloorplanView::tr("PHY");
  case FloorplanItem::Kind::Hbm:
  case FloorplanItem::Kind::Gddr:
    for (const auto& m : p.memory)
      if (m.inPackage == (f.kind == FloorplanItem::Kind::Hbm)) return QString::fromStdString(m.part.technology.name);
    return {};
  }
  return {};
}

QColor itemColour(const PackageSpec& p, const FloorplanItem& f) {
  if (f.kind == FloorplanItem::Kind::Hbm || f.kind == FloorplanItem::Kind::Gddr)
    for (const auto& m : p.memory)
      if (m.inPackage == (f.kind == FloorplanItem::Kind::Hbm)) return memoryColor(m.part.technology);
  return kindColor(f.kind);
}
} // namespace

FloorplanView::FloorplanView(QWidget* parent) : QGraphicsView(parent) {
  setScene(new QGraphicsScene(this));
  setAcceptDrops(true);
  setRenderHint(QPainter::Antialiasing);
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(320, 100); // fits the editors pane on a 1366x768 screen; the view scales the grid
  setToolTip(tr("Drag chiplets and memory from the palette onto the grid; drag items to move them; Delete removes the selected one.<br>"
                "Ctrl+wheel zooms, Ctrl+0 fits the package."));
}

void FloorplanView::changeEvent(QEvent* event) {
  QGraphicsView::changeEvent(event);
  if ((event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) && mShown) {
    const auto shown = *mShown; // showPackage replaces it
    showPackage(shown.first, shown.second);
  }
}

void FloorplanView::showPackage(const PackageSpec& p, const PackageReport& report) {
  mShown.emplace(p, report);
  auto* s = scene();
  s->clear();
  mItems.clear();
  const QPalette pal = palette();
  // The grid: the items' extent plus one free ring to drop into.
  int top = INT_MAX, left = INT_MAX, bottom = INT_MIN, right = INT_MIN;
  int inTop = INT_MAX, inLeft = INT_MAX, inBottom = INT_MIN, inRight = INT_MIN;
  for (const auto& f : p.floorplan) {
    top = std::min(top, f.row), left = std::min(left, f.column), bottom = std::max(bottom, f.row), right = std::max(right, f.column);
    if (edit::inPackage(f.kind))
      inTop = std::min(inTop, f.row), inLeft = std::min(inLeft, f.column), inBottom = std::max(inBottom, f.row),
      inRight = std::max(inRight, f.column);
  }
  if (p.floorplan.empty()) top = left = 0, bottom = right = 0;
  for (int r = top - 1; r <= bottom + 1; ++r)
    for (int c = left - 1; c <= right + 1; ++c) {
      auto* cell = s->addRect(c * kCell + 2, r * kCell + 2, kCell - 4, kCell - 4, QPen(pal.color(QPalette::Mid), 1, Qt::DotLine));
      cell->setZValue(-2);
    }
  // The interposer around the in-package items, red when over its limit.
  if (inTop != INT_MAX) {
    const bool over = report.interposerArea > report.interposerLimit;
    const QRectF box(inLeft * kCell - 10, inTop * kCell - 10, (inRight - inLeft + 1) * kCell + 20, (inBottom - inTop + 1) * kCell + 20);
    auto* interposer = s->addRect(box, QPen(over ? QColor(0xc0, 0x39, 0x2b) : pal.color(QPalette::Text), over ? 4 : 2),
                                  QColor(0xd4, 0xac, 0x0d, 40));
    interposer->setZValue(-1);
    interposer->setToolTip(tr("Interposer: %1 of %2 mm²").arg(report.interposerArea.value(), 0, 'f', 0).arg(report.interposerLimit.value(), 0, 'f', 0));
    auto* caption = s->addSimpleText(over ? tr("interposer %1 mm² > %2 mm² limit").arg(report.interposerArea.value(), 0, 'f', 0).arg(report.interposerLimit.value(), 0, 'f', 0)
                                          : tr("interposer %1 mm²").arg(report.interposerArea.value(), 0, 'f', 0));
    QFont captionFont = QApplication::font();
    captionFont.setPixelSize(22);
    captionFont.setWeight(QFont::DemiBold);
    caption->setFont(captionFont);
    caption->setBrush(over ? QColor(0xc0, 0x39, 0x2b) : pal.color(QPalette::Text));
    caption->setPos(box.left(), box.bottom() + 4);
  }
  const bool chipletOver = report.chiplet.total > report.chipletCap + SquareMillimeters(1e-9);
  // Off-package devices share a cell: two side by side.
  std::map<std::pair<int, int>, int> seen;
  for (std::size_t i = 0; i < p.floorplan.size(); ++i) {
    const auto& f = p.floorplan[i];
    QRectF r(f.column * kCell + 8, f.row * kCell + 8, kCell - 16, kCell - 16);
    if (!edit::inPackage(f.kind)) {
      const int slot = seen[{f.row, f.column}]++;
      const int perCell = std::max(1, p.memoryPhys.devicesPerChiplet);
      const double w = (kCell - 16) / perCell;
      r = QRectF(f.column * kCell + 8 + slot * w + 2, f.row * kCell + 18, w - 4, kCell - 36);
    } else if (f.kind == FloorplanItem::Kind::MemoryPhy) {
      r.adjust(12, 12, -12, -12);
    }
    const QColor colour = itemColour(p, f);
    const bool bad = f.kind == FloorplanItem::Kind::Compute && chipletOver;
    auto* item = s->addRect(r, QPen(bad ? QColor(0xc0, 0x39, 0x2b) : colour.darker(150), bad ? 4 : 1.5), colour);
    item->setData(kItemIndex, int(i));
    item->setZValue(mSelected && *mSelected == i ? 2 : 1);
    if (mSelected && *mSelected == i) item->setPen(QPen(pal.color(QPalette::Highlight), 4));
    auto* text = new QGraphicsSimpleTextItem(label(p, f), item);
    QFont font = QApplication::font();
    font.setPixelSize(edit::inPackage(f.kind) ? 17 : 12); // scene units: a cell is 96
    font.setWeight(QFont::DemiBold);
    text->setFont(font);
    text->setBrush(Qt::white);
    // A label too wide for its tile (two GDDR devices share a cell's width) takes the short name
    // ("GDDR7"), standing upright where the tile is tall, rather than shrinking to a few pixels;
    // the tooltip has the whole name.
    QRectF tb = text->boundingRect();
    bool upright = false;
    if (tb.width() > r.width() - 4) {
      static const QRegularExpression wordEnd(QStringLiteral("[ ,(]"));
      text->setText(label(p, f).section(wordEnd, 0, 0, QString::SectionSkipEmpty));
      tb = text->boundingRect();
      upright = tb.width() > r.width() - 4 && r.height() > r.width();
    }
    const double room = (upright ? r.height() : r.width()) - 4;
    text->setTransformOriginPoint(tb.center());
    text->setScale(std::min(1.0, room / tb.width()));
    if (upright) text->setRotation(-90);
    text->setPos(r.center() - tb.center());
    QString tip;
    switch (f.kind) {
    case FloorplanItem::Kind::Compute:
      tip = tr("<b>Compute chiplet</b><br>%1 systolic + %2 vector-unit arrays<br>%3 of %4 mm² (cap)")
                .arg(report.systolicPerChiplet)
                .arg(report.vectorPerChiplet)
                .arg(report.chiplet.total.value(), 0, 'f', 1)
                .arg(report.chipletCap.value(), 0, 'f', 0);
      break;
    case FloorplanItem::Kind::MemoryPhy:
      tip = tr("<b>Memory-PHY chiplet</b><br>%1 mm², drives %2 off-package devices").arg(p.memoryPhys.area.value(), 0, 'f', 0).arg(p.memoryPhys.devicesPerChiplet);
      break;
    default: tip = tr("<b>%1</b> (%2)").arg(label(p, f), f.kind == FloorplanItem::Kind::Hbm ? tr("in package") : tr("off package")); break;
    }
    item->setToolTip(tip);
    mItems.push_back(item);
  }
  fit();
}

void FloorplanView::fit() {
  const QRectF bounds = scene()->itemsBoundingRect().adjusted(-10, -10, 10, 10);
  setSceneRect(bounds);
  if (mZoomedByUser || bounds.isEmpty()) return;
  const QSize port = viewport()->size();
  const double fitting = std::min(port.width() / bounds.width(), port.height() / bounds.height());
  const double scale = std::max(fitting * 0.98, kLegibleScale);
  setTransform(QTransform::fromScale(scale, scale));
  centerOn(bounds.center());
}

double FloorplanView::zoom() const { return transform().m11(); }

void FloorplanView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  fit();
}

void FloorplanView::wheelEvent(QWheelEvent* event) {
  if (!(event->modifiers() & Qt::ControlModifier)) {
    QGraphicsView::wheelEvent(event); // scrolls a package larger than the view
    return;
  }
  // Ctrl+wheel zooms about the cursor, 15 % a notch, between 0.1 and 4 pixels per scene unit.
  const double notches = event->angleDelta().y() / 120.0;
  const double factor = std::clamp(std::pow(1.15, notches) * zoom(), 0.1, 4.0) / zoom();
  const ViewportAnchor anchor = transformationAnchor();
  setTransformationAnchor(AnchorUnderMouse);
  scale(factor, factor);
  setTransformationAnchor(anchor);
  mZoomedByUser = true;
  event->accept();
}

std::pair<int, int> FloorplanView::cellAt(const QPoint& viewPoint) const {
  const QPointF s = mapToScene(viewPoint);
  return {int(std::floor(s.y() / kCell)), int(std::floor(s.x() / kCell))};
}

QPoint FloorplanView::cellCentre(int row, int column) const {
  return mapFromScene(QPointF((column + 0.5) * kCell, (row + 0.5) * kCell));
}

std::optional<std::size_t> FloorplanView::itemAt(const QPoint& viewPoint) const {
  for (auto* item : items(viewPoint))
    if (item->data(kItemIndex).isValid()) return std::size_t(item->data(kItemIndex).toInt());
    else if (item->parentItem() && item->parentItem()->data(kItemIndex).isValid())
      return std::size_t(item->parentItem()->data(kItemIndex).toInt());
  return std::nullopt;
}

void FloorplanView::dragEnterEvent(QDragEnterEvent* event) {
  if (fromMimeData(event->mimeData())) event->acceptProposedAction();
  else event->ignore();
}

void FloorplanView::dragMoveEvent(QDragMoveEvent* event) {
  if (fromMimeData(event->mimeData())) event->acceptProposedAction();
  else event->ignore();
}

void FloorplanView::dropEvent(QDropEvent* event) {
  const auto entry = fromMimeData(event->mimeData());
  if (!entry) return;
  event->acceptProposedAction();
  const QPoint at = event->position().toPoint();
  const auto [row, column] = cellAt(at);
  emit entryDropped(*entry, row, column, itemAt(at));
}

void FloorplanView::mousePressEvent(QMouseEvent* event) {
  mPressed = itemAt(event->position().toPoint());
  mPressAt = event->position().toPoint();
  mMoving = false;
  if (mPressed) {
    mSelected = mPressed;
    mPressOffset = mapToScene(mPressAt) - mItems[*mPressed]->pos();
    emit itemSelected(*mPressed);
  }
  QGraphicsView::mousePressEvent(event);
}

void FloorplanView::mouseMoveEvent(QMouseEvent* event) {
  if (mPressed && (event->buttons() & Qt::LeftButton) &&
      (event->position().toPoint() - mPressAt).manhattanLength() >= QApplication::startDragDistance()) {
    mMoving = true;
    auto* item = mItems[*mPressed];
    item->setZValue(5);
    item->setPos(mapToScene(event->position().toPoint()) - mapToScene(mPressAt));
    item->setOpacity(0.7);
  }
  QGraphicsView::mouseMoveEvent(event);
}

void FloorplanView::mouseReleaseEvent(QMouseEvent* event) {
  if (mPressed && mMoving) {
    const auto [row, column] = cellAt(event->position().toPoint());
    const std::size_t item = *mPressed;
    mPressed.reset();
    mMoving = false;
    mItems[item]->setPos(0, 0);
    mItems[item]->setOpacity(1);
    emit itemMoved(item, row, column);
  }
  mPressed.reset();
  QGraphicsView::mouseReleaseEvent(event);
}

void FloorplanView::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_0 && (event->modifiers() & Qt::ControlModifier)) {
    mZoomedByUser = false;
    fit();
    return;
  }
  if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) && mSelected && *mSelected < mItems.size()) {
    const std::size_t item = *mSelected;
    mSelected.reset();
    emit removeRequested(item);
    return;
  }
  QGraphicsView::keyPressEvent(event);
}

} // namespace llmwb::ui
