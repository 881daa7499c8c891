// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the workbench's documentation is, for links from the views: the source tree's docs/
// beside a build, or the installed <prefix>/share/doc/llmwb.

#include <QString>

namespace llmwb::ui {

/// A file:// URL of docs/NAME ("fidelity.md"), or empty when the documentation is not there.
QString documentationUrl(const QString& name);

} // namespace llmwb::ui
