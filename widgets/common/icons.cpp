// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/common/icons.h"

#include <QApplication>
#include <QFile>
#include <QPainter>
#include <QPalette>
#include <QPixmap>

namespace llmwb::ui {

namespace {
QIcon swatch(const QColor& fill, bool rounded) {
  QIcon icon;
  for (int size : {16, 32, 48}) {
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(fill.darker(150), size / 16.0));
    p.setBrush(fill);
    const QRectF r(size * 0.12, size * 0.12, size * 0.76, size * 0.76);
    if (rounded) p.drawRoundedRect(r, size * 0.18, size * 0.18);
    else p.drawRect(r);
    icon.addPixmap(pm);
  }
  return icon;
}
} // namespace

QColor memoryColor(const QString& id) {
  if (id.startsWith(QLatin1String("sram-3d"))) return QColor(0x1b, 0x9e, 0x9a);
  if (id.startsWith(QLatin1String("sram")) || id.startsWith(QLatin1String("l2"))) return QColor(0x3a, 0x7b, 0xd5);
  if (id.startsWith(QLatin1String("hbm4"))) return QColor(0x8e, 0x44, 0xad);
  if (id.startsWith(QLatin1String("hbm"))) return QColor(0xa5, 0x69, 0xc9);
  if (id.startsWith(QLatin1String("hbf"))) return QColor(0xc0, 0x39, 0x2b);
  if (id.startsWith(QLatin1String("lpddr"))) return QColor(0x27, 0xae, 0x60);
  if (id.startsWith(QLatin1String("gddr"))) return QColor(0xe6, 0x7e, 0x22);
  return QColor(0x7f, 0x8c, 0x8d);
}

QColor memoryColor(const MemoryTechnology& t) { return memoryColor(QString::fromStdString(t.id)); }

QColor kindColor(FloorplanItem::Kind kind) {
  switch (kind) {
  case FloorplanItem::Kind::Compute: return QColor(0x34, 0x49, 0x5e);
  case FloorplanItem::Kind::MemoryPhy: return QColor(0x95, 0xa5, 0xa6);
  case FloorplanItem::Kind::Hbm: return memoryColor(QStringLiteral("hbm3e"));
  case FloorplanItem::Kind::Gddr: return memoryColor(QStringLiteral("gddr"));
  }
  return Qt::gray;
}

QIcon memoryIcon(const MemoryTechnology& t) { return swatch(memoryColor(t), true); }
QIcon kindIcon(FloorplanItem::Kind kind) { return swatch(kindColor(kind), false); }
QIcon systemIcon(bool gpu) { return swatch(gpu ? QColor(0x76, 0xb9, 0x00) : QColor(0x2c, 0x3e, 0x50), false); }

QIcon actionIcon(const QString& name) {
  const QString path = QStringLiteral(":/icons/%1.svg").arg(name);
  return QFile::exists(path) ? QIcon(path) : QIcon();
}

bool darkPalette() {
  const QPalette p = QApplication::palette();
  return p.color(QPalette::Window).lightness() < p.color(QPalette::WindowText).lightness();
}

} // namespace llmwb::ui
