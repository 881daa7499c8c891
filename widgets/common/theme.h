// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace llmwb::ui {

enum class Theme { Light, Dark };

/// Fusion style with the workbench's light or dark palette, for every window and plot.
void applyTheme(Theme theme);
Theme currentTheme();

} // namespace llmwb::ui
