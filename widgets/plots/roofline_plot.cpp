// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/roofline_plot.h"

#include <QActionGroup>
#include <QMenu>

#include <algorithm>
#include <cmath>
#include <map>

namespace llmwb::ui {

namespace {
constexpr double kMarkerSize = 9;
/// In a printed figure (layout in points) markers of 9 pt would hide each other in a column.
constexpr double kPrintMarkerSize = 6;

/// Filled markers with an outline in the background colour, so that touching points stay apart.
/// `shrink` (0 for the first class drawn, more for later ones) makes markers drawn on top of
/// others smaller: points of different classes at the same place show as nested markers.
QCPScatterStyle marker(Phase phase, const QColor& color, const PlotTheme& t, double shrink = 0) {
  const auto shape = phase == Phase::Prefill ? QCPScatterStyle::ssCircle : QCPScatterStyle::ssTriangle;
  const double base = (t.print ? kPrintMarkerSize : kMarkerSize) + (phase == Phase::Prefill ? 0 : 2);
  return QCPScatterStyle(shape, QPen(t.background, t.print ? 0.6 : 1), QBrush(color), base * (1 - shrink));
}

/// Each class after the first drawn 12 % smaller, down to 55 %.
double shrinkOf(int rank) { return std::min(0.45, 0.12 * rank); }

QString classLabel(const std::optional<OperatorClass>& cls) {
  return cls ? operatorClassName(*cls) : QStringLiteral("Other");
}
} // namespace

RooflinePlot::RooflinePlot(QWidget* parent) : PlotView(parent) {
  addTitleRow();
  placeLegendRight();
  setAutoAddPlottableToLegend(false); // rebuild() adds entries in reading order
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
}

void RooflinePlot::setData(RooflineData data) {
  mData = std::move(data);
  refresh();
}

void RooflinePlot::setPhaseFilter(PhaseFilter filter) {
  mFilter = filter;
  refresh();
}

bool RooflinePlot::shows(Phase p) const {
  return mFilter == PhaseFilter::Both || (mFilter == PhaseFilter::Prefill) == (p == Phase::Prefill);
}

bool RooflinePlot::shows(const RooflineCeiling& c) const {
  return c.phases.empty() || std::any_of(c.phases.begin(), c.phases.end(), [this](Phase p) { return shows(p); });
}

QString RooflinePlot::figureName() const {
  switch (mFilter) {
  case PhaseFilter::Prefill: return QStringLiteral("roofline-prefill");
  case PhaseFilter::Decode: return QStringLiteral("roofline-decode");
  case PhaseFilter::Both: break;
  }
  return QStringLiteral("roofline");
}

void RooflinePlot::rebuild() {
  clearPlottables();
  clearItems();
  legend->clearItems();
  const PlotTheme& t = theme();
  makeLogAxis(*xAxis);
  makeLogAxis(*yAxis);
  xAxis->setLabel(tr("Operational intensity (FLOP/byte)"));
  yAxis->setLabel(tr("Performance (FLOP/s)"));

  // Ranges first: ceilings are drawn across the visible intensities.
  double xMin = 1e300, xMax = 0, yMin = 1e300, yMax = 0;
  for (const auto& o : mData.operators) {
    if (!shows(o.phase)) continue;
    xMin = std::min(xMin, o.intensity);
    xMax = std::max(xMax, o.intensity);
    yMin = std::min(yMin, o.achieved);
    yMax = std::max(yMax, o.achieved);
  }
  double topCompute = 0, lowBandwidth = 1e300, highBandwidth = 0;
  std::map<int, int> devices; // device group -> order of appearance
  for (const auto& c : mData.ceilings) {
    if (!shows(c)) continue;
    devices.emplace(c.group, int(devices.size()));
    if (c.compute) topCompute = std::max(topCompute, c.value);
    else {
      lowBandwidth = std::min(lowBandwidth, c.value);
      highBandwidth = std::max(highBandwidth, c.value);
    }
  }
  if (topCompute > 0) yMax = std::max(yMax, topCompute);
  if (topCompute > 0 && highBandwidth > 0) {
    // Both ridge points (fastest and slowest memory) inside the plot.
    xMin = std::min(xMin, topCompute / highBandwidth);
    xMax = std::max(xMax, topCompute / std::min(lowBandwidth, highBandwidth));
  }
  if (!(xMax > 0)) {
    xMin = 0.1;
    xMax = 1e4;
  }
  if (!(yMax > 0)) {
    yMin = 1e9;
    yMax = 1e15;
  }
  xMin = std::pow(10, std::floor(std::log10(xMin / 2)));
  xMax = std::pow(10, std::ceil(std::log10(xMax * 2)));
  yMin = std::pow(10, std::floor(std::log10(std::min(yMin, yMax / 1e3) / 2)));
  yMax = std::pow(10, std::ceil(std::log10(yMax * 1.5)));
  xAxis->setRange(xMin, xMax);
  yAxis->setRange(yMin, yMax);

  // Heading: the system, then where each shown phase runs. Ceilings and points are for the
  // whole tensor-parallel group of a phase.
  QStringList runs;
  for (auto [phase, info] : {std::pair{Phase::Prefill, &mData.prefill}, std::pair{Phase::Decode, &mData.decode}}) {
    if (!shows(phase) || info->groupSize == 0) continue;
    // No-break spaces: a wrapped heading never leaves "1" or "× DUET" alone on a line.
    runs << tr("%1 on %2\u00a0×\u00a0%3 at\u00a0batch\u00a0%4").arg(phaseName(phase)).arg(info->groupSize).arg(info->device).arg(info->batch);
  }
  setTitle(tr("Roofline: %1").arg(mData.title) + (runs.isEmpty() ? QString() : QStringLiteral("\n") + runs.join(QStringLiteral("\n"))));

  const bool manyDevices = devices.size() > 1;
  auto ceilingName = [&](const RooflineCeiling& c) {
    QString name = c.name;
    if (manyDevices && c.phases.size() == 1) name = phaseName(c.phases.front()) + QStringLiteral(" · ") + name;
    return name + QStringLiteral(": ") + withPrefix(c.value, c.compute ? QStringLiteral("FLOP/s") : QStringLiteral("B/s"));
  };
  std::vector<QCPGraph*> ceilingGraphs, pointGraphs, keyGraphs;

  // Ceilings of the two phases at the same value (a disaggregated system whose devices share a
  // memory, or two memories of equal bandwidth) are drawn once and named for both: two equal
  // lines would hide each other.
  std::vector<const RooflineCeiling*> drawn;
  std::map<const RooflineCeiling*, std::vector<const RooflineCeiling*>> sharedWith;
  for (const auto& c : mData.ceilings) {
    if (!shows(c)) continue;
    const auto twin = std::find_if(drawn.begin(), drawn.end(), [&](const RooflineCeiling* d) {
      return d->compute == c.compute && std::abs(d->value - c.value) <= 1e-9 * c.value && d->phases.size() == 1 &&
             c.phases.size() == 1 && d->phases != c.phases;
    });
    if (manyDevices && twin != drawn.end()) {
      sharedWith[*twin].push_back(&c);
      continue;
    }
    drawn.push_back(&c);
  }
  auto sharedName = [&](const RooflineCeiling& c, const std::vector<const RooflineCeiling*>& others) {
    const QString value = withPrefix(c.value, c.compute ? QStringLiteral("FLOP/s") : QStringLiteral("B/s"));
    const bool sameName = std::all_of(others.begin(), others.end(), [&](auto* o) { return o->name == c.name; });
    QStringList parts;
    if (sameName) {
      parts << phaseName(c.phases.front());
      for (const auto* o : others) parts << phaseName(o->phases.front());
      return parts.join(QStringLiteral(" + ")) + QStringLiteral(" · ") + c.name + QStringLiteral(": ") + value;
    }
    parts << phaseName(c.phases.front()) + QStringLiteral(" · ") + c.name;
    for (const auto* o : others) parts << phaseName(o->phases.front()) + QStringLiteral(" · ") + o->name;
    return parts.join(QStringLiteral(" = ")) + QStringLiteral(": ") + value;
  };

  int computeIndex = 0;
  for (const auto* shown : drawn) {
    const auto& c = *shown;
    auto* g = addGraph();
    g->setProperty(kKindProperty, c.compute ? "compute-ceiling" : "memory-ceiling");
    const auto shared = sharedWith.find(&c);
    g->setName(shared == sharedWith.end() ? ceilingName(c) : sharedName(c, shared->second));
    g->setLineStyle(QCPGraph::lsLine);
    ceilingGraphs.push_back(g);
    // A second device (disaggregated, both phases shown) draws its ceilings fainter and dashed.
    const bool secondDevice = devices.at(c.group) > 0;
    if (c.compute) {
      // Dashed and darker than the points: the ceiling is a bound, not data.
      QColor color = t.foreground;
      color.setAlpha(secondDevice ? 120 : 200);
      const Qt::PenStyle styles[] = {Qt::DashLine, Qt::DashDotLine, Qt::DotLine};
      g->setPen(QPen(color, t.print ? 1.2 : 1.8, styles[computeIndex++ % 3]));
      g->setData(QVector<double>{xMin, xMax}, QVector<double>{c.value, c.value});
    } else {
      // A memory ceiling rises with intensity until it meets the highest compute ceiling.
      g->setPen(QPen(memoryLevelColor(c.depth, t.dark), t.print ? 1.4 : 2, secondDevice ? Qt::DashLine : Qt::SolidLine));
      const double ceiling = topCompute > 0 ? topCompute : yMax;
      const double ridge = ceiling / c.value;
      g->setData(QVector<double>{xMin, std::min(ridge, xMax)}, QVector<double>{xMin * c.value, std::min(ceiling, xMax * c.value)});
    }
  }

  // One graph per operator class and phase; the legend shows each class once. Classes are drawn
  // in their fixed order, each later one smaller (nested markers where points coincide).
  std::map<std::pair<int, int>, QCPGraph*> graphs;
  std::map<int, bool> classInLegend;
  std::vector<const RooflineOperator*> operators;
  for (const auto& o : mData.operators)
    if (shows(o.phase)) operators.push_back(&o);
  auto order = [](const RooflineOperator* o) { return o->cls ? int(*o->cls) : 1000; };
  std::stable_sort(operators.begin(), operators.end(), [&](auto* a, auto* b) { return order(a) < order(b); });
  std::map<int, int> rank; // class -> place among the classes shown
  for (const auto* o : operators) rank.emplace(order(o), int(rank.size()));
  for (const auto* op : operators) {
    const auto& o = *op;
    const int cls = o.cls ? int(*o.cls) : -1;
    auto& g = graphs[{cls, int(o.phase)}];
    if (!g) {
      g = addGraph();
      g->setProperty(kKindProperty, "operators");
      g->setProperty("llmwb.class", cls < 0 ? 1000 : cls);
      g->setLineStyle(QCPGraph::lsNone);
      const QColor color = o.cls ? operatorClassColor(*o.cls, t.dark) : t.muted;
      g->setScatterStyle(marker(o.phase, color, t, shrinkOf(rank.at(order(op)))));
      g->setName(classLabel(o.cls));
      if (!classInLegend[cls]) pointGraphs.push_back(g);
      classInLegend[cls] = true;
    }
    g->addData(o.intensity, o.achieved);
    addHoverPoint({xAxis, yAxis, o.intensity, o.achieved,
                   tr("<b>%1</b><br>layer %2 · %3<br>%4 on %5, batch %6<br>"
                      "work: %7 · data: %8<br>intensity: %9 FLOP/byte (off-chip: %10)<br>"
                      "achieved: %11 (attainable %12)<br>bound: %13")
                       .arg(o.name.toHtmlEscaped(), o.layer.toHtmlEscaped(), classLabel(o.cls), phaseName(o.phase),
                            o.device.toHtmlEscaped())
                       .arg(o.batch)
                       .arg(withPrefix(o.flops, QStringLiteral("FLOP")), withPrefix(o.bytes, QStringLiteral("B")),
                            QString::number(o.intensity, 'g', 3), QString::number(o.modelledIntensity, 'g', 3),
                            withPrefix(o.achieved, QStringLiteral("FLOP/s")), withPrefix(o.attainable, QStringLiteral("FLOP/s")),
                            o.bound.toHtmlEscaped()),
                   0});
  }
  // Marker shapes explained once, in a neutral colour.
  if (mFilter == PhaseFilter::Both) {
    for (Phase p : {Phase::Prefill, Phase::Decode}) {
      auto* key = addGraph();
      key->setProperty(kKindProperty, "legend-key");
      key->setLineStyle(QCPGraph::lsNone);
      key->setScatterStyle(marker(p, t.foreground, t));
      key->setName(p == Phase::Prefill ? tr("prefill (circles)") : tr("decode (triangles)"));
      keyGraphs.push_back(key);
    }
  }
  // Legend: operator classes in their fixed order, marker shapes, then the ceilings.
  std::stable_sort(pointGraphs.begin(), pointGraphs.end(), [](QCPGraph* a, QCPGraph* b) {
    return a->property("llmwb.class").toInt() < b->property("llmwb.class").toInt();
  });
  for (const auto* list : {&pointGraphs, &keyGraphs, &ceilingGraphs})
    for (auto* g : *list) g->addToLegend(legend);
  // A phase whose engine put no operator on the roofline says so, where its points would be.
  QStringList notes;
  for (const auto& [phase, text] : mData.notes)
    if (shows(phase)) notes << QStringLiteral("%1: %2").arg(phaseName(phase), text);
  if (!notes.isEmpty()) {
    auto* note = new QCPItemText(this);
    note->setObjectName(QStringLiteral("NotModelled"));
    note->position->setType(QCPItemPosition::ptAxisRectRatio);
    note->position->setCoords(0.5, 0.5);
    note->setPositionAlignment(Qt::AlignCenter);
    note->setText(wrapLabel(notes.join(QStringLiteral("\n")), 56));
    note->setColor(t.foreground);
    note->setFont(t.tickFont);
    note->setBrush(t.background);
    note->setPadding(QMargins(6, 4, 6, 4));
  }
}

void RooflinePlot::addContextActions(QMenu& menu) {
  auto* group = new QActionGroup(&menu);
  const std::pair<PhaseFilter, QString> choices[] = {
      {PhaseFilter::Both, tr("Prefill and decode")}, {PhaseFilter::Prefill, tr("Prefill only")}, {PhaseFilter::Decode, tr("Decode only")}};
  for (const auto& [filter, label] : choices) {
    auto* action = menu.addAction(label, this, [this, f = filter] { setPhaseFilter(f); });
    action->setCheckable(true);
    action->setChecked(filter == mFilter);
    group->addAction(action);
  }
}

PlotTable RooflinePlot::table() const {
  PlotTable t;
  t.title = tr("Roofline: %1").arg(mData.title);
  t.columns = {QStringLiteral("kind"), QStringLiteral("device"), QStringLiteral("phase"), QStringLiteral("batch"),
               QStringLiteral("layer"), QStringLiteral("name"), QStringLiteral("class"), QStringLiteral("flops"),
               QStringLiteral("bytes"), QStringLiteral("intensity_flops_per_byte"),
               QStringLiteral("modelled_intensity_flops_per_byte"), QStringLiteral("achieved_flops_per_s"),
               QStringLiteral("attainable_flops_per_s"), QStringLiteral("ceiling_flops_per_s"),
               QStringLiteral("ceiling_bytes_per_s"), QStringLiteral("bound")};
  const QVariant none{};
  for (const auto& c : mData.ceilings) {
    if (!shows(c)) continue;
    t.addRow({c.compute ? QStringLiteral("compute ceiling") : QStringLiteral("memory ceiling"), c.device, none,
              none, none, c.name, none, none, none, none, none, none, none, c.compute ? QVariant(c.value) : none,
              c.compute ? none : QVariant(c.value), none});
  }
  for (const auto& o : mData.operators) {
    if (!shows(o.phase)) continue;
    t.addRow({QStringLiteral("operator"), o.device, phaseName(o.phase), o.batch, o.layer, o.name,
              o.cls ? QString::fromLatin1(toString(*o.cls).data()) : QString(), o.flops, o.bytes, o.intensity,
              o.modelledIntensity, o.achieved, o.attainable, none, none, o.bound});
  }
  return t;
}

} // namespace llmwb::ui
