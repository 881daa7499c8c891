// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/snake/snake_die_plot.h"

#include <algorithm>
#include <cmath>

namespace llmwb::ui {

namespace {
constexpr double kPu = 1.0, kGap = 0.45; // PU side and the gap for the NoC arrows, plot units

QString bytesText(double b) {
  if (b < 1e3) return QStringLiteral("%1 B").arg(b, 0, 'f', 0);
  if (b < 1e6) return QStringLiteral("%1 kB").arg(b / 1e3, 0, 'f', 1);
  return QStringLiteral("%1 MB").arg(b / 1e6, 0, 'f', 2);
}

QString timeText(double s) {
  if (!(s > 0)) return QStringLiteral("0 s");
  if (s < 1e-3) return QStringLiteral("%1 µs").arg(s * 1e6, 0, 'f', 2);
  if (s < 1) return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'f', 3);
  return QStringLiteral("%1 s").arg(s, 0, 'f', 3);
}

QColor sliceColor(int slice, int slices, bool dark) {
  if (slices <= 8) return seriesColor(slice, dark);
  const double hue = std::fmod(double(slice) / slices * 0.85, 1.0);
  return QColor::fromHsvF(float(hue), dark ? 0.45f : 0.5f, dark ? 0.85f : 0.95f);
}
} // namespace

std::pair<int, int> snakePuCell(int p, int columns) {
  columns = std::max(1, columns);
  const int row = p / columns, i = p % columns;
  return {row % 2 ? columns - 1 - i : i, row};
}

SnakeDiePlot::SnakeDiePlot(QWidget* parent) : PlotView(parent) {
  setAutoAddPlottableToLegend(false);
  addTitleRow();
  placeLegendBelow(3); // the heading keeps the plot's full width
  connect(this, &QCustomPlot::afterLayout, this, &SnakeDiePlot::fitAspect);
}

void SnakeDiePlot::setData(SnakeDieData data) {
  mData = std::move(data);
  refresh();
}

void SnakeDiePlot::fitAspect() {
  const QRect r = axisRect()->rect();
  if (r.width() <= 0 || r.height() <= 0) return;
  const double ppu = std::min(r.width() / (mWidth + 0.3), r.height() / (mHeight + 0.3));
  const double cx = mWidth / 2, cy = mHeight / 2;
  xAxis->setRange(cx - r.width() / ppu / 2, cx + r.width() / ppu / 2);
  yAxis->setRange(cy - r.height() / ppu / 2, cy + r.height() / ppu / 2);
  // Labels only where they fit: a PU needs about 90 px for "PU 10 · 16×256", a core 22 px.
  for (auto* l : mPuLabels) l->setVisible(ppu * kPu >= 90);
  for (auto* l : mCoreLabels) l->setVisible(ppu * kPu >= 90);
  if (!mHeading.isEmpty()) {
    const QFontMetrics fm(theme().titleFont);
    setTitle(fm.horizontalAdvance(mHeading) + 20 <= viewport().width() ? mHeading : mShortHeading);
  }
}

void SnakeDiePlot::rebuild() {
  clearPlottables();
  clearItems();
  mPuItems = mCoreItems = mNocItems = 0;
  mPuLabels.clear();
  mCoreLabels.clear();
  mHeading.clear();
  const PlotTheme& t = theme();
  const bool dark = t.dark;
  for (auto* a : {xAxis, yAxis}) a->setVisible(false);
  yAxis->setRangeReversed(true);
  const auto* op = mData.current();
  if (!op) {
    setTitle(mData.problem.isEmpty() ? tr("No NMP die in this system") : mData.problem);
    legend->setVisible(false);
    return;
  }
  legend->setVisible(true);
  styleLegend(*legend, t);
  const auto& plan = op->best;
  const auto& spec = mData.die.spec;
  const int pus = std::max(1, spec.pus), cores = std::max(1, spec.coresPerPu);
  const int cols = std::max(1, int(std::ceil(std::sqrt(double(pus))))), rows = (pus + cols - 1) / cols;
  const int coreCols = std::max(1, int(std::ceil(std::sqrt(double(cores))))), coreRows = (cores + coreCols - 1) / coreCols;
  mWidth = cols * kPu + (cols - 1) * kGap;
  mHeight = rows * kPu + (rows - 1) * kGap;
  const bool macTree = mData.die.substrate == NmpSubstrate::MacTree;
  const QString mode = QString::fromUtf8(snake::toString(plan.mode).data());
  const QString shape = macTree ? tr("MAC tree %1 x %2").arg(spec.arrayRows).arg(spec.arrayCols)
                                : tr("%1 x %2").arg(plan.shape.rows).arg(plan.shape.cols);
  mHeading = tr("%1: %2, logical %3, cores split %4 — %5, %6-bound")
                 .arg(QString::fromStdString(op->name), mode, shape, plan.splitK ? QStringLiteral("K") : QStringLiteral("N"),
                      timeText(plan.time.value()), QString::fromUtf8(snake::toString(plan.bound).data()));
  mShortHeading = tr("%1: %2, %3").arg(QString::fromStdString(op->name), mode, shape);
  setTitle(mHeading);

  // What each PU holds: slices of K and N, by mode. ST modes: a 4 x 4 logical mesh, K slice by row,
  // N slice by column (reductions go down the columns).
  const bool st = plan.mode == snake::Mode::IsSt || plan.mode == snake::Mode::OsSt;
  const int side = std::max(1, int(std::lround(std::sqrt(double(pus)))));
  auto kSlice = [&](int p) {
    if (plan.mode == snake::Mode::IsS) return p;
    if (st) return snakePuCell(p, cols).second % side;
    return 0;
  };
  auto nSlice = [&](int p) {
    if (plan.mode == snake::Mode::OsS || plan.mode == snake::Mode::NSplit) return p;
    if (st) return snakePuCell(p, cols).first % side;
    return 0;
  };
  const int kSlices = plan.mode == snake::Mode::IsS ? pus : st ? side : 1;
  const int nSlices = (plan.mode == snake::Mode::OsS || plan.mode == snake::Mode::NSplit) ? pus : st ? side : 1;
  const double perPuK = op->problem.k / kSlices, perPuN = op->problem.n / nSlices;

  // NoC transfers: the reductions the mode needs.
  std::vector<std::pair<int, int>> transfers; // PU -> PU
  if (plan.mode == snake::Mode::IsS)
    for (int p = 0; p + 1 < pus; ++p) transfers.push_back({p, p + 1});
  if (st)
    for (int p = 0; p < pus; ++p) {
      const auto [x, y] = snakePuCell(p, cols);
      for (int q = 0; q < pus; ++q) {
        const auto [qx, qy] = snakePuCell(q, cols);
        if (qx == x && qy == y + 1 && (y + 1) % side != 0) transfers.push_back({p, q});
      }
    }
  const double linkBytes = transfers.empty() ? 0.0 : plan.nocLinkBytes.value() / double(transfers.size());

  auto origin = [&](int p) {
    const auto [x, y] = snakePuCell(p, cols);
    return QPointF(x * (kPu + kGap), y * (kPu + kGap));
  };
  // Chain order, faint, under the PUs: the 1 x 16 chain of the S modes.
  for (int p = 0; p + 1 < pus; ++p) {
    auto* l = new QCPItemLine(this);
    const QPointF a = origin(p) + QPointF(kPu / 2, kPu / 2), b = origin(p + 1) + QPointF(kPu / 2, kPu / 2);
    l->start->setCoords(a);
    l->end->setCoords(b);
    l->setPen(QPen(t.grid, 6, Qt::SolidLine, Qt::RoundCap));
    l->setLayer(QStringLiteral("grid"));
  }
  QFont small = t.tickFont;
  small = fontAtPoints(small, std::max(6.0, fontPoints(small) - 2.5));
  const double pad = 0.06, cw = (kPu - 2 * pad) / coreCols, ch = (kPu - 2 * pad - 0.16) / coreRows;
  for (int p = 0; p < pus; ++p) {
    const QPointF o = origin(p);
    auto* pu = new QCPItemRect(this);
    pu->topLeft->setCoords(o);
    pu->bottomRight->setCoords(o + QPointF(kPu, kPu));
    pu->setBrush(QBrush(sliceColor(nSlice(p), nSlices, dark)));
    pu->setPen(QPen(t.foreground, 1.2));
    ++mPuItems;
    auto* name = new QCPItemText(this);
    name->position->setCoords(o + QPointF(kPu / 2, pad + 0.07));
    name->setFont(small);
    name->setColor(QColor(20, 20, 20));
    name->setText(macTree ? tr("PU %1").arg(p) : tr("PU %1 · %2×%3").arg(p).arg(plan.shape.rows).arg(plan.shape.cols));
    name->setPositionAlignment(Qt::AlignCenter);
    mPuLabels.push_back(name);
    for (int c = 0; c < cores; ++c) {
      const double x = o.x() + pad + (c % coreCols) * cw, y = o.y() + pad + 0.16 + (c / coreCols) * ch;
      auto* core = new QCPItemRect(this);
      core->topLeft->setCoords(x + 0.02, y + 0.02);
      core->bottomRight->setCoords(x + cw - 0.02, y + ch - 0.02);
      core->setBrush(QBrush(QColor(255, 255, 255, 200)));
      core->setPen(QPen(QColor(60, 60, 60), 0.8));
      ++mCoreItems;
      auto* label = new QCPItemText(this);
      label->position->setCoords(x + cw / 2, y + ch / 2);
      label->setFont(small);
      label->setColor(QColor(20, 20, 20));
      label->setText(tr("c%1").arg(c));
      label->setPositionAlignment(Qt::AlignCenter);
      mCoreLabels.push_back(label);
    }
    QString tip = tr("PU %1 (chain position %1), %2 cores\n").arg(p).arg(cores);
    tip += tr("holds K %1 x N %2 of the %3 x %4 x %5 GEMM (M x K x N)")
               .arg(perPuK, 0, 'f', 0)
               .arg(perPuN, 0, 'f', 0)
               .arg(op->problem.m, 0, 'f', 0)
               .arg(op->problem.k, 0, 'f', 0)
               .arg(op->problem.n, 0, 'f', 0);
    tip += tr("\nK slice %1 of %2, N slice %3 of %4").arg(kSlice(p)).arg(kSlices).arg(nSlice(p)).arg(nSlices);
    tip += tr("\ncores split %1 (%2 each), logical array %3")
               .arg(plan.splitK ? QStringLiteral("K") : QStringLiteral("N"))
               .arg((plan.splitK ? perPuK : perPuN) / cores, 0, 'f', 0)
               .arg(shape);
    addHoverPoint({xAxis, yAxis, o.x() + kPu / 2, o.y() + kPu / 2, tip, 0});
  }
  const QColor arrow = dark ? QColor(0xff, 0x8a, 0x65) : QColor(0xc6, 0x28, 0x28);
  for (auto [a, b] : transfers) {
    const QPointF ca = origin(a) + QPointF(kPu / 2, kPu / 2), cb = origin(b) + QPointF(kPu / 2, kPu / 2);
    const QPointF d = cb - ca;
    const double len = std::hypot(d.x(), d.y());
    const QPointF u = len > 0 ? d / len : QPointF(1, 0);
    auto* l = new QCPItemLine(this);
    l->start->setCoords(ca + u * (kPu / 2 - 0.02));
    l->end->setCoords(cb - u * (kPu / 2 - 0.02));
    l->setPen(QPen(arrow, 3));
    l->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 10, 12));
    ++mNocItems;
    const QPointF mid = (ca + cb) / 2;
    addHoverPoint({xAxis, yAxis, mid.x(), mid.y(),
                   tr("NoC: PU %1 → PU %2, partial sums\n≈ %3 per link (the plan's %4 x links over %5 links)\nexposed NoC time of the operator %6")
                       .arg(a)
                       .arg(b)
                       .arg(bytesText(linkBytes), bytesText(plan.nocLinkBytes.value()))
                       .arg(transfers.size())
                       .arg(timeText(plan.commTime.value())),
                   0});
  }

  // Legend: the N slices (or one entry), the NoC arrows, the chain.
  auto swatch = [&](const QString& text, const QBrush& brush, const QPen& pen, QCPScatterStyle::ScatterShape s) {
    auto* g = addGraph();
    g->setName(text);
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(s, pen, brush, 11));
    g->addToLegend();
  };
  if (nSlices == 1) swatch(tr("every PU: all of N"), sliceColor(0, 1, dark), QPen(t.foreground), QCPScatterStyle::ssSquare);
  else if (nSlices <= 4)
    for (int n = 0; n < nSlices; ++n)
      swatch(tr("N slice %1 (%2 columns)").arg(n).arg(perPuN, 0, 'f', 0), sliceColor(n, nSlices, dark), QPen(t.foreground),
             QCPScatterStyle::ssSquare);
  else swatch(tr("N split %1 ways (%2 columns per PU)").arg(nSlices).arg(perPuN, 0, 'f', 0), sliceColor(0, nSlices, dark),
              QPen(t.foreground), QCPScatterStyle::ssSquare);
  if (kSlices > 1) swatch(tr("K split %1 ways (%2 per PU)").arg(kSlices).arg(perPuK, 0, 'f', 0), Qt::NoBrush, Qt::NoPen,
                          QCPScatterStyle::ssNone);
  if (!transfers.empty())
    swatch(tr("partial-sum reduction (≈ %1 per link)").arg(bytesText(linkBytes)), Qt::NoBrush, QPen(arrow, 3),
           QCPScatterStyle::ssCross);
  else swatch(tr("no NoC reduction in %1").arg(mode), Qt::NoBrush, Qt::NoPen, QCPScatterStyle::ssNone);
  swatch(tr("1 x %1 chain order").arg(pus), Qt::NoBrush, QPen(t.grid, 4), QCPScatterStyle::ssDisc);
  fitAspect();
}

PlotTable SnakeDiePlot::table() const {
  PlotTable table;
  table.title = title();
  table.columns = {"operator", "mode", "logical_rows", "logical_cols", "split", "time_s", "compute_s", "memory_s",
                   "noc_s", "noc_link_bytes_B", "dram_bytes_B", "utilisation"};
  for (const auto& op : mData.operators) {
    const auto& p = op.best;
    table.addRow({QString::fromStdString(op.name), QString::fromUtf8(snake::toString(p.mode).data()), p.shape.rows,
                  p.shape.cols, p.splitK ? QStringLiteral("K") : QStringLiteral("N"), p.time.value(),
                  p.computeTime.value(), p.memoryTime.value(), p.commTime.value(), p.nocLinkBytes.value(),
                  p.dramBytes.value(), p.utilisation});
  }
  return table;
}

} // namespace llmwb::ui
