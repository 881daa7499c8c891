// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/npusim/npusim_chip_plot.h"

#include <algorithm>
#include <cmath>

namespace llmwb::ui {

namespace {
constexpr double kHalf = 0.34; // half the side of a core's square, in mesh units

QCPColorGradient heatGradient() {
  QCPColorGradient g;
  g.clearColorStops();
  g.setColorStopAt(0.0, QColor(0xff, 0xff, 0xb2));
  g.setColorStopAt(0.25, QColor(0xfe, 0xcc, 0x5c));
  g.setColorStopAt(0.5, QColor(0xfd, 0x8d, 0x3c));
  g.setColorStopAt(0.75, QColor(0xf0, 0x3b, 0x20));
  g.setColorStopAt(1.0, QColor(0xbd, 0x00, 0x26));
  return g;
}

QString roleLetter(DeviceRole r) {
  switch (r) {
  case DeviceRole::Prefill: return QStringLiteral("P");
  case DeviceRole::Decode: return QStringLiteral("D");
  case DeviceRole::Both: break;
  }
  return QStringLiteral("F");
}

QString roleName(DeviceRole r) {
  switch (r) {
  case DeviceRole::Prefill: return QObject::tr("prefill pool");
  case DeviceRole::Decode: return QObject::tr("decode pool");
  case DeviceRole::Both: break;
  }
  return QObject::tr("fused pool (prefill and decode)");
}

QColor stageColor(int stage, int stages, bool dark) {
  if (stages <= 8) return seriesColor(stage, dark);
  // Many stages: hues round the wheel in stage order, neighbours distinguishable.
  const double hue = std::fmod(double(stage) / stages * 0.85, 1.0);
  return QColor::fromHsvF(float(hue), dark ? 0.45f : 0.55f, dark ? 0.85f : 0.92f);
}

QString megabytes(double bytes) {
  if (bytes < 1e6) return QStringLiteral("%1 kB").arg(bytes / 1e3, 0, 'f', 1);
  return QStringLiteral("%1 MB").arg(bytes / 1e6, 0, 'f', bytes < 1e8 ? 2 : 0);
}

QString seconds(double s) {
  if (s < 1e-3) return QStringLiteral("%1 µs").arg(s * 1e6, 0, 'f', 1);
  if (s < 1) return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'f', 2);
  return QStringLiteral("%1 s").arg(s, 0, 'f', 2);
}
} // namespace

QColor linkHeatColor(double fraction) {
  static QCPColorGradient g = heatGradient(); // color() is not const (it fills its lookup table)
  return QColor::fromRgb(g.color(std::clamp(fraction, 0.0, 1.0), QCPRange(0, 1)));
}

NpusimChipPlot::NpusimChipPlot(QWidget* parent) : PlotView(parent) {
  setAutoAddPlottableToLegend(false);
  addTitleRow();
  auto* side = new QCPLayoutGrid;
  plotLayout()->addElement(1, 1, side);
  side->addElement(0, 0, legend);
  // The scale lies under the legend, as wide as it: a standing bar beside a tall legend was
  // squeezed to a few pixels with its ticks on top of each other in a laptop's pane.
  mScale = new QCPColorScale(this);
  mScale->setType(QCPAxis::atBottom);
  mScale->setGradient(heatGradient());
  mScale->setBarWidth(10);
  mScale->setMinimumSize(160, 0);
  side->addElement(1, 0, mScale);
  side->addElement(2, 0, new QCPLayoutElement(this)); // takes the height left: legend and scale stay at the top
  side->setRowStretchFactor(0, 0.001);
  side->setRowStretchFactor(1, 0.001);
  side->setRowStretchFactor(2, 1);
  side->setMargins(QMargins(0, 6, 6, 6));
  plotLayout()->setColumnStretchFactor(1, 0.001);
  legend->setVisible(true);
  connect(this, &QCustomPlot::afterLayout, this, &NpusimChipPlot::fitAspect);
}

void NpusimChipPlot::setData(NpusimChipData data) {
  mData = std::move(data);
  refresh();
}

void NpusimChipPlot::fitAspect() {
  const QRect r = axisRect()->rect();
  const int cols = std::max(1, mData.map.columns), rows = std::max(1, mData.map.rows);
  if (r.width() <= 0 || r.height() <= 0) return;
  const double ppu = std::min(r.width() / (cols + 0.2), r.height() / (rows + 0.2));
  const double cx = (cols - 1) / 2.0, cy = (rows - 1) / 2.0;
  xAxis->setRange(cx - r.width() / ppu / 2, cx + r.width() / ppu / 2);
  yAxis->setRange(cy - r.height() / ppu / 2, cy + r.height() / ppu / 2);
  for (auto* l : mCellLabels) l->setVisible(ppu * 2 * kHalf >= 18);
  // Coordinates as dense as their labels allow: "10 11 12" ran together on a 16 x 16 mesh in a
  // laptop's pane.
  const double label = QFontMetricsF(xAxis->tickLabelFont()).horizontalAdvance(QString::number(std::max(cols, rows) - 1)) + 4;
  int step = 1;
  while (step * ppu < label && step < std::max(cols, rows)) step *= 2;
  if (step != mTickStep) setMeshTicks(step);
}

void NpusimChipPlot::setMeshTicks(int step) {
  mTickStep = step;
  for (auto [a, n] : {std::pair{xAxis, mData.map.columns}, std::pair{yAxis, mData.map.rows}}) {
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    int last = 0;
    for (int i = 0; i < n; i += step) last = i;
    // The last core is labelled; the last regular tick, closer to it than `step`, would run into it.
    for (int i = 0; i < n; i += step)
      if (i != last || last == 0 || last == n - 1) ticker->addTick(i, QString::number(i));
    if (n > 1 && last != n - 1) ticker->addTick(n - 1, QString::number(n - 1));
    a->setTicker(ticker);
  }
}

void NpusimChipPlot::rebuild() {
  clearPlottables();
  clearItems();
  mDropMarker = nullptr;
  mCoreItems = mLinkItems = 0;
  mCellLabels.clear();
  const PlotTheme& t = theme();
  const auto& map = mData.map;
  const bool dark = t.dark;
  if (mData.empty()) {
    setTitle(mData.problem.isEmpty() ? tr("No npusim device in this system") : mData.problem);
    legend->setVisible(false);
    mScale->setVisible(false);
    return;
  }
  // A short heading: the pane is often narrow (the controls above name the traffic in full).
  QString what = tr("stage activations");
  if (mData.traffic == QLatin1String("kv")) what = tr("KV hand-over P→D");
  else if (mData.traffic.startsWith(QLatin1String("op:"))) what = mData.traffic.mid(3) + tr(" collective");
  const QString heading = tr("%1, %2, M = %3")
                              .arg(what, mData.phase == NpusimPhase::Prefill ? tr("prefill") : tr("decode"))
                              .arg(mData.tokens, 0, 'f', 0);
  setTitle(mData.loads.empty() ? heading + tr(" — no mesh traffic") : heading);
  legend->setVisible(true);
  mScale->setVisible(true);
  styleLegend(*legend, t);

  xAxis->setLabel(tr("mesh column x"));
  yAxis->setLabel(tr("mesh row y"));
  yAxis->setRangeReversed(true);
  // Ticks only under the mesh (the ranges are wider to keep the cores square).
  setMeshTicks(std::max(map.columns, map.rows) > 16 ? 4 : 1); // fitAspect() thins them to the room
  for (auto* a : {xAxis, yAxis}) {
    a->grid()->setVisible(false);
    a->setSubTicks(false);
  }
  int stages = 1;
  for (const auto& p : map.pools) stages = std::max(stages, p.shape.pp);
  const int cells = std::max(map.columns, map.rows);
  QFont cellFont = t.tickFont;
  cellFont = fontAtPoints(cellFont, cells > 12 ? 6.5 : 8.5);

  // The mesh's links, faint, under everything.
  const QPen meshPen(t.grid, 1);
  for (int y = 0; y < map.rows; ++y)
    for (int x = 0; x < map.columns; ++x)
      for (auto [dx, dy] : {std::pair{1, 0}, std::pair{0, 1}}) {
        if (x + dx >= map.columns || y + dy >= map.rows) continue;
        auto* l = new QCPItemLine(this);
        l->setPen(meshPen);
        l->start->setCoords(x + dx * kHalf, y + dy * kHalf);
        l->end->setCoords(x + dx * (1 - kHalf), y + dy * (1 - kHalf));
        l->setLayer(QStringLiteral("grid"));
      }

  // Cores.
  const bool markRanks = map.layout.tp > 1 && cells <= 8;
  for (int y = 0; y < map.rows; ++y)
    for (int x = 0; x < map.columns; ++x) {
      const auto& c = map.at({x, y});
      auto* rect = new QCPItemRect(this);
      rect->topLeft->setCoords(x - kHalf, y - kHalf);
      rect->bottomRight->setCoords(x + kHalf, y + kHalf);
      ++mCoreItems;
      QString tip = tr("core (%1, %2)").arg(x).arg(y);
      if (c.group < 0) {
        rect->setBrush(QBrush(t.muted.lighter(dark ? 60 : 150)));
        rect->setPen(QPen(t.muted, 1, Qt::DotLine));
        tip += tr("\nidle (in no pool)");
      } else {
        const auto& g = map.groups[std::size_t(c.group)];
        const auto& pool = map.pools[std::size_t(g.pool)];
        rect->setBrush(QBrush(stageColor(g.stage, stages, dark)));
        rect->setPen(QPen(t.foreground, (pool.role == DeviceRole::Decode ? 2.2 : 1) * (t.print ? 0.6 : 1),
                          pool.role == DeviceRole::Decode ? Qt::DashLine : Qt::SolidLine));
        auto* label = new QCPItemText(this);
        label->position->setCoords(x, y);
        label->setFont(cellFont);
        label->setColor(QColor(20, 20, 20));
        label->setText(roleLetter(pool.role) + QString::number(g.stage) +
                       (markRanks ? QStringLiteral("\nr") + QString::number(c.rank) : QString()));
        label->setPositionAlignment(Qt::AlignCenter);
        label->setTextAlignment(Qt::AlignCenter);
        mCellLabels.push_back(label);
        tip += tr("\n%1, pipeline %2, stage %3 of %4\nTP group %5, rank %6 of %7")
                   .arg(roleName(pool.role))
                   .arg(g.pipeline)
                   .arg(g.stage)
                   .arg(pool.shape.pp)
                   .arg(c.group)
                   .arg(c.rank)
                   .arg(map.layout.tp);
        if (mDragEnabled) tip += tr("\nslot %1: drag to move this group to another slot (Edit > Undo puts it back)").arg(g.slot);
      }
      addHoverPoint({xAxis, yAxis, double(x), double(y), tip, 0});
    }

  // Loaded links, offset to the right of their direction so both directions show.
  const double peak = mData.maxLinkBytes();
  const double bw = mData.core.nocBandwidth();
  for (const auto& l : mData.loads) {
    const double dx = l.to.x - l.from.x, dy = l.to.y - l.from.y;
    const double ox = -dy * 0.14, oy = dx * 0.14; // perpendicular offset
    auto* line = new QCPItemLine(this);
    const double f = peak > 0 ? l.bytes / peak : 0;
    // A printed figure is laid out in points: links and arrows half their screen width.
    const double linkScale = t.print ? 0.5 : 1;
    line->setPen(QPen(linkHeatColor(f), (cells > 12 ? 3 : 5) * linkScale, Qt::SolidLine, Qt::FlatCap));
    line->start->setCoords(l.from.x + dx * kHalf + ox, l.from.y + dy * kHalf + oy);
    line->end->setCoords(l.to.x - dx * kHalf + ox, l.to.y - dy * kHalf + oy);
    line->setHead(QCPLineEnding(QCPLineEnding::esFlatArrow, (cells > 12 ? 5 : 7) * linkScale, (cells > 12 ? 5 : 7) * linkScale));
    ++mLinkItems;
    QString tip = tr("link (%1, %2) → (%3, %4)\n%5 over %6 flow(s)")
                      .arg(l.from.x)
                      .arg(l.from.y)
                      .arg(l.to.x)
                      .arg(l.to.y)
                      .arg(megabytes(l.bytes))
                      .arg(l.flows);
    if (bw > 0) tip += tr("\n%1 at %2 GB/s per direction").arg(seconds(l.bytes / bw)).arg(bw / 1e9, 0, 'g', 3);
    addHoverPoint({xAxis, yAxis, (l.from.x + l.to.x) / 2.0 + ox, (l.from.y + l.to.y) / 2.0 + oy, tip, 0});
  }

  // Legend: the stages (up to 8 named; more as first, middle, last), the pool marks, idle.
  auto swatch = [&](const QString& name, const QBrush& brush, const QPen& pen, QCPScatterStyle::ScatterShape shape) {
    auto* g = addGraph();
    g->setName(name);
    g->setLineStyle(QCPGraph::lsNone);
    g->setPen(Qt::NoPen);
    g->setScatterStyle(QCPScatterStyle(shape, pen, brush, 11));
    g->addToLegend();
  };
  std::vector<int> shown;
  if (stages <= 8)
    for (int s = 0; s < stages; ++s) shown.push_back(s);
  else
    shown = {0, stages / 2, stages - 1};
  for (int s : shown)
    swatch(tr("stage %1").arg(s), stageColor(s, stages, dark), QPen(t.foreground, 1), QCPScatterStyle::ssSquare);
  bool hasDecode = false, idle = false;
  QStringList letters;
  for (const auto& p : map.pools) {
    hasDecode = hasDecode || p.role == DeviceRole::Decode;
    const QString l = roleLetter(p.role) + QStringLiteral(": ") + roleName(p.role);
    if (!letters.contains(l)) letters << l;
  }
  for (const auto& c : map.cores) idle = idle || c.group < 0;
  for (const auto& l : letters)
    if (!l.startsWith(QLatin1String("D:"))) swatch(l, Qt::NoBrush, QPen(Qt::NoPen), QCPScatterStyle::ssNone);
  if (hasDecode)
    swatch(tr("D: decode pool (dashed)"), Qt::NoBrush, QPen(t.foreground, 2, Qt::DashLine), QCPScatterStyle::ssSquare);
  if (idle) swatch(tr("idle core"), t.muted.lighter(dark ? 60 : 150), QPen(t.muted, 1, Qt::DotLine), QCPScatterStyle::ssSquare);
  // Many entries: two columns, so the legend never runs past the plot's height.
  QFont legendFont = t.legendFont;
  legendFont = fontAtPoints(legendFont, std::max(7.0, fontPoints(legendFont) - 1));
  legend->setFont(legendFont);
  for (int i = 0; i < legend->itemCount(); ++i) legend->item(i)->setFont(legendFont);
  legend->setWrap(legend->itemCount() > 6 ? 2 : 1);
  legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
  mScale->axis()->setLabel(tr("link load (MB)"));
  mScale->setDataRange(QCPRange(0, peak > 0 ? peak / 1e6 : 1));
  styleAxis(*mScale->axis(), t);
  mScale->setVisible(!mData.loads.empty());
  fitAspect();
}

void NpusimChipPlot::setDragEnabled(bool on) {
  if (on == mDragEnabled) return;
  mDragEnabled = on;
  refresh(); // the cores' tooltips say so
}

std::optional<engine::npusim::Coord> NpusimChipPlot::coreAt(const QPointF& pos) const {
  const auto& map = mData.map;
  if (mData.empty()) return std::nullopt;
  const int x = int(std::lround(xAxis->pixelToCoord(pos.x()))), y = int(std::lround(yAxis->pixelToCoord(pos.y())));
  if (x < 0 || y < 0 || x >= map.columns || y >= map.rows) return std::nullopt;
  return engine::npusim::Coord{x, y};
}

QPointF NpusimChipPlot::corePosition(engine::npusim::Coord core) const {
  return {xAxis->coordToPixel(core.x), yAxis->coordToPixel(core.y)};
}

void NpusimChipPlot::mousePressEvent(QMouseEvent* event) {
  const auto core = mDragEnabled && event->button() == Qt::LeftButton ? coreAt(event->position()) : std::nullopt;
  if (!core || mData.map.at(*core).group < 0) {
    PlotView::mousePressEvent(event);
    return;
  }
  mDragGroup = mData.map.at(*core).group;
  setCursor(Qt::ClosedHandCursor);
  markDropTarget(event->position());
  event->accept();
}

void NpusimChipPlot::mouseMoveEvent(QMouseEvent* event) {
  if (mDragGroup < 0) {
    PlotView::mouseMoveEvent(event);
    const auto core = mDragEnabled ? coreAt(event->position()) : std::nullopt;
    if (core && mData.map.at(*core).group >= 0) setCursor(Qt::OpenHandCursor);
    else unsetCursor();
    return;
  }
  markDropTarget(event->position());
  event->accept();
}

void NpusimChipPlot::mouseReleaseEvent(QMouseEvent* event) {
  if (mDragGroup < 0) {
    PlotView::mouseReleaseEvent(event);
    return;
  }
  const int group = mDragGroup;
  mDragGroup = -1;
  unsetCursor();
  if (mDropMarker) {
    removeItem(mDropMarker);
    mDropMarker = nullptr;
  }
  replot(QCustomPlot::rpQueuedReplot);
  const auto core = coreAt(event->position());
  const int slot = core ? engine::npusim::slotAt(mData.map, *core) : -1;
  if (slot >= 0 && slot != mData.map.groups[std::size_t(group)].slot) emit groupMoveRequested(group, slot);
  event->accept();
}

void NpusimChipPlot::markDropTarget(const QPointF& pos) {
  const auto core = coreAt(pos);
  const int slot = core ? engine::npusim::slotAt(mData.map, *core) : -1;
  if (slot < 0) {
    if (mDropMarker) mDropMarker->setVisible(false);
    replot(QCustomPlot::rpQueuedReplot);
    return;
  }
  if (!mDropMarker) {
    mDropMarker = new QCPItemRect(this);
    mDropMarker->setPen(QPen(theme().foreground, 3, Qt::DashLine));
    mDropMarker->setBrush(Qt::NoBrush);
  }
  const auto origin = engine::npusim::groupSlots(mData.map.columns, mData.map.rows, mData.map.layout)[std::size_t(slot)];
  const double w = std::max(1, mData.map.layout.width), h = std::max(1, mData.map.layout.height);
  mDropMarker->topLeft->setCoords(origin.x - 0.5, origin.y - 0.5);
  mDropMarker->bottomRight->setCoords(origin.x + w - 0.5, origin.y + h - 0.5);
  mDropMarker->setVisible(true);
  replot(QCustomPlot::rpQueuedReplot);
}

PlotTable NpusimChipPlot::table() const {
  PlotTable table;
  table.title = title();
  table.columns = {"from_x", "from_y", "to_x", "to_y", "bytes_B", "flows", "time_at_link_bandwidth_s"};
  const double bw = mData.core.nocBandwidth();
  for (const auto& l : mData.loads)
    table.addRow({l.from.x, l.from.y, l.to.x, l.to.y, l.bytes, l.flows, bw > 0 ? l.bytes / bw : 0.0});
  return table;
}

} // namespace llmwb::ui
