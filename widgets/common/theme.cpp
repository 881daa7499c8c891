// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/common/theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>

namespace llmwb::ui {

namespace {
Theme gTheme = Theme::Light;
}

void applyTheme(Theme theme) {
  gTheme = theme;
  QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
  QPalette p;
  if (theme == Theme::Dark) {
    const QColor window(0x2b, 0x2d, 0x31), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6), mid(0x5a, 0x5d, 0x63);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3c));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Mid, mid);
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4e));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x8b, 0xe0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x93, 0x99));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x83, 0x88));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x83, 0x88));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x83, 0x88));
  } else {
    p = QApplication::style()->standardPalette();
    p.setColor(QPalette::Highlight, QColor(0x2a, 0x6f, 0xd6));
    p.setColor(QPalette::AlternateBase, QColor(0xf3, 0xf5, 0xf8));
  }
  QApplication::setPalette(p);
  // A style sheet's palette(base), palette(mid) … are resolved when it is set, not when the
  // palette changes: set each again so the hierarchy lanes and chips follow the new theme.
  for (QWidget* widget : QApplication::allWidgets()) {
    const QString sheet = widget->styleSheet();
    if (!sheet.contains(QLatin1String("palette("))) continue;
    widget->setStyleSheet(QString());
    widget->setStyleSheet(sheet);
  }
}

Theme currentTheme() { return gTheme; }

} // namespace llmwb::ui
