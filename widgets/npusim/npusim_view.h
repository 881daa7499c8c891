// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The NpuSim chip view: the phase and the traffic to show above the chip plot, the chip's pools in
// one line, and a clear message when the system's parallelism does not fit the chip.

#include "widgets/npusim/npusim_chip_data.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;

namespace llmwb::ui {

class NpusimChipPlot;

class NpusimView : public QWidget {
  Q_OBJECT
public:
  explicit NpusimView(QWidget* parent = nullptr);
  /// The request whose chip to show (nullptr: none).
  void setRequest(std::shared_ptr<const EvaluationRequest> request);
  NpusimChipPlot* plot() const { return mPlot; }
  QComboBox* phaseBox() const { return mPhase; }
  QComboBox* trafficBox() const { return mTraffic; }
  QString message() const;

private:
  void refreshChip();
  std::shared_ptr<const EvaluationRequest> mRequest;
  QComboBox* mPhase = nullptr;
  QComboBox* mTraffic = nullptr;
  QLabel* mSummary = nullptr;
  QLabel* mMessage = nullptr;
  NpusimChipPlot* mPlot = nullptr;
  bool mUpdating = false;
};

} // namespace llmwb::ui
