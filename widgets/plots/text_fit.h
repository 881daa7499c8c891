// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Fitting text to room, shared by a plot's on-screen fit (screen_fit.cpp) and its printed-figure
// layout (figure_layout.cpp).

#include <QFont>
#include <QString>

#include <vector>

namespace llmwb::ui {

/// `text` broken at spaces into lines no wider than `width` in `font`; existing line breaks stay.
/// A word wider than the line is broken after its hyphens ("High-|Bandwidth").
QString wrapToWidth(const QString& text, const QFont& font, double width);

/// How many columns of items `widths` wide fit in `available`, filled row by row with `spacing`
/// between columns (at least one).
int columnsThatFit(const std::vector<int>& widths, int available, int spacing);

} // namespace llmwb::ui
