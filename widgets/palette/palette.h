// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/io/preset_library.h"
#include "widgets/palette/palette_mime.h"

#include <QWidget>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace llmwb::ui {

/// The palette: everything a user builds with, searchable and draggable. Memory technologies,
/// package chiplets, GPU baselines, systems, devices, models, workloads and projects, the user's
/// own presets (from their preset folder) marked as theirs. Tooltips give each preset's key
/// figures with units and where they come from. A Hugging Face config.json dropped on it is
/// imported as a model.
class Palette : public QWidget {
  Q_OBJECT
public:
  explicit Palette(const PresetLibrary& library, QWidget* parent = nullptr);
  void reload();
  int entryCount() const;
  /// The tree's item for an entry (tests drag from it); null when absent.
  QTreeWidgetItem* itemFor(PresetKind kind, const QString& id) const;
  QTreeWidget* tree() const { return mTree; }
  /// Imports Hugging Face config.json files (what a drop of files on the palette does) as model
  /// presets into the user's folder, reloads, and says so (modelImported / importFailed).
  void importModelConfigs(const QStringList& files);

signals:
  /// Double-click or Enter on an entry.
  void activated(const llmwb::ui::PaletteEntry& entry);
  /// A dropped config.json is now a model preset: `reference` is what a project names it by.
  void modelImported(const QString& reference, const QString& name);
  void importFailed(const QString& message);

private:
  void filter(const QString& text);

  const PresetLibrary& mLibrary;
  QLineEdit* mSearch;
  QTreeWidget* mTree;
};

} // namespace llmwb::ui
