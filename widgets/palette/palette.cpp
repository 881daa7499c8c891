// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/palette/palette.h"

#include "widgets/common/format.h"
#include "widgets/common/icons.h"
#include "widgets/palette/model_import.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QMimeData>
#include <QStandardPaths>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <optional>

namespace llmwb::ui {

namespace {
constexpr int kEntryRole = Qt::UserRole + 1;

/// The .json files among dropped URLs (a Hugging Face config.json, by intent).
QStringList jsonFiles(const QMimeData* mime) {
  QStringList files;
  if (!mime || !mime->hasUrls()) return files;
  for (const auto& url : mime->urls())
    if (url.isLocalFile() && url.toLocalFile().endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) files << url.toLocalFile();
  return files;
}

/// A tree that drags its entries as application/vnd.llmwb.preset and takes dropped config.json
/// files (nothing else is dropped on it).
class PaletteTree : public QTreeWidget {
public:
  explicit PaletteTree(std::function<void(const QStringList&)> filesDropped) : mFilesDropped(std::move(filesDropped)) {}

protected:
  QStringList mimeTypes() const override { return {kPresetMimeType}; }
  QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override {
    if (items.isEmpty() || !items.front()->data(0, kEntryRole).isValid()) return nullptr;
    return toMimeData(items.front()->data(0, kEntryRole).value<PaletteEntry>());
  }
  void dragEnterEvent(QDragEnterEvent* event) override { acceptFiles(event); }
  void dragMoveEvent(QDragMoveEvent* event) override { acceptFiles(event); }
  void dropEvent(QDropEvent* event) override {
    const QStringList files = jsonFiles(event->mimeData());
    if (files.isEmpty()) return event->ignore();
    event->acceptProposedAction();
    mFilesDropped(files);
  }

private:
  void acceptFiles(QDropEvent* event) {
    if (jsonFiles(event->mimeData()).isEmpty()) event->ignore();
    else event->acceptProposedAction();
  }
  std::function<void(const QStringList&)> mFilesDropped;
};

QString userPresetFolder() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)).filePath(QStringLiteral("llmwb/presets"));
}

QString sourcesTip(const std::map<std::string, std::string>& sources) {
  QString tip;
  for (const auto& [field, source] : sources)
    tip += QStringLiteral("<br><i>%1</i>: %2").arg(QString::fromStdString(field).toHtmlEscaped(),
                                                    QString::fromStdString(source).toHtmlEscaped());
  return tip;
}

QString memoryTip(const MemoryTechnology& t) {
  QString tip = QStringLiteral("<b>%1</b> (%2)<br>").arg(QString::fromStdString(t.name).toHtmlEscaped(),
                                                          t.placement == MemoryPlacement::OnChip ? Palette::tr("on-chip")
                                                                                                 : Palette::tr("off-chip"));
  tip += Palette::tr("Per %1: %2, %3, latency %4").arg(QString::fromStdString(t.unitName), formatBytes(t.capacity),
                                                      formatBandwidth(t.bandwidth), formatSeconds(t.latency));
  if (t.shoreline) tip += Palette::tr("<br>PHY shoreline %1 mm").arg(t.shoreline->value(), 0, 'g', 3);
  tip += Palette::tr("<br>p<sub>bg</sub> %1 mW/GiB · e<sub>read</sub> %2 pJ/bit · e<sub>write</sub> %3 pJ/bit")
             .arg(formatNumber(t.backgroundPower.value() * units::kGibi * 1e3))
             .arg(formatNumber(t.readEnergy.value() / units::picojoulesPerBit(1).value()))
             .arg(formatNumber(t.writeEnergy.value() / units::picojoulesPerBit(1).value()));
  return tip + sourcesTip(t.sources.map());
}

QString heading(int group) {
  static const QStringList names{Palette::tr("Memory technologies"), Palette::tr("Package parts"),
                                 Palette::tr("GPU baselines"),        Palette::tr("Systems"),
                                 Palette::tr("Devices"),              Palette::tr("Models"),
                                 Palette::tr("Workloads"),            Palette::tr("Projects")};
  return names.value(group);
}
} // namespace

Palette::Palette(const PresetLibrary& library, QWidget* parent)
    : QWidget(parent), mLibrary(library), mSearch(new QLineEdit),
      mTree(new PaletteTree([this](const QStringList& files) { importModelConfigs(files); })) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  mSearch->setPlaceholderText(tr("Search the palette…"));
  mSearch->setClearButtonEnabled(true);
  mTree->setHeaderLabels({tr("Name"), tr("Key figures")});
  mTree->header()->setStretchLastSection(true);
  mTree->setUniformRowHeights(true);
  mTree->setDragEnabled(true);
  mTree->setDragDropMode(QAbstractItemView::DragDrop); // drags entries out, takes config.json files in
  mTree->setAcceptDrops(true);
  mTree->viewport()->setAcceptDrops(true);
  mTree->setSelectionMode(QAbstractItemView::SingleSelection);
  mTree->setIconSize(QSize(16, 16));
  layout->addWidget(mSearch);
  layout->addWidget(mTree);
  connect(mSearch, &QLineEdit::textChanged, this, &Palette::filter);
  connect(mTree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
    if (item->data(0, kEntryRole).isValid()) emit activated(item->data(0, kEntryRole).value<PaletteEntry>());
  });
  reload();
}

void Palette::reload() {
  mTree->clear();
  std::vector<QTreeWidgetItem*> groups;
  for (int g = 0; g < 8; ++g) {
    auto* group = new QTreeWidgetItem(mTree, {heading(g)});
    group->setFirstColumnSpanned(true);
    group->setFlags(Qt::ItemIsEnabled);
    QFont f = group->font(0);
    f.setBold(true);
    group->setFont(0, f);
    groups.push_back(group);
  }
  const QString userFolder = userPresetFolder();
  auto add = [&](int group, const PaletteEntry& entry, const QString& name, const QString& figures, const QString& tip,
                 const QIcon& icon, const QString& path = {}) {
    auto* item = new QTreeWidgetItem(groups[std::size_t(group)], {name, figures});
    item->setData(0, kEntryRole, QVariant::fromValue(entry));
    item->setIcon(0, icon);
    QString fullTip = tip;
    if (!path.isEmpty() && path.startsWith(userFolder)) {
      QFont f = item->font(0);
      f.setItalic(true);
      item->setFont(0, f);
      fullTip += tr("<br><b>Your preset</b> (%1)").arg(path.toHtmlEscaped());
    } else if (!path.isEmpty()) {
      fullTip += tr("<br><small>%1</small>").arg(path.toHtmlEscaped());
    }
    item->setToolTip(0, fullTip);
    item->setToolTip(1, fullTip);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
  };

  for (const auto& p : mLibrary.list(PresetKind::MemoryTechnology)) {
    const QString id = QString::fromStdString(p.id);
    try {
      const auto t = mLibrary.memoryTechnology(p.id);
      add(0, {PaletteEntry::Kind::Preset, PresetKind::MemoryTechnology, id}, QString::fromStdString(t.name),
          QStringLiteral("%1 · %2").arg(formatBytes(t.capacity), formatBandwidth(t.bandwidth)), memoryTip(t),
          memoryIcon(t), QString::fromStdString(p.path.string()));
    } catch (const std::exception& e) {
      add(0, {PaletteEntry::Kind::Preset, PresetKind::MemoryTechnology, id}, id, tr("invalid"),
          QString::fromStdString(e.what()).toHtmlEscaped(), {}, QString::fromStdString(p.path.string()));
    }
  }
  add(1, {PaletteEntry::Kind::ComputeChiplet, PresetKind::Device, QStringLiteral("compute")}, tr("Compute chiplet"),
      tr("the package's chiplet design"),
      tr("<b>Compute chiplet</b><br>Drop on the package composer's grid: one more chiplet of the package's design "
         "(systolic or vector-unit arrays, SRAM buffers, D2D PHYs; DUET 3.2-3.3, 4.3)."),
      kindIcon(FloorplanItem::Kind::Compute));
  add(1, {PaletteEntry::Kind::MemoryPhyChiplet, PresetKind::Device, QStringLiteral("memory_phy")},
      tr("Memory-PHY chiplet"), tr("drives off-package devices"),
      tr("<b>Memory-PHY chiplet</b><br>Drives off-package memory devices (GDDR) from the interposer edge (DUET 3.1)."),
      kindIcon(FloorplanItem::Kind::MemoryPhy));

  for (const auto& p : mLibrary.list(PresetKind::System)) {
    const bool gpu = p.id.rfind("gpu/", 0) == 0;
    add(gpu ? 2 : 3, {PaletteEntry::Kind::Preset, PresetKind::System, QString::fromStdString(p.id)},
        QString::fromStdString(p.name), QString::fromStdString(p.id),
        tr("<b>%1</b><br>Double-click to design from it; drag onto the comparison table to compare with it.")
            .arg(QString::fromStdString(p.name).toHtmlEscaped()),
        systemIcon(gpu), QString::fromStdString(p.path.string()));
  }
  for (const auto& p : mLibrary.list(PresetKind::Device)) {
    if (p.id.rfind("gpu/", 0) == 0) continue; // GPU devices come as their systems
    add(4, {PaletteEntry::Kind::Preset, PresetKind::Device, QString::fromStdString(p.id)}, QString::fromStdString(p.name),
        QString::fromStdString(p.id), QString::fromStdString(p.name).toHtmlEscaped(), systemIcon(false),
        QString::fromStdString(p.path.string()));
  }
  for (auto [group, kind] : {std::pair{5, PresetKind::Model}, {6, PresetKind::Workload}, {7, PresetKind::Project}})
    for (const auto& p : mLibrary.list(kind))
      add(group, {PaletteEntry::Kind::Preset, kind, QString::fromStdString(p.id)}, QString::fromStdString(p.name),
          QString::fromStdString(p.id), QString::fromStdString(p.name).toHtmlEscaped(), {}, QString::fromStdString(p.path.string()));

  for (auto* g : groups) g->setExpanded(g != groups[4] && g != groups[7]);
  mTree->resizeColumnToContents(0);
  mTree->setColumnWidth(0, std::min(mTree->columnWidth(0) + 8, 230));
}

void Palette::importModelConfigs(const QStringList& files) {
  QStringList failures;
  std::optional<ImportedModel> last;
  for (const auto& file : files) {
    try {
      last = importModelConfig(file, userPresetFolder(), mLibrary);
    } catch (const std::exception& e) {
      failures << engineText(e.what());
    }
  }
  if (last) {
    reload();
    emit modelImported(last->reference, last->name);
  }
  if (!failures.isEmpty()) emit importFailed(tr("Not imported: %1").arg(failures.join(QStringLiteral("; "))));
}

int Palette::entryCount() const {
  int n = 0;
  for (int i = 0; i < mTree->topLevelItemCount(); ++i) n += mTree->topLevelItem(i)->childCount();
  return n;
}

QTreeWidgetItem* Palette::itemFor(PresetKind kind, const QString& id) const {
  for (int i = 0; i < mTree->topLevelItemCount(); ++i) {
    auto* group = mTree->topLevelItem(i);
    for (int j = 0; j < group->childCount(); ++j) {
      const auto entry = group->child(j)->data(0, kEntryRole).value<PaletteEntry>();
      if (entry.kind == PaletteEntry::Kind::Preset && entry.presetKind == kind && entry.id == id) return group->child(j);
    }
  }
  return nullptr;
}

void Palette::filter(const QString& text) {
  for (int i = 0; i < mTree->topLevelItemCount(); ++i) {
    auto* group = mTree->topLevelItem(i);
    int shown = 0;
    for (int j = 0; j < group->childCount(); ++j) {
      auto* item = group->child(j);
      const bool match = text.isEmpty() || item->text(0).contains(text, Qt::CaseInsensitive) ||
                         item->text(1).contains(text, Qt::CaseInsensitive);
      item->setHidden(!match);
      shown += match;
    }
    group->setHidden(shown == 0);
    if (!text.isEmpty()) group->setExpanded(true);
  }
}

} // namespace llmwb::ui
