// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/presets/preset_tree.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace llmwb::ui {

namespace {
constexpr int kKindRole = Qt::UserRole + 1;
constexpr int kIdRole = Qt::UserRole + 2;

QString heading(PresetKind k) {
  switch (k) {
  case PresetKind::System: return PresetTree::tr("Systems");
  case PresetKind::Device: return PresetTree::tr("Devices");
  case PresetKind::MemoryTechnology: return PresetTree::tr("Memory technologies");
  case PresetKind::Model: return PresetTree::tr("Models");
  case PresetKind::Workload: return PresetTree::tr("Workloads");
  case PresetKind::Project: return PresetTree::tr("Projects");
  }
  return {};
}
} // namespace

PresetTree::PresetTree(const PresetLibrary& library, QWidget* parent)
    : QWidget(parent), mLibrary(library), mSearch(new QLineEdit), mTree(new QTreeWidget) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  mSearch->setPlaceholderText(tr("Search presets…"));
  mSearch->setClearButtonEnabled(true);
  mTree->setHeaderLabels({tr("Preset"), tr("Id")});
  mTree->header()->setSectionResizeMode(0, QHeaderView::Interactive);
  mTree->header()->setStretchLastSection(true);
  mTree->setUniformRowHeights(true);
  layout->addWidget(mSearch);
  layout->addWidget(mTree);
  connect(mSearch, &QLineEdit::textChanged, this, &PresetTree::filter);
  connect(mTree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
    if (item->data(0, kIdRole).isValid())
      emit activated(PresetKind(item->data(0, kKindRole).toInt()), item->data(0, kIdRole).toString());
  });
  reload();
}

void PresetTree::reload() {
  mTree->clear();
  for (PresetKind kind : {PresetKind::System, PresetKind::Model, PresetKind::Workload, PresetKind::Device,
                          PresetKind::MemoryTechnology, PresetKind::Project}) {
    auto* group = new QTreeWidgetItem(mTree, {heading(kind)});
    group->setFirstColumnSpanned(true);
    for (const auto& p : mLibrary.list(kind)) {
      auto* item = new QTreeWidgetItem(group, {QString::fromStdString(p.name), QString::fromStdString(p.id)});
      item->setData(0, kKindRole, int(kind));
      item->setData(0, kIdRole, QString::fromStdString(p.id));
      item->setToolTip(0, QString::fromStdString(p.path.string()));
    }
    group->setExpanded(kind == PresetKind::System || kind == PresetKind::Model || kind == PresetKind::Workload);
  }
  mTree->resizeColumnToContents(0);
  mTree->setColumnWidth(0, std::min(mTree->columnWidth(0), 240));
}

int PresetTree::presetCount() const {
  int n = 0;
  for (int i = 0; i < mTree->topLevelItemCount(); ++i) n += mTree->topLevelItem(i)->childCount();
  return n;
}

void PresetTree::filter(const QString& text) {
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
