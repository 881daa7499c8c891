// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/palette/palette_mime.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>

namespace llmwb::ui {

namespace {
QString kindName(const PaletteEntry& e) {
  switch (e.kind) {
  case PaletteEntry::Kind::ComputeChiplet: return QStringLiteral("compute_chiplet");
  case PaletteEntry::Kind::MemoryPhyChiplet: return QStringLiteral("memory_phy_chiplet");
  case PaletteEntry::Kind::Preset: break;
  }
  return QString::fromUtf8(toString(e.presetKind).data(), qsizetype(toString(e.presetKind).size()));
}
} // namespace

QMimeData* toMimeData(const PaletteEntry& entry) {
  auto* mime = new QMimeData;
  const QJsonObject o{{QStringLiteral("kind"), kindName(entry)}, {QStringLiteral("id"), entry.id}};
  mime->setData(kPresetMimeType, QJsonDocument(o).toJson(QJsonDocument::Compact));
  mime->setText(entry.id);
  return mime;
}

std::optional<PaletteEntry> fromMimeData(const QMimeData* mime) {
  if (!mime || !mime->hasFormat(kPresetMimeType)) return std::nullopt;
  const auto doc = QJsonDocument::fromJson(mime->data(kPresetMimeType));
  if (!doc.isObject()) return std::nullopt;
  const QString kind = doc.object().value(QStringLiteral("kind")).toString();
  PaletteEntry e;
  e.id = doc.object().value(QStringLiteral("id")).toString();
  if (kind == QLatin1String("compute_chiplet")) e.kind = PaletteEntry::Kind::ComputeChiplet;
  else if (kind == QLatin1String("memory_phy_chiplet")) e.kind = PaletteEntry::Kind::MemoryPhyChiplet;
  else {
    bool found = false;
    for (PresetKind k : {PresetKind::MemoryTechnology, PresetKind::Model, PresetKind::Workload, PresetKind::Device,
                         PresetKind::System, PresetKind::Project})
      if (kind.toStdString() == toString(k)) e.presetKind = k, found = true;
    if (!found) return std::nullopt;
  }
  return e;
}

} // namespace llmwb::ui
