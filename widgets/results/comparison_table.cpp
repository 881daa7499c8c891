// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/results/comparison_table.h"

#include "core/engine/published_claim.h"
#include "widgets/common/format.h"
#include "widgets/common/frozen_column.h"
#include "widgets/common/table_cells.h"
#include "widgets/document/project_document.h"
#include "widgets/palette/palette_mime.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QLocale>
#include <QMenu>
#include <QMimeData>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QUndoStack>

#include <algorithm>
#include <functional>
#include <optional>

namespace llmwb::ui {

namespace {
struct Metric {
  QString name;
  QString shortName; ///< in the "This design vs row" text
  QString tip;
  bool higherIsBetter;
  bool headline; ///< named in the "This design vs row" text (all are in its tooltip)
  bool ofTheRun; ///< a figure of the evaluated run (not of the hardware): none when the run does not fit
  std::function<double(const EvaluationResult&)> value;
  std::function<QString(double)> format;
  /// Why a row has no value ("—"), for its tooltip; empty: the metric is always there.
  std::function<QString(const EvaluationResult&)> missing = {};
  /// The published-figure metric that is this column's ratio, if any (Project::published).
  std::optional<ClaimMetric> claim = std::nullopt;
};

QString noArea(const EvaluationResult& r) {
  if (r.areaMissing.empty()) return {};
  return ComparisonTable::tr("No silicon area: %1").arg(QString::fromStdString(r.areaMissing).toHtmlEscaped());
}

QString dashIfZero(double v, const QString& text) { return v > 0 ? text : QStringLiteral("—"); }

double totalTdp(const EvaluationResult& r) {
  double w = 0;
  for (const auto& d : r.devices) w += d.tdp.value() * d.count;
  return w;
}

const std::vector<Metric>& metrics() {
  using T = ComparisonTable;
  static const std::vector<Metric> m = {
      {T::tr("TTFT"), T::tr("TTFT"), T::tr("Time to first token, s (prefill at its batch, plus the exposed KV hand-off)"), false, true, true,
       [](const EvaluationResult& r) { return r.prefill.ttft.value(); }, [](double v) { return formatSeconds(Seconds(v)); }, {},
       ClaimMetric::Ttft},
      {T::tr("Prefill"), T::tr("prefill"), T::tr("Prefill throughput, tokens/s"), true, false, true,
       [](const EvaluationResult& r) { return r.prefill.tokensPerSecond; }, [](double v) { return T::tr("%1 tok/s").arg(formatNumber(v)); },
       {}, ClaimMetric::PrefillThroughput},
      {T::tr("Decode"), T::tr("decode"), T::tr("Decode throughput at the row's decode batch, tokens/s"), true, true, true,
       [](const EvaluationResult& r) { return r.decode.tokensPerSecond; }, [](double v) { return T::tr("%1 tok/s").arg(formatNumber(v)); },
       {}, ClaimMetric::DecodeThroughput},
      {T::tr("TBT"), T::tr("TBT"), T::tr("Time between tokens of one sequence, s"), false, false, true,
       [](const EvaluationResult& r) { return r.decode.tbt.value(); }, [](double v) { return formatSeconds(Seconds(v)); }, {},
       ClaimMetric::Tbt},
      {T::tr("Power"), T::tr("power"), T::tr("Average power over prefill and decode, W"), false, false, true,
       [](const EvaluationResult& r) { return r.endToEnd.averagePower.value(); }, [](double v) { return formatWatts(Watts(v)); }},
      {T::tr("TDP"), T::tr("TDP"), T::tr("Peak power of every device, W"), false, false, false, totalTdp,
       [](double v) { return formatWatts(Watts(v)); }},
      {T::tr("Efficiency"), T::tr("tok/J"), T::tr("Generated tokens per joule, end to end"), true, true, true,
       [](const EvaluationResult& r) { return r.endToEnd.tokensPerJoule; }, [](double v) { return T::tr("%1 tok/J").arg(formatNumber(v)); },
       {}, ClaimMetric::TokensPerJoule},
      {T::tr("Area"), T::tr("area"),
       T::tr("Total silicon area of every device, mm²: NpuSim cores (spec F area model), NMP logic dies (Snake PUs), "
             "chiplet packages' interposers; — when a device has no area model"),
       false, false, false, [](const EvaluationResult& r) { return r.siliconArea.value(); },
       [](double v) { return dashIfZero(v, QStringLiteral("%1 mm²").arg(v, 0, 'f', 0)); }, noArea},
      {T::tr("Decode/area"), T::tr("decode/mm²"), T::tr("Decode throughput per mm² of silicon, tokens/s/mm² (NpuSim 5.5: throughput per area)"),
       true, false, true, [](const EvaluationResult& r) { return r.decodeTokensPerSecondPerMm2; },
       [](double v) { return dashIfZero(v, T::tr("%1 tok/s/mm²").arg(formatNumber(v, 3))); }, noArea},
  };
  return m;
}

/// Whether an undo step is one of this table's own (the comparisons change, not the design).
bool isComparisonEdit(const QString& text) {
  return text.startsWith(ComparisonTable::tr("Pin the design")) || text.startsWith(ComparisonTable::tr("Compare with")) ||
         text.startsWith(ComparisonTable::tr("Rename the comparison")) || text.endsWith(ComparisonTable::tr("from the comparison"));
}

// Readable on the light and the dark palette.
const QColor kBetter(0x2e, 0x9e, 0x4f);
const QColor kWorse(0xd6, 0x45, 0x41);

/// "×15.9 worse" / "×1.58 better" / "same" for the design's advantage `ratio` (>1: better).
/// `published`: a paper's own figure, with the digits it gives ("×2", not "×2.00"); otherwise the
/// model's, at three significant digits.
QString ratioText(double ratio, bool published = false) {
  const auto digits = [&](double v) { return published ? QLocale().toString(v, 'g', 6) : formatNumber(v, 3); };
  if (ratio > 1.005) return ComparisonTable::tr("×%1 better").arg(digits(ratio));
  if (ratio < 0.995) return ComparisonTable::tr("×%1 worse").arg(digits(1.0 / ratio));
  return ComparisonTable::tr("same");
}

/// `text` in the colour of the design's advantage `ratio`: green better, red worse, plain the same.
ComparisonTable::Run coloured(const QString& text, double ratio) {
  return {text, ratio > 1.005 ? kBetter : ratio < 0.995 ? kWorse : QColor()};
}

/// Draws the "This design vs row" cells from their runs: coloured plain text, one line per
/// entry, without a rich-text document per cell (laid out on every edit, that cost milliseconds).
class VerdictDelegate final : public QStyledItemDelegate {
public:
  explicit VerdictDelegate(const ComparisonTable* table) : QStyledItemDelegate(const_cast<ComparisonTable*>(table)), mTable(table) {}

  void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget* widget = option.widget;
    (widget ? widget->style() : QApplication::style())->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    const auto& lines = mTable->verdictLines(index.row());
    if (lines.empty()) return;
    painter->save();
    const QRect area = option.rect.adjusted(kPadding, 0, -kPadding, 0);
    const int lineHeight = QFontMetrics(option.font).lineSpacing();
    int y = area.top() + (area.height() - lineHeight * int(lines.size())) / 2;
    const QColor text = option.palette.color(option.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text);
    for (const auto& line : lines) {
      int x = area.left();
      for (const auto& run : line) {
        const QFont font = fontOf(option, run);
        painter->setFont(font);
        painter->setPen(run.colour.isValid() ? run.colour : text);
        const int width = QFontMetrics(font).horizontalAdvance(run.text);
        painter->drawText(QRect(x, y, width + 1, lineHeight), Qt::AlignLeft | Qt::AlignVCenter, run.text);
        x += width;
      }
      y += lineHeight;
    }
    painter->restore();
  }

  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    const auto& lines = mTable->verdictLines(index.row());
    int width = 0;
    for (const auto& line : lines) {
      int w = 0;
      for (const auto& run : line) w += QFontMetrics(fontOf(option, run)).horizontalAdvance(run.text);
      width = std::max(width, w);
    }
    const int lineHeight = QFontMetrics(option.font).lineSpacing();
    return {width + 2 * kPadding, int(std::max<std::size_t>(1, lines.size())) * lineHeight + 4};
  }

private:
  static QFont fontOf(const QStyleOptionViewItem& option, const ComparisonTable::Run& run) {
    QFont font = option.font;
    font.setItalic(run.italic);
    return font;
  }
  static constexpr int kPadding = 4;
  const ComparisonTable* mTable;
};
} // namespace

ComparisonTable::ComparisonTable(QWidget* parent) : QTableWidget(parent) {
  setColumnCount(int(metrics().size()) + FirstMetricColumn);
  QStringList headers{tr("System"), tr("Batch"), tr("This design vs row")};
  for (const auto& m : metrics()) headers << m.name;
  setHorizontalHeaderLabels(headers);
  horizontalHeaderItem(SystemColumn)->setToolTip(tr("Double-click a compared system's name to rename it."));
  horizontalHeaderItem(BatchColumn)->setToolTip(tr("The row's prefill / decode batch: each system runs at the largest decode batch that fits it, so its figures are at its own batch."));
  horizontalHeaderItem(VersusColumn)->setToolTip(legend());
  for (std::size_t i = 0; i < metrics().size(); ++i)
    horizontalHeaderItem(int(i) + FirstMetricColumn)->setToolTip(metrics()[i].tip + tr("<br>The row's own figure; the design's advantage is in <i>This design vs row</i>."));
  verticalHeader()->setVisible(false);
  setEditTriggers(DoubleClicked | EditKeyPressed); // only the compared systems' names are editable
  setSelectionBehavior(SelectRows);
  setAlternatingRowColors(true);
  setWordWrap(false);
  // Every column is sized once per result in showResults (ResizeToContents would measure every
  // column again at each item set).
  horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
  horizontalHeader()->setStretchLastSection(true);
  setAcceptDrops(true);
  viewport()->setAcceptDrops(true);
  setDragDropMode(DropOnly);
  setToolTip(tr("Drop a system from the palette here to compare with it; right-click a row to remove or rename it."));
  connect(this, &QTableWidget::itemChanged, this, &ComparisonTable::nameEdited);
  setItemDelegateForColumn(VersusColumn, new VerdictDelegate(this));
  setMinimumHeight(7 * verticalHeader()->defaultSectionSize() / 2); // the header, the design and a row and more
  // The System column stays put while the figures scroll sideways (a laptop shows two of them).
  mFrozen = new FrozenColumn(this);
}

QString ComparisonTable::legend() {
  return tr("<b>This design vs row</b>: this design is <span style='color:%1'>×N better</span> or "
            "<span style='color:%2'>×N worse</span> than the row. Figures at each system's own <b>Batch</b> (prefill / decode).")
      .arg(kBetter.name(), kWorse.name());
}

namespace {
/// What the paper says against comparison `index` beside the model: plain text, rich text (the
/// model's part coloured) and the tooltip with the sources; all empty when it says nothing.
struct PaperCell {
  QString plain, tip;
  ComparisonTable::Line line; ///< "paper: …" with the model's ratios coloured
};

PaperCell paperCell(const ProjectResults& results, std::size_t index) {
  PaperCell cell;
  if (!results.request || !results.main || index >= results.comparisons.size()) return cell;
  const auto& request = *results.request;
  if (index >= request.comparisons.size()) return cell;
  QStringList plain, sources;
  ComparisonTable::Line line{{ComparisonTable::tr("paper:"), {}, true}, {QStringLiteral(" "), {}, false}};
  for (const auto& claim : request.published) {
    if (request.comparisons[index].id != claim.against) continue;
    const QString metric = QString::fromStdString(std::string(shortName(claim.metric)));
    const QString direction = claim.ratio ? ratioText(*claim.ratio, true) : claim.better ? ComparisonTable::tr("better") : ComparisonTable::tr("worse");
    const QString paper = QStringLiteral("%1 %2").arg(metric, direction);
    const auto model = modelAdvantage(claim.metric, *results.main, *results.comparisons[index]);
    const QString modelText = model ? ratioText(*model) : ComparisonTable::tr("—");
    // The verdict above already gives the model's ratio of its headline metrics.
    const bool inVerdict =
        std::any_of(metrics().begin(), metrics().end(), [&](const Metric& m) { return m.headline && m.claim == claim.metric; });
    if (!plain.isEmpty()) line.push_back({QStringLiteral(" · "), {}, false});
    plain << (inVerdict ? paper : ComparisonTable::tr("%1 (model %2)").arg(paper, modelText));
    if (inVerdict) {
      line.push_back({paper, {}, false});
    } else {
      line.push_back({ComparisonTable::tr("%1 (model ").arg(paper), {}, false});
      line.push_back(model ? coloured(modelText, *model) : ComparisonTable::Run{modelText, {}, false});
      line.push_back({QStringLiteral(")"), {}, false});
    }
    sources << ComparisonTable::tr("%1, model %2: %3").arg(paper, modelText, QString::fromStdString(claim.source)).toHtmlEscaped();
  }
  if (plain.isEmpty()) return cell;
  cell.plain = ComparisonTable::tr("paper: %1").arg(plain.join(QStringLiteral(" · ")));
  cell.line = std::move(line);
  cell.tip = ComparisonTable::tr("<b>Published</b> (the paper behind the design), beside the model's own ratio at each system's batch:<br>%1")
                 .arg(sources.join(QStringLiteral("<br>")));
  if (request.designPreset.empty())
    cell.tip += ComparisonTable::tr("<br><i>The published figures are for the design as the paper has it; this design has been edited since.</i>");
  return cell;
}

} // namespace

void ComparisonTable::showResults(const std::shared_ptr<const ProjectResults>& results) {
  mFilling = true;
  mRatios.clear();
  mVerdictLines.resize(std::size_t(std::max(0, rowCount())));
  mVerdicts.clear();
  mPaperSays.clear();
  if (!results || !results->main) {
    setRowCount(0);
    mFilling = false;
    return;
  }
  std::vector<const EvaluationResult*> rows{results->main.get()};
  for (const auto& c : results->comparisons) rows.push_back(c.get());
  setRowCount(int(rows.size()));
  const auto& mine = *rows[0];
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const auto& e = *rows[r];
    const std::string& label = r == 0 ? results->name : results->comparisonNames.at(r - 1);
    // Items stay from the last results and take the new texts (setCell): unchanged cells are not
    // repainted. Only the compared systems' names are editable (a rename).
    auto* name = setCell(this, int(r), SystemColumn,
                         r == 0 ? tr("%1 (this design)").arg(QString::fromStdString(label)) : QString::fromStdString(label), false,
                         e.feasible ? QString::fromStdString(e.system)
                                    : tr("Not feasible: %1").arg(QString::fromStdString(e.problems.empty() ? "" : e.problems.front())),
                         r > 0);
    if (name->font().bold() != (r == 0)) {
      QFont f = name->font();
      f.setBold(r == 0);
      name->setFont(f);
    }
    setCell(this, int(r), BatchColumn, e.feasible ? QStringLiteral("%1 / %2").arg(e.prefill.batch).arg(e.decode.batch) : QStringLiteral("—"),
            true, tr("prefill batch %1, decode batch %2 (largest that fits: %3)").arg(e.prefill.batch).arg(e.decode.batch).arg(e.decode.maxBatch));

    std::vector<double> ratios;
    QStringList headline, everything;
    Line verdictLine;
    for (std::size_t m = 0; m < metrics().size(); ++m) {
      const auto& metric = metrics()[m];
      const double v = metric.value(e);
      double ratio = 0;
      // Ratios compare two designs that both run; against one that does not fit they mean nothing.
      if (r > 0 && e.feasible && mine.feasible) {
        const double own = metric.value(mine);
        if (v > 0 && own > 0) ratio = metric.higherIsBetter ? own / v : v / own;
      }
      ratios.push_back(ratio);
      if (ratio > 0) {
        const QString part = QStringLiteral("%1 %2").arg(metric.shortName, ratioText(ratio));
        everything << part;
        if (metric.headline) {
          if (!headline.isEmpty()) verdictLine.push_back({QStringLiteral(" · "), {}, false});
          headline << part;
          verdictLine.push_back(coloured(part, ratio));
        }
      }
      const bool fits = e.feasible || !metric.ofTheRun;
      const QString why = fits && !(v > 0) && metric.missing ? metric.missing(e) : QString();
      setCell(this, int(r), int(m) + FirstMetricColumn, fits ? metric.format(v) : tr("does not fit"), true,
              why.isEmpty() ? metric.tip : metric.tip + QStringLiteral("<br>") + why);
    }
    QString verdict;
    if (r == 0) verdict = tr("—");
    else if (!mine.feasible) verdict = tr("no ratios: this design does not fit");
    else if (!e.feasible) verdict = tr("no ratios: this system does not fit");
    else verdict = headline.join(QStringLiteral(" · "));
    auto* versus = setCell(this, int(r), VersusColumn, QString(), false,
                           everything.isEmpty() ? verdict
                                                : tr("This design vs %1:<br>%2").arg(QString::fromStdString(label).toHtmlEscaped(),
                                                                                     everything.join(QStringLiteral("<br>"))));
    // The colours, one per part, drawn by the column's delegate from the runs; the item keeps the
    // tooltip. What the paper publishes against the row goes under the model's verdict, a second line.
    const PaperCell paper = r == 0 ? PaperCell{} : paperCell(*results, r - 1);
    std::vector<Line> lines{verdictLine.empty() ? Line{{verdict, {}, false}} : std::move(verdictLine)};
    if (!paper.plain.isEmpty()) {
      lines.push_back(paper.line);
      versus->setToolTip(versus->toolTip() + QStringLiteral("<br><br>") + paper.tip);
    }
    if (std::size_t(r) < mVerdictLines.size()) mVerdictLines[r] = std::move(lines);
    else mVerdictLines.push_back(std::move(lines));
    if (cellWidget(int(r), VersusColumn)) removeCellWidget(int(r), VersusColumn);
    mVerdicts.push_back(verdict);
    mPaperSays.push_back(paper.plain);
    mRatios.push_back(std::move(ratios));
  }
  for (int c = 0; c < columnCount(); ++c)
    if (c != VersusColumn) resizeColumnToContents(c);
  setColumnWidth(SystemColumn, std::min(columnWidth(SystemColumn), 320));
  mVerdictLines.resize(rows.size());
  resizeColumnToContents(VersusColumn); // the delegate's widths: no text layout
  for (std::size_t r = 0; r < mPaperSays.size(); ++r)
    if (!mPaperSays[r].isEmpty()) resizeRowToContents(int(r)); // two lines: the verdict and the paper's figures
    else setRowHeight(int(r), verticalHeader()->defaultSectionSize());
  executeDelayedItemsLayout(); // now, so that the table is painted once, not again after its delayed layout
  mFilling = false;
}

const std::vector<ComparisonTable::Line>& ComparisonTable::verdictLines(int row) const {
  static const std::vector<Line> none;
  return row >= 0 && std::size_t(row) < mVerdictLines.size() ? mVerdictLines[std::size_t(row)] : none;
}

QString ComparisonTable::verdict(int row) const {
  return row >= 0 && std::size_t(row) < mVerdicts.size() ? mVerdicts[std::size_t(row)] : QString();
}

QString ComparisonTable::paperSays(int row) const {
  return row >= 0 && std::size_t(row) < mPaperSays.size() ? mPaperSays[std::size_t(row)] : QString();
}

int ComparisonTable::metricColumn(const QString& header) const {
  for (int c = 0; c < columnCount(); ++c)
    if (horizontalHeaderItem(c)->text() == header) return c;
  return -1;
}

double ComparisonTable::ratio(int row, int column) const {
  const int metric = column - FirstMetricColumn;
  if (row < 0 || std::size_t(row) >= mRatios.size() || metric < 0 || std::size_t(metric) >= mRatios[std::size_t(row)].size()) return 0;
  return mRatios[std::size_t(row)][std::size_t(metric)];
}

bool ComparisonTable::pinDesign(const QString& name) {
  if (!mDocument) return false;
  QString pinnedName = name;
  if (pinnedName.isEmpty()) {
    // Named after what makes it this design: its last edit (a number would say nothing).
    const auto* stack = mDocument->undoStack();
    const QString design = QString::fromStdString(mDocument->project().system.system.name);
    // Comparison edits (pins, renames) do not change the design: name it after the last one that did.
    QString lastEdit;
    for (int i = stack->index() - 1; i >= 0 && lastEdit.isEmpty(); --i)
      if (!isComparisonEdit(stack->text(i))) lastEdit = stack->text(i);
    pinnedName = lastEdit.isEmpty() ? tr("%1, pinned as opened").arg(design) : tr("%1, pinned after “%2”").arg(design, lastEdit);
  }
  return mDocument->edit(tr("Pin the design as “%1”").arg(pinnedName), [&](Project& p) {
    ProjectSystem pinned{"", p.system.system};
    pinned.system.name = pinnedName.toStdString();
    p.comparisons.push_back(std::move(pinned));
  });
}

bool ComparisonTable::renameComparison(std::size_t index, const QString& name) {
  if (!mDocument || index >= mDocument->project().comparisons.size() || name.trimmed().isEmpty()) return false;
  const std::string newName = name.trimmed().toStdString();
  if (mDocument->project().comparisons[index].system.name == newName) return false;
  return mDocument->edit(tr("Rename the comparison to “%1”").arg(name.trimmed()),
                         [&](Project& p) { p.comparisons[index].system.name = newName; });
}

void ComparisonTable::nameEdited(QTableWidgetItem* item) {
  if (mFilling || !item || item->column() != SystemColumn || item->row() < 1) return;
  const QString text = item->text();
  // The edit re-evaluates and refills the table: rename after this signal has returned.
  QMetaObject::invokeMethod(this, [this, index = std::size_t(item->row() - 1), text] {
    if (!renameComparison(index, text) && mDocument && index < mDocument->project().comparisons.size()) {
      mFilling = true;
      if (auto* cell = this->item(int(index) + 1, SystemColumn)) cell->setText(QString::fromStdString(mDocument->project().comparisons[index].system.name));
      mFilling = false;
    }
  }, Qt::QueuedConnection);
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
  if (row > 0) {
    menu.addAction(tr("Rename…"), this, [this, row] {
      mFrozen->edit(model()->index(row, SystemColumn)); // the name lies under the frozen column
    });
    menu.addAction(tr("Remove from comparison"), this, [this, row] { removeComparison(std::size_t(row - 1)); });
  }
  menu.addAction(tr("Pin this design"), this, [this] { pinDesign(); });
  menu.exec(event->globalPos());
}

} // namespace llmwb::ui
