// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/preset_library.h"
#include "widgets/palette/palette.h"

#include <QLineEdit>
#include <QMimeData>
#include <QTest>
#include <QTreeWidget>

using namespace llmwb;

class TestPalette : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

private slots:
  void listsEveryKindWithFiguresAndSources() {
    ui::Palette palette(lib);
    QVERIFY(palette.entryCount() > 40);
    auto* item = palette.itemFor(PresetKind::MemoryTechnology, QStringLiteral("hbm4-12h"));
    QVERIFY(item);
    QVERIFY(item->text(1).contains(QStringLiteral("GiB")) && item->text(1).contains(QStringLiteral("TB/s")));
    QVERIFY2(item->toolTip(0).contains(QStringLiteral("pJ/bit")) && item->toolTip(0).contains(QStringLiteral("<i>")),
             qPrintable(item->toolTip(0)));
    QVERIFY(palette.itemFor(PresetKind::System, QStringLiteral("gpu/h100x4")));
    QVERIFY(palette.itemFor(PresetKind::Model, QStringLiteral("llama-3.3-70b")));
  }

  void dragsAsPresetMime() {
    ui::Palette palette(lib);
    auto* item = palette.itemFor(PresetKind::MemoryTechnology, QStringLiteral("gddr7-8gb"));
    QVERIFY(item);
    // What the tree hands to a drag.
    const QMimeData* mime = palette.tree()->model()->mimeData({palette.tree()->model()->index(0, 0)});
    Q_UNUSED(mime);
    std::unique_ptr<QMimeData> m(ui::toMimeData({ui::PaletteEntry::Kind::Preset, PresetKind::MemoryTechnology, QStringLiteral("gddr7-8gb")}));
    QVERIFY(m->hasFormat(ui::kPresetMimeType));
    const auto back = ui::fromMimeData(m.get());
    QVERIFY(back && back->isMemory());
    QCOMPARE(back->id, QStringLiteral("gddr7-8gb"));
    QMimeData junk;
    junk.setData(ui::kPresetMimeType, "not json");
    QVERIFY(!ui::fromMimeData(&junk));
  }

  void searchFilters() {
    ui::Palette palette(lib);
    palette.findChild<QLineEdit*>()->setText(QStringLiteral("hbm4"));
    QVERIFY(!palette.itemFor(PresetKind::MemoryTechnology, QStringLiteral("hbm4-12h"))->isHidden());
    QVERIFY(palette.itemFor(PresetKind::MemoryTechnology, QStringLiteral("gddr7-8gb"))->isHidden());
  }
};

QTEST_MAIN(TestPalette)
#include "tst_palette.moc"
