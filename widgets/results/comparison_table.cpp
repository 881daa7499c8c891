// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/results/comparison_table.h"

#include "widgets/common/format.h"
#include "widgets/document/project_document.h"
#include "widgets/palette/palette_mime.h"

#include <QContextMenuEvent>
#include <QHeaderView>
#include <QMenu>
#include <QMimeData>

namespace llmwb::ui {

namespace {
struct Metric {
  QString name;
  QString tip;
  bool higherIsBetter;
  bool ratio; ///< show how many times better
  bool ofTheRun; ///< a figure of the evaluated run (not of the hardware): none when the run does not fit
  std::function<double(const EvaluationResult&)> value;
  std::function<QString(double)> format;
};

double totalArea(const EvaluationResult& r) {
  double a = 0;
  for (const auto& d : r.devices) a += d.interposerArea.value() * d.count;
  return a;
}

double totalTdp(const EvaluationResult& r) {
  double w = 0;
  for (const auto& d : r.devices) w += d.tdp.value() * d.count;
  return w;
}

const std::vector<Metric>& metrics() {
  static const std::vector<Metric> m = {
      {ComparisonTable::tr("TTFT"), ComparisonTable::tr("Time to first token, s (prefill at its batch, plus the exposed KV hand-off)"), false, true, true,
       [](const EvaluationResult& r) { return r.prefill.ttft.value(); }, [](double v) { return formatSeconds(Seconds(v)); }},
      {ComparisonTable::tr("Prefill"), ComparisonTable::tr("Prefill throughput, tokens/s"), true, true, true,
       [](const EvaluationResult& r) { return r.prefill.tokensPerSecond; }, [](double v) { return ComparisonTable::tr("%1 tok/s").arg(formatNumber(v)); }},
      {ComparisonTable::tr("Decode"), ComparisonTable::tr("Decode throughput at the largest batch that fits, tokens/s"), true, true, true,
       [](const EvaluationResult& r) { return r.decode.tokensPerSecond; }, [](double v) { return ComparisonTable::tr("%1 tok/s").arg(formatNumber(v)); }},
      {ComparisonTable::tr("TBT"), ComparisonTable::tr("Time between tokens of one sequence, s"), false, true, true,
       [](const EvaluationResult& r) { return r.decode.tbt.value(); }, [](double v) { return formatSeconds(Seconds(v)); }},
      {ComparisonTable::tr("Batch"), ComparisonTable::tr("Decode batch (largest power of two that fits)"), true, false, true,
       [](const EvaluationResult& r) { return double(r.decode.batch); }, [](double v) { return QString::number(v); }},
      {ComparisonTable::tr("Power"), ComparisonTable::tr("Average power over prefill and decode, W"), false, true, true,
       [](const EvaluationResult& r) { return r.endToEnd.averagePower.value(); }, [](double v) { return formatWatts(Watts(v)); }},
      {ComparisonTable::tr("TDP"), ComparisonTable::tr("Peak power of every device, W"), false, true, false, totalTdp,
       [](double v) { return formatWatts(Watts(v)); }},
      {ComparisonTable::tr("Efficiency"), ComparisonTable::tr("Generated tokens per joule, end to end"), true, true, true,
       [](const EvaluationResult& r) { return r.endToEnd.tokensPerJoule; }, [](double v) { return ComparisonTable::tr("%1 tok/J").arg(formatNumber(v)); }},
      {ComparisonTable::tr("Area"), ComparisonTable::tr("Interposer area of chiplet packages, mm² (none for monolithic devices)"), false, true, false, totalArea,
       [](double v) { return v > 0 ? QStringLiteral("%1 mm²").arg(v, 0, 'f', 0) : QStringLiteral("—"); }},
  };
  return m;
}
} // namespace

ComparisonTable::ComparisonTable(QWidget* parent) : QTableWidget(parent) {
  setColumnCount(int(metrics().size()) + 1);
  QStringList headers{tr("System")};
  for (const auto& m : metrics()) headers << m.name;
  setHorizontalHeaderLabels(headers);
  for (std::size_t i = 0; i < metrics().size(); ++i)
    horizontalHeaderItem(int(i) + 1)->setToolTip(metrics()[i].tip + tr("<br>×N: the design is N times better than this system (green), or worse (red)."));
  verticalHeader()->setVisible(false);
  setEditTriggers(NoEditTriggers);
  setSelectionBehavior(SelectRows);
  setAlternatingRowColors(true);
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
  horizontalHeader()->setStretchLastSection(true);
  setAcceptDrops(true);
  viewport()->setAcceptDrops(true);
  setDragDropMode(DropOnly);
  setToolTip(tr("Drop a system from the palette here to compare with it; right-click a row to remove it."));
}

void ComparisonTable::showResults(const std::shared_ptr<const ProjectResults>& results) {
  setRowCount(0);
  mRatios.clear();
  if (!results || !results->main) return;
  std::vector<const EvaluationResult*> rows{results->main.get()};
  for (const auto& c : results->comparisons) rows.push_back(c.get());
  setRowCount(int(rows.size()));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const auto& e = *rows[r];
    const std::string& label = r == 0 ? results->name : results->comparisonNames.at(r - 1);
    auto* name = new QTableWidgetItem(r == 0 ? tr("%1 (this design)").arg(QString::fromStdString(label)) : QString::fromStdString(label));
    name->setToolTip(QString::fromStdString(e.system));
    if (r == 0) {
      QFont f = name->font();
      f.setBold(true);
      name->setFont(f);
    }
    if (!e.feasible) name->setToolTip(tr("Not feasible: %1").arg(QString::fromStdString(e.problems.empty() ? "" : e.problems.front())));
    setItem(int(r), 0, name);
    std::vector<double> ratios;
    for (std::size_t m = 0; m < metrics().size(); ++m) {
      const auto& metric = metrics()[m];
      const double v = metric.value(e);
      QString text = e.feasible || !metric.ofTheRun ? metric.format(v) : tr("does not fit");
      double ratio = 0;
      // Ratios compare two designs that both run; against one that does not fit they mean nothing.
      if (r > 0 && metric.ratio && e.feasible && rows[0]->feasible) {
        const double mine = metric.value(*rows[0]);
        if (v > 0 && mine > 0) ratio = metric.higherIsBetter ? mine / v : v / mine;
        if (ratio > 0) text += QStringLiteral("  ×%1").arg(formatNumber(ratio, 3));
      }
      ratios.push_back(ratio);
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      item->setToolTip(metric.tip);
      if (ratio > 1.005) item->setForeground(QColor(0x1e, 0x8e, 0x3e));
      else if (ratio > 0 && ratio < 0.995) item->setForeground(QColor(0xc0, 0x39, 0x2b));
      setItem(int(r), int(m) + 1, item);
    }
    mRatios.push_back(std::move(ratios));
  }
  resizeColumnToContents(0);
  setColumnWidth(0, std::min(columnWidth(0), 320));
}

double ComparisonTable::ratio(int row, int column) const {
  if (row < 0 || std::size_t(row) >= mRatios.size() || column < 1 || std::size_t(column) > mRatios[std::size_t(row)].size()) return 0;
  return mRatios[std::size_t(row)][std::size_t(column - 1)];
}

bool ComparisonTable::pinDesign() {
  if (!mDocument) return false;
  return mDocument->edit(tr("Pin the design for comparison"), [](Project& p) {
    ProjectSystem pinned{"", p.system.system};
    pinned.system.name = "Pinned: " + p.system.system.name + " #" + std::to_string(p.comparisons.size() + 1);
    p.comparisons.push_back(std::move(pinned));
  });
}

bool ComparisonTable::addComparison(const QString& id) {
  if (!mDocument) return false;
  SystemSpec system;
  try {
    system = mDocument->library().system(id.toStdString());
  } catch (const std::exception& e) {
    emit mDocument->editRefused(QString::fromStdString(e.what()));
    return false;
  }
  return mDocument->edit(tr("Compare with %1").arg(QString::fromStdString(system.name)),
                         [&](Project& p) { p.comparisons.push_back({id.toStdString(), system}); });
}

bool ComparisonTable::removeComparison(std::size_t index) {
  if (!mDocument || index >= mDocument->project().comparisons.size()) return false;
  return mDocument->edit(tr("Remove %1 from the comparison").arg(QString::fromStdString(mDocument->project().comparisons[index].system.name)),
                         [&](Project& p) { p.comparisons.erase(p.comparisons.begin() + std::ptrdiff_t(index)); });
}

void ComparisonTable::dragEnterEvent(QDragEnterEvent* event) {
  const auto e = fromMimeData(event->mimeData());
  if (e && e->kind == PaletteEntry::Kind::Preset && (e->presetKind == PresetKind::System || e->presetKind == PresetKind::Device))
    event->acceptProposedAction();
  else event->ignore();
}

void ComparisonTable::dragMoveEvent(QDragMoveEvent* event) {
  const auto e = fromMimeData(event->mimeData());
  if (e && e->kind == PaletteEntry::Kind::Preset && (e->presetKind == PresetKind::System || e->presetKind == PresetKind::Device))
    event->acceptProposedAction();
  else event->ignore();
}

void ComparisonTable::dropEvent(QDropEvent* event) {
  const auto e = fromMimeData(event->mimeData());
  if (!e) return;
  event->acceptProposedAction();
  addComparison(e->id);
}

void ComparisonTable::contextMenuEvent(QContextMenuEvent* event) {
  const int row = rowAt(event->pos().y());
  QMenu menu(this);
  if (row > 0) menu.addAction(tr("Remove from comparison"), this, [this, row] { removeComparison(std::size_t(row - 1)); });
  menu.addAction(tr("Pin this design"), this, [this] { pinDesign(); });
  menu.exec(event->globalPos());
}

} // namespace llmwb::ui
