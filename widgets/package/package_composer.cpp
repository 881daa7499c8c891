// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/package/package_composer.h"

#include "core/edit/package_edits.h"
#include "core/io/spec_writer.h"
#include "widgets/common/format.h"
#include "widgets/common/theme.h"
#include "widgets/document/project_document.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QTimer>
#include <QVBoxLayout>

namespace llmwb::ui {

namespace {
void showUsage(QProgressBar* bar, double used, double limit, const QString& what) {
  bar->setRange(0, 1000);
  bar->setValue(int(std::min(1.0, limit > 0 ? used / limit : 0.0) * 1000));
  bar->setFormat(QStringLiteral("%1 %2 of %3 mm²").arg(what).arg(used, 0, 'f', 0).arg(limit, 0, 'f', 0));
  bar->setStyleSheet(used > limit + 1e-9 ? QStringLiteral("QProgressBar { color: white; } QProgressBar::chunk { background: #c0392b; }")
                                         : QString());
  // Wide enough for its text, which is the point of the bar (over the limit it is the reason).
  bar->setMinimumWidth(bar->fontMetrics().horizontalAdvance(bar->text()) + 24);
}
} // namespace

PackageComposer::PackageComposer(QWidget* parent)
    : QWidget(parent), mDevice(new QComboBox), mInterposer(new QProgressBar), mChiplet(new QProgressBar), mFigures(new QLabel),
      mProblems(new QLabel), mView(new FloorplanView), mRefresh(this, [this] { refresh(); }) {
  auto* layout = new QVBoxLayout(this);
  auto* top = new QGridLayout;
  top->addWidget(new QLabel(tr("Package:")), 0, 0);
  top->addWidget(mDevice, 0, 1);
  top->addWidget(mInterposer, 0, 2);
  top->addWidget(mChiplet, 0, 3);
  top->setColumnStretch(2, 1);
  top->setColumnStretch(3, 1);
  mInterposer->setToolTip(tr("Interposer area the parts need (with spacing) against its limit (DUET 4.3: 2700-3000 mm²)"));
  mChiplet->setToolTip(tr("Area of one compute chiplet at 7 nm (+40% overhead) against the 121 mm² cap (DUET 4.3, 4.5)"));
  mInterposer->setTextVisible(true);
  mChiplet->setTextVisible(true);
  layout->addLayout(top);
  mFigures->setWordWrap(true);
  mProblems->setWordWrap(true);
  mProblems->setStyleSheet(QStringLiteral("color: #c0392b; font-weight: 600;"));
  layout->addWidget(mFigures);
  layout->addWidget(mProblems);
  layout->addWidget(mView, 1);
  connect(mDevice, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
  connect(mView, &FloorplanView::entryDropped, this, &PackageComposer::dropEntry);
  connect(mView, &FloorplanView::itemMoved, this, &PackageComposer::moveItem);
  connect(mView, &FloorplanView::removeRequested, this, &PackageComposer::removeItem);
  connect(mView, &FloorplanView::itemSelected, this, [this](std::size_t item) {
    if (mSelection && group()) mSelection->select({Selection::Kind::PackageItem, *group(), 0, item});
  });
}

void PackageComposer::setDocument(ProjectDocument* document, SelectionModel* selection) {
  if (mDocument) disconnect(mDocument, nullptr, this, nullptr);
  mDocument = document;
  mSelection = selection;
  if (mDocument) connect(mDocument, &ProjectDocument::changed, this, [this] { mRefresh.schedule(); });
  mRefresh.runNow();
}

std::optional<std::size_t> PackageComposer::group() const {
  if (!mDocument || mDevice->currentIndex() < 0) return std::nullopt;
  const auto g = std::size_t(mDevice->currentData().toULongLong());
  if (g >= mDocument->system().groups.size() || !mDocument->system().groups[g].device.package) return std::nullopt;
  return g;
}

void PackageComposer::showGroup(std::size_t g) {
  const int i = mDevice->findData(qulonglong(g));
  if (i >= 0) mDevice->setCurrentIndex(i);
}

void PackageComposer::refresh() {
  // The device list: every group that is a chiplet package.
  const QVariant wanted = mDevice->currentData();
  {
    const QSignalBlocker block(mDevice);
    mDevice->clear();
    if (mDocument) {
      const auto& groups = mDocument->system().groups;
      for (std::size_t g = 0; g < groups.size(); ++g)
        if (groups[g].device.package) mDevice->addItem(QString::fromStdString(groups[g].device.name), qulonglong(g));
    }
    const int i = mDevice->findData(wanted);
    mDevice->setCurrentIndex(i >= 0 ? i : 0);
  }
  mViolations.clear();
  const auto g = group();
  setEnabled(g.has_value());
  if (!g) {
    mFigures->setText(tr("This system has no chiplet package. Open the DUET project, or pick a DUET device from the palette."));
    mProblems->clear();
    mView->scene()->clear();
    mShown.clear();
    return;
  }
  const auto& device = mDocument->system().groups[*g].device;
  const auto& p = *device.package;
  // An edit elsewhere (another group, the project) leaves the package as drawn: nothing to redo.
  std::string shown = std::to_string(*g) + ' ' + std::to_string(int(currentTheme())) + ' ' + io::deviceJsonText(device, -1);
  if (shown == mShown && !mView->scene()->items().isEmpty()) return;
  mShown = std::move(shown);
  MemoryHierarchy memory;
  const PackageReport report = resolvePackage(p, memory);
  showUsage(mInterposer, report.interposerArea.value(), report.interposerLimit.value(), tr("interposer"));
  showUsage(mChiplet, report.chiplet.total.value(), report.chipletCap.value(), tr("chiplet"));
  mFigures->setText(tr("%1 compute chiplets × (%2 systolic + %3 vector-unit arrays) · network-on-interposer %4 · "
                       "memory %5 at %6 · compute peak %7 W")
                        .arg(p.computeChiplets)
                        .arg(report.systolicPerChiplet)
                        .arg(report.vectorPerChiplet)
                        .arg(formatBandwidth(report.noiBandwidth), formatBytes(memory.offChipCapacity()),
                             formatBandwidth(memory.peakBandwidth()))
                        .arg(report.computePower.value(), 0, 'f', 0));
  for (const auto& v : report.violations) mViolations << engineText(v);
  mProblems->setText(mViolations.isEmpty() ? QString() : tr("Not feasible: %1").arg(mViolations.join(QStringLiteral("; "))));
  mView->showPackage(p, report);
}

bool PackageComposer::dropEntry(const PaletteEntry& entry, int row, int column, std::optional<std::size_t> onItem) {
  const auto g = group();
  if (!g) return false;
  const auto& p = *mDocument->system().groups[*g].device.package;
  auto change = [&](const QString& text, auto&& f) {
    return mDocument->edit(text, [&](Project& project) { f(*project.system.system.groups[*g].device.package); });
  };
  switch (entry.kind) {
  case PaletteEntry::Kind::ComputeChiplet:
    return change(tr("Add a compute chiplet"), [&](PackageSpec& q) { edit::addItem(q, edit::ItemKind::Compute, row, column); });
  case PaletteEntry::Kind::MemoryPhyChiplet:
    return change(tr("Add a memory-PHY chiplet"), [&](PackageSpec& q) { edit::addItem(q, edit::ItemKind::MemoryPhy, row, column); });
  case PaletteEntry::Kind::Preset: break;
  }
  if (!entry.isMemory()) {
    emit mDocument->editRefused(tr("Only chiplets and memory go onto a package floorplan."));
    return false;
  }
  MemoryTechnology t;
  try {
    t = mDocument->library().memoryTechnology(entry.id.toStdString());
  } catch (const std::exception& e) {
    emit mDocument->editRefused(QString::fromStdString(e.what()));
    return false;
  }
  const bool onMemory = onItem && *onItem < p.floorplan.size() &&
                        p.floorplan[*onItem].kind == edit::memoryKind(t);
  if (onMemory)
    return change(tr("Use %1 for the package's memory").arg(QString::fromStdString(t.name)),
                  [&](PackageSpec& q) { edit::setMemoryTechnology(q, t); });
  return change(tr("Add %1").arg(QString::fromStdString(t.name)),
                [&](PackageSpec& q) { edit::addItem(q, edit::memoryKind(t), row, column, &t); });
}

bool PackageComposer::moveItem(std::size_t item, int row, int column) {
  const auto g = group();
  if (!g) return false;
  const auto& p = *mDocument->system().groups[*g].device.package;
  if (item < p.floorplan.size() && p.floorplan[item].row == row && p.floorplan[item].column == column) return false;
  const bool ok = mDocument->edit(tr("Move a package part"), [&](Project& project) {
    edit::moveItem(*project.system.system.groups[*g].device.package, item, row, column);
  });
  if (!ok) mRefresh.schedule(); // put the dragged item back
  return ok;
}

bool PackageComposer::removeItem(std::size_t item) {
  const auto g = group();
  if (!g) return false;
  if (mSelection) mSelection->select({Selection::Kind::Device, *g, 0, 0});
  return mDocument->edit(tr("Remove a package part"), [&](Project& project) {
    edit::removeItem(*project.system.system.groups[*g].device.package, item);
  });
}

} // namespace llmwb::ui
