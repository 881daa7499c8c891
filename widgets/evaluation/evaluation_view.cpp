// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/evaluation/evaluation_view.h"

#include "widgets/common/format.h"
#include "widgets/common/table_cells.h"
#include "widgets/common/wrap_grid.h"
#include "widgets/evaluation/summary_card.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace llmwb::ui {

namespace {
/// No summary card narrower: the caption and a value such as "3,088 tok/s" in its large type.
constexpr int kMinCardWidth = 150;

QTableWidget* makeTable(const QStringList& headers) {
  auto* t = new QTableWidget(0, headers.size());
  t->setHorizontalHeaderLabels(headers);
  t->verticalHeader()->setVisible(false);
  t->setEditTriggers(QAbstractItemView::NoEditTriggers);
  t->setSelectionBehavior(QAbstractItemView::SelectRows);
  t->setAlternatingRowColors(true);
  t->horizontalHeader()->setStretchLastSection(true);
  return t;
}

} // namespace

EvaluationView::EvaluationView(QWidget* parent)
    : QWidget(parent), mTitle(new QLabel), mStatus(new QLabel), mTtft(new SummaryCard(tr("Time to first token"))),
      mPrefillRate(new SummaryCard(tr("Prefill throughput"))), mDecodeRate(new SummaryCard(tr("Decode throughput"))),
      mTbt(new SummaryCard(tr("Time between tokens"))), mPower(new SummaryCard(tr("Average power"))),
      mEfficiency(new SummaryCard(tr("Energy efficiency"))), mArea(new SummaryCard(tr("Silicon area"))),
      mDevices(makeTable({tr("Device"), tr("Role"), tr("Count"), tr("Engine"), tr("Peak compute"), tr("Memory"),
                          tr("Bandwidth"), tr("TDP"), tr("Hierarchy"), tr("Strategy")})),
      mParts(makeTable({tr("Part"), tr("Device"), tr("Batch"), tr("Time"), tr("Tokens/s"), tr("Tokens/J"),
                        tr("Dynamic energy")})),
      mTabs(new QTabWidget),
      mPrefillOps(makeTable({tr("Operator"), tr("Layers"), tr("Time"), tr("Share"), tr("GFLOP"), tr("Off-chip GB"),
                             tr("FLOP/byte"), tr("Bound")})),
      mDecodeOps(makeTable({tr("Operator"), tr("Layers"), tr("Time"), tr("Share"), tr("GFLOP"), tr("Off-chip GB"),
                            tr("FLOP/byte"), tr("Bound")})) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 4, 6, 4);
  QFont titleFont = mTitle->font();
  titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
  titleFont.setBold(true);
  mTitle->setFont(titleFont);
  // One line, cut at the pane's edge: a wrapping label would make the page scroll for its height.
  mTitle->setMinimumWidth(1);
  mStatus->setWordWrap(true);
  layout->addWidget(mTitle);
  layout->addWidget(mStatus);
  // The cards wrap into rows in a narrow pane (a 1366x768 laptop: 4 + 3), so every headline
  // figure is in view without scrolling sideways.
  mCards = new WrapGrid(kMinCardWidth);
  for (auto* card : {mTtft, mPrefillRate, mDecodeRate, mTbt, mPower, mEfficiency, mArea}) mCards->addWidget(card);
  layout->addWidget(mCards);
  // Below the cards, each table scrolls on its own in a splitter: the comparison (inserted by
  // insertBelowCards) over the devices and the operators.
  mTabs->addTab(mPrefillOps, tr("Prefill operators"));
  mTabs->addTab(mDecodeOps, tr("Decode operators"));
  mTabs->addTab(mDevices, tr("Devices"));
  mTabs->setDocumentMode(true);
  connect(mTabs, &QTabWidget::currentChanged, this, [this](int index) {
    auto* table = qobject_cast<QTableWidget*>(mTabs->widget(index));
    if (table && table->property("columnsStale").toBool()) {
      table->setProperty("columnsStale", false);
      table->resizeColumnsToContents();
    }
  });
  mDetails = new QSplitter(Qt::Vertical);
  mDetails->setChildrenCollapsible(false);
  mDetails->addWidget(mTabs);
  // At least the header and a row or two each, so the page itself need not scroll on a laptop.
  for (auto* table : {mDevices, mParts, mPrefillOps, mDecodeOps}) table->setMinimumHeight(5 * table->verticalHeader()->defaultSectionSize() / 2);
  layout->addWidget(mDetails, 1);
  showBusy(tr("Nothing evaluated yet."));
}

void EvaluationView::showBusy(const QString& what) {
  // Over a shown result the status bar says it; a line appearing here on every edit would make
  // the tables jump.
  if (mResult) return;
  mStatus->setText(what);
  mStatus->setVisible(true);
}

void EvaluationView::insertBelowCards(QWidget* widget) {
  mDetails->insertWidget(0, widget);
  mDetails->setStretchFactor(0, 3); // the comparison a little more than the operators
  mDetails->setStretchFactor(1, 2);
}

std::vector<SummaryCard*> EvaluationView::cards() const { return {mTtft, mPrefillRate, mDecodeRate, mTbt, mPower, mEfficiency, mArea}; }

void EvaluationView::showError(const QString& message) {
  mStatus->setText(tr("<b>Error:</b> %1").arg(message.toHtmlEscaped()));
  mStatus->setVisible(true);
}

QString EvaluationView::title() const { return mTitle->text(); }

void EvaluationView::showResult(std::shared_ptr<const EvaluationResult> result, const QString& systemName) {
  mResult = std::move(result);
  const auto& r = *mResult;
  mTitle->setText(tr("%1 · %2 · %3 (%4 in / %5 out)")
                      .arg(systemName.isEmpty() ? QString::fromStdString(r.system) : systemName, QString::fromStdString(r.model),
                           QString::fromStdString(r.workload))
                      .arg(r.inputTokens)
                      .arg(r.outputTokens));
  QStringList notes;
  for (const auto& p : r.problems) notes << tr("<b>Not feasible:</b> %1").arg(engineText(p).toHtmlEscaped());
  for (const auto& w : r.warnings) notes << tr("Warning: %1").arg(engineText(w).toHtmlEscaped());
  // Only problems and warnings take a line: on a laptop screen the tables need the height.
  mStatus->setText(notes.join("<br>"));
  mStatus->setVisible(!notes.isEmpty());
  mTitle->setToolTip(tr("Evaluated in the background; figures are per system."));

  const auto& pre = r.prefill;
  const auto& dec = r.decode;
  mTtft->setValue(formatSeconds(pre.ttft), tr("batch %1, %2 tokens").arg(pre.batch).arg(r.inputTokens),
                  tr("Prefill of the prompt at batch 1, plus the exposed KV hand-off on disaggregated systems."));
  mPrefillRate->setValue(tr("%1 tok/s").arg(formatNumber(pre.tokensPerSecond)),
                         tr("%1 tokens/J").arg(formatNumber(pre.tokensPerJoule)));
  mDecodeRate->setValue(tr("%1 tok/s").arg(formatNumber(dec.tokensPerSecond)),
                        tr("batch %1 (largest that fits: %2)").arg(dec.batch).arg(dec.maxBatch),
                        tr("Tokens generated per second over the whole output, all sequences of the batch."));
  mTbt->setValue(formatSeconds(dec.tbt), tr("first %1, last %2").arg(formatSeconds(dec.tbtFirst), formatSeconds(dec.tbtLast)));
  mPower->setValue(formatWatts(r.endToEnd.averagePower),
                   tr("prefill %1, decode %2").arg(formatWatts(pre.averagePower), formatWatts(dec.averagePower)),
                   tr("Steady-state average over prefill and decode; TDP is in the device table."));
  mEfficiency->setValue(tr("%1 tok/J").arg(formatNumber(r.endToEnd.tokensPerJoule)),
                        tr("%1 tok/s end to end").arg(formatNumber(r.endToEnd.tokensPerSecond)));
  // A phase that does not fit has no meaningful numbers: say so instead of showing zeros.
  // The reason a phase gives (problems name their phase first: "decode: ..."), else the first one.
  auto reasonOf = [&](const std::string& phase) {
    for (const auto& p : r.problems)
      if (p.rfind(phase, 0) == 0) return engineText(p);
    return r.problems.empty() ? QString() : engineText(r.problems.front());
  };
  const QString reason = reasonOf(""), prefillReason = reasonOf("prefill"), decodeReason = reasonOf("decode");
  const QString doesNotFit = tr("does not fit");
  if (!pre.feasible) {
    mTtft->setValue(doesNotFit, prefillReason, prefillReason);
    mPrefillRate->setValue(doesNotFit, prefillReason, prefillReason);
  }
  if (!dec.feasible) {
    mDecodeRate->setValue(doesNotFit, decodeReason, decodeReason);
    mTbt->setValue(doesNotFit, decodeReason, decodeReason);
  }
  if (!r.feasible) {
    mPower->setValue(doesNotFit, reason, reason);
    mEfficiency->setValue(doesNotFit, reason, reason);
  }

  double interposer = 0, chiplet = 0;
  int chiplets = 0;
  for (const auto& d : r.devices) {
    interposer += d.interposerArea.value() * d.count;
    chiplet += d.chipletArea.value() * d.computeChiplets * d.count;
    chiplets += d.computeChiplets * d.count;
  }
  const double area = r.siliconArea.value();
  const QString perArea = r.decodeTokensPerSecondPerMm2 > 0 ? tr("decode %1 tok/s/mm²").arg(formatNumber(r.decodeTokensPerSecondPerMm2, 3)) : QString();
  if (area > 0 && interposer > 0)
    mArea->setValue(tr("%1 mm²").arg(area, 0, 'f', 0),
                    tr("interposers; %1 compute chiplets, %2 mm²").arg(chiplets).arg(chiplet, 0, 'f', 0) +
                        (perArea.isEmpty() ? QString() : QStringLiteral("; ") + perArea),
                    tr("Silicon area: the interposer of every chiplet package (DUET area model, 7 nm), plus modelled dies"));
  else if (area > 0)
    mArea->setValue(tr("%1 mm²").arg(area, 0, 'f', 0), perArea.isEmpty() ? tr("modelled silicon") : perArea,
                    tr("Silicon area of every device: NpuSim cores (spec F area model) or NMP logic dies (Snake PUs); "
                       "decode throughput per mm² of it"));
  else
    mArea->setValue(tr("—"), tr("no area model"),
                    tr("No silicon area: %1").arg(QString::fromStdString(r.areaMissing).toHtmlEscaped()));

  mDevices->setRowCount(int(r.devices.size()));
  for (int row = 0; row < int(r.devices.size()); ++row) {
    const auto& d = r.devices[std::size_t(row)];
    setCell(mDevices, row, 0, QString::fromStdString(d.name));
    setCell(mDevices, row, 1, QString::fromStdString(d.role));
    setCell(mDevices, row, 2, QString::number(d.count), true);
    setCell(mDevices, row, 3, QString::fromStdString(d.engine), false,
            tr("The performance model of this group (llmwb-cli engines list); the inspector's Engine changes it"));
    setCell(mDevices, row, 4, formatFlops(d.peakFlops), true, QString::fromStdString(d.compute));
    setCell(mDevices, row, 5, formatBytes(d.memoryCapacity), true);
    setCell(mDevices, row, 6, formatBandwidth(d.memoryBandwidth), true);
    setCell(mDevices, row, 7, formatWatts(d.tdp), true);
    setCell(mDevices, row, 8, QString::fromStdString(d.memory));
    setCell(mDevices, row, 9, QString::fromStdString(d.strategy + ", " + d.quantisation));
  }
  fitColumns(mDevices);
  // MemExplorer 5.5: a system split by layer kind or decode phase shows each part on its group.
  mParts->setRowCount(int(r.parts.size()));
  for (int row = 0; row < int(r.parts.size()); ++row) {
    const auto& p = r.parts[std::size_t(row)];
    setCell(mParts, row, 0, QString::fromStdString(p.part));
    setCell(mParts, row, 1, QString::fromStdString(p.device));
    setCell(mParts, row, 2, QString::number(p.batch), true);
    setCell(mParts, row, 3, formatSeconds(p.time), true, tr("the part's time for its batch, without the hand-offs between parts"));
    setCell(mParts, row, 4, formatNumber(p.tokensPerSecond), true);
    setCell(mParts, row, 5, formatNumber(p.tokensPerJoule), true, tr("tokens per joule, the group's static power included"));
    setCell(mParts, row, 6, tr("%1 J").arg(formatNumber(p.dynamicEnergy.value())), true, tr("compute, memory and collectives"));
  }
  fitColumns(mParts);
  const int partsTab = mTabs->indexOf(mParts);
  if (r.parts.empty() && partsTab >= 0) mTabs->removeTab(partsTab);
  if (!r.parts.empty() && partsTab < 0) mTabs->setCurrentIndex(mTabs->insertTab(0, mParts, tr("Parts")));
  mCards->updateGeometry(); // the cards' texts changed: their rows' height may have
  fillOperators(mPrefillOps, pre);
  fillOperators(mDecodeOps, dec);
}

void EvaluationView::fillOperators(QTableWidget* table, const PhaseResult& phase) {
  Seconds total;
  for (const auto& o : phase.operators) total += o.time;
  table->setRowCount(int(phase.operators.size()));
  for (int row = 0; row < int(phase.operators.size()); ++row) {
    const auto& o = phase.operators[std::size_t(row)];
    const double intensity = o.offChipBytes.value() > 0 ? o.flops.value() / o.offChipBytes.value() : 0.0;
    setCell(table, row, 0, QString::fromStdString(o.name), false, QString::fromStdString(std::string(toString(o.cls))));
    setCell(table, row, 1, QString::number(o.repeat), true);
    setCell(table, row, 2, formatSeconds(o.time), true);
    setCell(table, row, 3, QStringLiteral("%1 %").arg(total.value() > 0 ? 100.0 * o.time.value() / total.value() : 0.0, 0, 'f', 1), true);
    setCell(table, row, 4, formatNumber(o.flops.value() / 1e9), true);
    setCell(table, row, 5, formatNumber(units::inGigabytes(o.offChipBytes)), true);
    setCell(table, row, 6, formatNumber(intensity), true, tr("operational intensity, FLOP per off-chip byte"));
    setCell(table, row, 7, QString::fromStdString(o.bound));
  }
  fitColumns(table);
}

void EvaluationView::fitColumns(QTableWidget* table) {
  // A table on a tab not shown is sized when its tab opens (its texts measured once, not per edit).
  if (mTabs->currentWidget() == table) table->resizeColumnsToContents();
  else table->setProperty("columnsStale", true);
}

} // namespace llmwb::ui
