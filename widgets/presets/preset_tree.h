// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/io/preset_library.h"

#include <QWidget>

class QLineEdit;
class QTreeWidget;

namespace llmwb::ui {

/// Every preset the library knows, grouped by kind, with a search field. Activating a system,
/// model or workload emits its kind and id.
class PresetTree : public QWidget {
  Q_OBJECT
public:
  explicit PresetTree(const PresetLibrary& library, QWidget* parent = nullptr);
  void reload();
  int presetCount() const;

signals:
  void activated(llmwb::PresetKind kind, const QString& id);

private:
  void filter(const QString& text);

  const PresetLibrary& mLibrary;
  QLineEdit* mSearch;
  QTreeWidget* mTree;
};

} // namespace llmwb::ui
