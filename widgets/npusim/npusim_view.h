// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The NpuSim chip view: the phase and the traffic to show above the chip plot, the chip's pools in
// one line, and a clear message when the system's parallelism does not fit the chip. Dragging a TP
// group onto another slot is an undoable edit of the system's parallelism.group_slots; when the
// re-evaluated results arrive, a line says how TTFT and TBT changed (before -> after).

#include "core/engine/performance_model.h"
#include "widgets/npusim/npusim_chip_data.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;

namespace llmwb::ui {

class NpusimChipPlot;
class ProjectDocument;
struct ProjectResults;

class NpusimView : public QWidget {
  Q_OBJECT
public:
  explicit NpusimView(QWidget* parent = nullptr);
  /// The request whose chip to show (nullptr: none).
  void setRequest(std::shared_ptr<const EvaluationRequest> request);
  /// The newest results: their request's chip, and (when the placement changed since the last
  /// results) the latency change.
  void setResults(const std::shared_ptr<const ProjectResults>& results);
  /// The document group moves are made in (nullptr: the chip only shows).
  void setDocument(ProjectDocument* document);
  /// "Placement: TTFT a → b (+d), TBT ..." after a placement change; empty before any.
  QString placementChange() const;
  NpusimChipPlot* plot() const { return mPlot; }
  QComboBox* phaseBox() const { return mPhase; }
  QComboBox* trafficBox() const { return mTraffic; }
  QString message() const;

private:
  void refreshChip();
  void moveGroup(int group, int slot);
  std::shared_ptr<const EvaluationRequest> mRequest;
  engine::GroupModels mModels; ///< the request's group models: the chip mapping comes from them
  std::shared_ptr<const ProjectResults> mResults;
  ProjectDocument* mDocument = nullptr;
  QLabel* mChange = nullptr;
  QComboBox* mPhase = nullptr;
  QComboBox* mTraffic = nullptr;
  QLabel* mSummary = nullptr;
  QLabel* mMessage = nullptr;
  NpusimChipPlot* mPlot = nullptr;
  bool mUpdating = false;
};

} // namespace llmwb::ui
