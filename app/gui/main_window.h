// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/io/preset_library.h"

#include <QMainWindow>

class QComboBox;

namespace llmwb::ui {
class EvaluationRunner;
class EvaluationView;
class PresetTree;
} // namespace llmwb::ui

namespace llmwb {

/// The workbench window: presets on the left, the chosen system, model and workload on top, the
/// evaluation in the centre. Every change re-evaluates in the background.
class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  explicit MainWindow(const PresetLibrary& library, QWidget* parent = nullptr);

  /// Opens a project file; returns false (and shows why) when it cannot be read.
  bool openProject(const QString& path);
  void select(PresetKind kind, const QString& id);
  ui::EvaluationView* evaluationView() const { return mView; }
  ui::EvaluationRunner* runner() const { return mRunner; }

signals:
  void evaluationShown();

private:
  void reevaluate();
  void fillCombo(QComboBox* combo, PresetKind kind);

  const PresetLibrary& mLibrary;
  ui::PresetTree* mPresets;
  ui::EvaluationView* mView;
  ui::EvaluationRunner* mRunner;
  QComboBox* mSystem;
  QComboBox* mModel;
  QComboBox* mWorkload;
};

} // namespace llmwb
