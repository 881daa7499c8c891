// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/common/deferred_call.h"
#include "widgets/document/selection.h"

#include <QScrollArea>

class QFormLayout;

namespace llmwb::ui {

class ProjectDocument;

/// Properties of the selection as typed fields with units: the project (model, workload,
/// evaluation options) when nothing is selected, a device (compute, strategy, number formats,
/// DMA, power), a memory part (its technology's figures and sources), or a package part (the
/// chiplet design, package limits). Tooltips say where each value comes from.
class Inspector : public QScrollArea {
  Q_OBJECT
public:
  explicit Inspector(QWidget* parent = nullptr);
  void setDocument(ProjectDocument* document, SelectionModel* selection);

private:
  void rebuild();

  ProjectDocument* mDocument = nullptr;
  SelectionModel* mSelection = nullptr;
  QString mScope; ///< what the form shows ("device/0"; FormBuilder's scope)
  DeferredCall mRebuild;
};

} // namespace llmwb::ui
