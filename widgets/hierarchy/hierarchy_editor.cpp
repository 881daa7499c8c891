// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/hierarchy/hierarchy_editor.h"

#include "core/edit/memory_edits.h"
#include "core/io/spec_writer.h"
#include "widgets/document/project_document.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QSpinBox>
#include <QTimer>

namespace llmwb::ui {

HierarchyEditor::HierarchyEditor(QWidget* parent)
    : QScrollArea(parent), mRebuild(this, [this] { rebuild(); }, [] { return PartChip::dragging(); }) {
  setWidgetResizable(true);
  setFrameShape(QFrame::NoFrame);
}

void HierarchyEditor::setDocument(ProjectDocument* document, SelectionModel* selection) {
  if (mDocument) disconnect(mDocument, nullptr, this, nullptr);
  if (mSelection) disconnect(mSelection, nullptr, this, nullptr);
  mDocument = document;
  mSelection = selection;
  if (mDocument) connect(mDocument, &ProjectDocument::changed, this, [this] { mRebuild.schedule(); });
  if (mSelection) connect(mSelection, &SelectionModel::changed, this, &HierarchyEditor::showSelection);
  mRebuild.runNow();
}

std::vector<std::string> HierarchyEditor::shape() const {
  std::vector<std::string> out;
  if (!mDocument) return out;
  for (const auto& g : mDocument->system().groups)
    out.push_back(io::deviceJsonText(g.device, -1) + ' ' + std::to_string(int(g.role)) + ' ' + std::to_string(int(g.layers)) + ' ' +
                  std::to_string(g.untilFraction));
  return out;
}

void HierarchyEditor::rebuild() {
  // What the lanes draw is unchanged but for the device counts (a count edited here or in the
  // inspector): the counts change in place, the lanes and the focus stay.
  auto now = shape();
  if (mContent && now == mShape && mDevices.size() == now.size()) {
    for (std::size_t g = 0; g < mDevices.size(); ++g) mDevices[g]->setCount(mDocument->system().groups[g].count);
    return;
  }
  mShape = std::move(now);
  // Keep the keyboard focus on the same count box across the rebuild.
  QString focused;
  if (auto* box = qobject_cast<QSpinBox*>(QApplication::focusWidget()); box && isAncestorOf(box))
    focused = box->property("partAddress").toString();

  mDevices.clear();
  auto* content = new QWidget;
  auto* row = new QHBoxLayout(content);
  row->setSpacing(12);
  if (mDocument) {
    const auto& groups = mDocument->system().groups;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      auto accepts = [this, g](const QString& technologyId, std::size_t level) {
        try {
          const auto t = mDocument->library().memoryTechnology(technologyId.toStdString());
          return edit::canHold(mDocument->system().groups[g].device.memory, level, t);
        } catch (const std::exception&) {
          return false;
        }
      };
      auto* lane = new DeviceLane(groups[g], g, accepts);
      connect(lane, &DeviceLane::selected, this, [this](std::size_t group) {
        if (mSelection) mSelection->select({Selection::Kind::Device, group, 0, 0});
      });
      connect(lane, &DeviceLane::countChanged, this, &HierarchyEditor::setDeviceCount);
      for (auto* level : lane->lanes()) {
        connect(level, &LevelLane::technologyDropped, this, &HierarchyEditor::addTechnology);
        connect(level, &LevelLane::partDropped, this, &HierarchyEditor::movePart);
        for (auto* chip : level->chips()) {
          connect(chip, &PartChip::countChanged, this, &HierarchyEditor::setPartCount);
          connect(chip, &PartChip::removeRequested, this, &HierarchyEditor::removePart);
          connect(chip, &PartChip::clicked, this, [this](PartAddress a) {
            if (mSelection) mSelection->select({Selection::Kind::Part, a.group, a.level, a.part});
          });
        }
      }
      mDevices.push_back(lane);
      row->addWidget(lane, 1);
    }
  }
  row->addStretch(0);
  if (mContent) mContent->deleteLater();
  takeWidget();
  setWidget(content);
  mContent = content;
  showSelection();
  if (!focused.isEmpty())
    for (auto* box : content->findChildren<QSpinBox*>())
      if (box->property("partAddress").toString() == focused) box->setFocus();
}

void HierarchyEditor::showSelection() {
  const Selection s = mSelection ? mSelection->current() : Selection{};
  for (std::size_t g = 0; g < mDevices.size(); ++g)
    mDevices[g]->setSelected(s.kind == Selection::Kind::Device && s.group == g);
  for (auto* device : mDevices)
    for (auto* level : device->lanes())
      for (auto* chip : level->chips()) {
        const auto a = chip->address();
        chip->setSelected(s.kind == Selection::Kind::Part && s.group == a.group && s.level == a.level && s.index == a.part);
      }
}

namespace {
QString levelName(const MemoryHierarchy& m, std::size_t level) {
  return level <= m.offChip.size() ? QString::fromStdString(m.levelName(level)) : HierarchyEditor::tr("a new level");
}
} // namespace

bool HierarchyEditor::addTechnology(std::size_t group, std::size_t level, const QString& technologyId) {
  if (!mDocument || group >= mDocument->system().groups.size()) return false;
  MemoryTechnology t;
  try {
    t = mDocument->library().memoryTechnology(technologyId.toStdString());
  } catch (const std::exception& e) {
    emit mDocument->editRefused(QString::fromStdString(e.what()));
    return false;
  }
  const auto& device = mDocument->system().groups[group].device;
  const QString text = tr("Add %1 to %2 of %3")
                           .arg(QString::fromStdString(t.name), levelName(device.memory, level), QString::fromStdString(device.name));
  const bool ok = mDocument->edit(text, [&](Project& p) { edit::addPart(p.system.system.groups[group].device.memory, level, t); });
  if (ok && mSelection) {
    // Select what was added: its level may be new.
    const auto& m = mDocument->system().groups[group].device.memory;
    const auto levels = m.levels();
    const std::size_t at = std::min(level, levels.size() - 1);
    for (std::size_t i = 0; i < levels[at]->parts.size(); ++i)
      if (levels[at]->parts[i].technology.id == t.id) mSelection->select({Selection::Kind::Part, group, at, i});
  }
  return ok;
}

bool HierarchyEditor::movePart(PartAddress from, std::size_t group, std::size_t level) {
  if (!mDocument) return false;
  const auto& groups = mDocument->system().groups;
  if (from.group >= groups.size() || group >= groups.size()) return false;
  const auto levels = groups[from.group].device.memory.levels();
  if (from.level >= levels.size() || from.part >= levels[from.level]->parts.size()) return false;
  const MemoryPart part = levels[from.level]->parts[from.part];
  if (from.group != group) { // another device: a copy
    return mDocument->edit(tr("Copy %1 to %2").arg(QString::fromStdString(part.technology.name),
                                                   QString::fromStdString(groups[group].device.name)),
                           [&](Project& p) { edit::addPart(p.system.system.groups[group].device.memory, level, part.technology, part.count); });
  }
  if (from.level == level) return false;
  return mDocument->edit(tr("Move %1 to %2").arg(QString::fromStdString(part.technology.name),
                                                 levelName(groups[group].device.memory, level)),
                         [&](Project& p) { edit::movePart(p.system.system.groups[group].device.memory, {from.level, from.part}, level); });
}

QString HierarchyEditor::partName(PartAddress a) const {
  // "HBM3E 8-high at L1 of MemExplorer D1 (decode)": the edit history names what an edit was on.
  const auto& groups = mDocument->system().groups;
  if (a.group >= groups.size()) return tr("a memory part");
  const auto& device = groups[a.group].device;
  const auto levels = device.memory.levels();
  if (a.level >= levels.size() || a.part >= levels[a.level]->parts.size()) return tr("a memory part");
  return tr("%1 at %2 of %3")
      .arg(QString::fromStdString(levels[a.level]->parts[a.part].technology.name), levelName(device.memory, a.level),
           QString::fromStdString(device.name));
}

bool HierarchyEditor::setPartCount(PartAddress a, int count) {
  if (!mDocument) return false;
  return mDocument->edit(tr("Set the count of %1 to %2").arg(partName(a)).arg(count),
                         [&](Project& p) { edit::setPartCount(p.system.system.groups.at(a.group).device.memory, {a.level, a.part}, count); },
                         ProjectDocument::mergeKey(QStringLiteral("part-count/%1/%2/%3").arg(a.group).arg(a.level).arg(a.part)));
}

bool HierarchyEditor::removePart(PartAddress a) {
  if (!mDocument) return false;
  if (mSelection) mSelection->select({Selection::Kind::Device, a.group, 0, 0});
  return mDocument->edit(tr("Remove %1").arg(partName(a)),
                         [&](Project& p) { edit::removePart(p.system.system.groups.at(a.group).device.memory, {a.level, a.part}); });
}

bool HierarchyEditor::setDeviceCount(std::size_t group, int count) {
  if (!mDocument) return false;
  const auto& groups = mDocument->system().groups;
  const QString device = group < groups.size() ? QString::fromStdString(groups[group].device.name) : QString();
  return mDocument->edit(device.isEmpty() ? tr("Set the device count to %1").arg(count) : tr("Set the count of %1 to %2").arg(device).arg(count),
                         [&](Project& p) { p.system.system.groups.at(group).count = count; },
                         ProjectDocument::mergeKey(QStringLiteral("group-count/%1").arg(group)));
}

} // namespace llmwb::ui
