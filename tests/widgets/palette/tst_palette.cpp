// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/preset_library.h"
#include "tests/widgets/support/drop.h"
#include "widgets/palette/palette.h"

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QMimeData>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUrl>

using namespace llmwb;

class TestPalette : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); } // the user's folder: a test one

  // A Hugging Face config.json dropped on the palette becomes a model preset in the user's folder,
  // listed and usable by id; a config the importer does not take is refused, saying why.
  void aDroppedConfigJsonBecomesAModel() {
    const QString user = QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)).filePath("llmwb/presets");
    const PresetLibrary withUser{{LLMWB_TEST_PRESETS, user.toStdString()}};
    QTemporaryDir hub;
    QVERIFY(QDir(hub.path()).mkpath("Llama-3.1-8B"));
    const QString config = hub.filePath("Llama-3.1-8B/config.json");
    QVERIFY(QFile::copy(QStringLiteral(LLMWB_TEST_DATA "/hf/llama-3.1-8b.json"), config));
    ui::Palette palette(withUser);
    QSignalSpy imported(&palette, &ui::Palette::modelImported);
    QSignalSpy failed(&palette, &ui::Palette::importFailed);
    auto* mime = new QMimeData;
    mime->setUrls({QUrl::fromLocalFile(config)});
    QVERIFY(test::dropOn(palette.tree()->viewport(), mime));
    QCOMPARE(imported.count(), 1);
    const QString reference = imported.first().at(0).toString();
    QCOMPARE(reference, QStringLiteral("imported/Llama-3.1-8B"));
    QVERIFY(palette.itemFor(PresetKind::Model, reference));
    QVERIFY(withUser.model(reference.toStdString()).layerCount() > 0);
    QVERIFY(QFile::remove(user + "/models/imported/Llama-3.1-8B.json"));

    auto* gpt2 = new QMimeData;
    gpt2->setUrls({QUrl::fromLocalFile(QStringLiteral(LLMWB_TEST_DATA "/hf/gpt2.json"))});
    test::dropOn(palette.tree()->viewport(), gpt2);
    QCOMPARE(failed.count(), 1);
    QVERIFY(failed.first().at(0).toString().contains("gpt2"));
    // Anything else is not taken.
    auto* text = new QMimeData;
    text->setText("hello");
    QVERIFY(!test::dropOn(palette.tree()->viewport(), text));
  }

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
