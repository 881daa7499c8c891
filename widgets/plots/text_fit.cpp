// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/text_fit.h"

#include <QFontMetricsF>
#include <QStringList>

#include <algorithm>
#include <utility>

namespace llmwb::ui {

QString wrapToWidth(const QString& text, const QFont& font, double width) {
  const QFontMetricsF fm(font);
  QStringList lines;
  for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
    // Pieces and whether a space comes before each.
    std::vector<std::pair<QString, bool>> pieces;
    for (const QString& word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
      if (fm.horizontalAdvance(word) <= width || !word.contains(QLatin1Char('-'))) {
        pieces.emplace_back(word, true);
        continue;
      }
      bool first = true;
      for (const QString& part : word.split(QLatin1Char('-'))) {
        if (!first) pieces.back().first += QLatin1Char('-');
        pieces.emplace_back(part, first);
        first = false;
      }
    }
    QString line;
    for (const auto& [piece, spaced] : pieces) {
      const QString longer = line.isEmpty() ? piece : line + (spaced ? QStringLiteral(" ") : QString()) + piece;
      if (!line.isEmpty() && fm.horizontalAdvance(longer) > width) {
        lines << line;
        line = piece;
      } else
        line = longer;
    }
    lines << line;
  }
  return lines.join(QLatin1Char('\n'));
}

int columnsThatFit(const std::vector<int>& widths, int available, int spacing) {
  int columns = int(widths.size());
  for (; columns > 1; --columns) {
    std::vector<int> widest(std::size_t(columns), 0);
    for (std::size_t i = 0; i < widths.size(); ++i)
      widest[i % std::size_t(columns)] = std::max(widest[i % std::size_t(columns)], widths[i]);
    int total = spacing * (columns - 1);
    for (int w : widest) total += w;
    if (total <= available) break;
  }
  return std::max(1, columns);
}

} // namespace llmwb::ui
