// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/hierarchy/device_lane.h"

#include "core/device/resolved_device.h"
#include "widgets/common/format.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace llmwb::ui {

namespace {
/// The group's role, with its part in a heterogeneous system (MemExplorer 5.5).
QString roleText(const DeviceGroup& g) {
  switch (g.role) {
  case DeviceRole::Prefill:
    if (g.layers == LayerSelection::Attention) return DeviceLane::tr("prefill attention");
    if (g.layers == LayerSelection::Ffn) return DeviceLane::tr("prefill FFN");
    return DeviceLane::tr("prefill");
  case DeviceRole::Decode:
    if (g.untilFraction < 1) return DeviceLane::tr("decode ≤ %1 %").arg(g.untilFraction * 100, 0, 'g', 3);
    return DeviceLane::tr("decode");
  case DeviceRole::Both: return DeviceLane::tr("prefill + decode");
  }
  return {};
}

QProgressBar* usageBar(double used, double available, const QString& format, const QString& tip) {
  auto* bar = new QProgressBar;
  bar->setRange(0, 1000);
  const double share = available > 0 ? used / available : 0;
  bar->setValue(int(std::min(1.0, share) * 1000));
  bar->setFormat(format);
  bar->setTextVisible(true);
  bar->setToolTip(tip);
  bar->setMinimumWidth(bar->fontMetrics().horizontalAdvance(bar->text()) + 24); // the text is never cut
  if (share > 1.0 + 1e-9)
    bar->setStyleSheet(QStringLiteral("QProgressBar { color: white; } QProgressBar::chunk { background: #c0392b; }"));
  return bar;
}
} // namespace

DeviceLane::DeviceLane(const DeviceGroup& group, std::size_t index,
                       const std::function<bool(const QString&, std::size_t)>& accepts, QWidget* parent)
    : QFrame(parent), mIndex(index) {
  // A chiplet package's compute and memory are shown as it resolves into them (read-only).
  const DeviceSpec d = resolvedDevice(group.device);
  setObjectName(QStringLiteral("DeviceLane"));
  setFrameShape(QFrame::StyledPanel);
  setMinimumWidth(420);
  auto* layout = new QVBoxLayout(this);
  layout->setSpacing(6);

  auto* header = new QHBoxLayout;
  auto* name = new QLabel(QStringLiteral("<b>%1</b> &nbsp;<span style='color:palette(mid)'>%2</span>")
                              .arg(QString::fromStdString(d.name).toHtmlEscaped(), roleText(group)));
  name->setTextFormat(Qt::RichText);
  QFont f = name->font();
  f.setPointSizeF(f.pointSizeF() * 1.15);
  name->setFont(f);
  header->addWidget(name, 1);
  auto* count = mCount = new QSpinBox;
  count->setRange(1, 1024);
  count->setPrefix(QStringLiteral("× "));
  auto countSuffix = [count](int n) { count->setSuffix(n == 1 ? tr(" device") : tr(" devices")); };
  // One width for every count: a count that changes its text's width would lay the lane (and the
  // panes beneath the editor) out again.
  count->setValue(count->maximum());
  countSuffix(count->maximum());
  count->setFixedWidth(count->sizeHint().width());
  count->setValue(group.count);
  countSuffix(group.count);
  connect(count, &QSpinBox::valueChanged, count, countSuffix);
  count->setKeyboardTracking(false);
  count->setToolTip(tr("Devices in this group (tensor parallel)"));
  count->setProperty("partAddress", QStringLiteral("device/%1").arg(index));
  connect(count, &QSpinBox::valueChanged, this, [this](int v) { emit countChanged(mIndex, v); });
  header->addWidget(count);
  layout->addLayout(header);

  const auto unit = makeComputeUnit(d.compute);
  const int bits = int(d.quantisation.weights.bitsPerElement());
  auto* compute = new QLabel(tr("Compute: %1 · %2 at %3-bit · TDP %4")
                                 .arg(QString::fromStdString(unit->describe()).toHtmlEscaped(),
                                      formatFlops(unit->peakMatrixFlops(bits)))
                                 .arg(bits)
                                 .arg(d.power.datasheetTdp ? formatWatts(*d.power.datasheetTdp) : tr("modelled")));
  compute->setWordWrap(true);
  compute->setToolTip(tr("Peak matrix rate in FLOP/s (2 FLOP per MAC) for the weight format %1")
                          .arg(QString::fromStdString(d.quantisation.weights.name)));
  layout->addWidget(compute);

  // A package's memory, or one its compute kind derives (an NpuSim chip's per-core SRAM and HBM), is
  // shown as it resolves, locked, with where to edit it instead.
  const std::string lock = memoryLockReason(group.device);
  const bool editable = lock.empty();
  if (!editable) {
    QString text = QString::fromStdString(lock);
    if (!text.isEmpty()) text[0] = text[0].toUpper();
    auto* note = new QLabel(tr("<b>Memory locked.</b> %1").arg(text.toHtmlEscaped()));
    note->setObjectName(QStringLiteral("MemoryLock"));
    note->setWordWrap(true);
    note->setToolTip(text);
    layout->addWidget(note);
  }
  const auto levels = d.memory.levels();
  for (std::size_t level = 0; level <= levels.size(); ++level) {
    if (level == levels.size() && !editable) break;
    auto* lane = new LevelLane(d.memory, index, level, editable,
                               [accepts, level](const QString& id) { return accepts(id, level); });
    mLanes.push_back(lane);
    layout->addWidget(lane);
  }

  // A faster level below a slower one: said here, where it is fixed (and in the results).
  if (editable) {
    QStringList order;
    for (const auto& w : d.memory.orderWarnings()) order << engineText(w).toHtmlEscaped();
    if (!order.isEmpty()) {
      auto* warning = new QLabel(tr("<b>Order:</b> %1").arg(order.join(QStringLiteral("<br>"))));
      warning->setObjectName(QStringLiteral("OrderWarning"));
      warning->setWordWrap(true);
      warning->setStyleSheet(QStringLiteral("color: #d35400;"));
      layout->addWidget(warning);
    }
  }
  if (editable && !d.power.datasheetTdp) {
    const auto check = d.memory.checkShoreline();
    layout->addWidget(usageBar(check.required.value(), check.available.value(),
                               tr("Shoreline %1 of %2 mm").arg(check.required.value(), 0, 'f', 1).arg(check.available.value(), 0, 'f', 1),
                               check.feasible ? tr("Die edge the off-chip PHYs need (MemExplorer Eq. 1)")
                                              : engineText(check.reason)));
  }
  layout->addStretch(1);
}

void DeviceLane::setCount(int count) {
  const QSignalBlocker block(mCount);
  mCount->setValue(count);
  mCount->setSuffix(count == 1 ? tr(" device") : tr(" devices"));
}

void DeviceLane::setSelected(bool selected) {
  setStyleSheet(selected ? QStringLiteral("#DeviceLane { border: 2px solid palette(highlight); border-radius: 4px; }") : QString());
}

void DeviceLane::mousePressEvent(QMouseEvent* event) {
  emit selected(mIndex);
  QFrame::mousePressEvent(event);
}

} // namespace llmwb::ui
