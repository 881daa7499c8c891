// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/result.h"

#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QSplitter;
class QTabWidget;
class QTableWidget;

namespace llmwb::ui {

class SummaryCard;
class WrapGrid;

/// Shows one evaluation: headline cards, the devices, and per-operator tables for each phase.
class EvaluationView : public QWidget {
  Q_OBJECT
public:
  explicit EvaluationView(QWidget* parent = nullptr);
  /// `systemName`: the design's name for the heading (the result only has an id, which for a
  /// saved or recovered project is "project/system"); empty: the id.
  void showResult(std::shared_ptr<const EvaluationResult> result, const QString& systemName = {});
  /// The heading: system · model · workload (tokens).
  QString title() const;
  void showBusy(const QString& what);
  void showError(const QString& message);
  std::shared_ptr<const EvaluationResult> result() const { return mResult; }
  /// Puts a widget (the comparison table) between the cards and the details, in a splitter with them.
  void insertBelowCards(QWidget* widget);
  /// The headline cards, in order: TTFT, prefill, decode, TBT, power, efficiency, area.
  std::vector<SummaryCard*> cards() const;

private:
  void fillOperators(QTableWidget* table, const PhaseResult& phase);
  /// Sizes the table's columns to its texts now if its tab is shown, else when its tab opens.
  void fitColumns(QTableWidget* table);

  std::shared_ptr<const EvaluationResult> mResult;
  QLabel* mTitle;
  QLabel* mStatus;
  SummaryCard* mTtft;
  SummaryCard* mPrefillRate;
  SummaryCard* mDecodeRate;
  SummaryCard* mTbt;
  SummaryCard* mPower;
  SummaryCard* mEfficiency;
  SummaryCard* mArea;
  QTableWidget* mDevices;
  QTableWidget* mParts; ///< heterogeneous systems: each part on its group (a tab only while there are parts)
  WrapGrid* mCards = nullptr;
  QSplitter* mDetails = nullptr;
  QTabWidget* mTabs;
  QTableWidget* mPrefillOps;
  QTableWidget* mDecodeOps;
};

} // namespace llmwb::ui
