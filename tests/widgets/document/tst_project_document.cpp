// SPDX-License-Identifier: GPL-3.0-or-later
// The document: edits are undoable as one step each, refused edits change nothing, saves are
// atomic and clear the modified flag, autosave copies are offered back after a crash.

#include "core/io/preset_library.h"
#include "widgets/document/autosave.h"
#include "widgets/document/project_document.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace llmwb;

class TestProjectDocument : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

  std::unique_ptr<ui::ProjectDocument> openDefault() {
    QString error;
    auto doc = ui::ProjectDocument::open(lib, QStringLiteral(LLMWB_TEST_PRESETS "/projects/memexplorer-osworld.llmwb"), &error);
    if (!doc) qFatal("%s", qPrintable(error));
    return doc;
  }

private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void editsUndoAndRedo() {
    auto doc = openDefault();
    QSignalSpy changed(doc.get(), &ui::ProjectDocument::changed);
    QVERIFY(doc->edit("workload", [](Project& p) { p.workload = "gsm8k"; }));
    QCOMPARE(doc->project().workload, std::string("gsm8k"));
    QCOMPARE(changed.count(), 1);
    doc->undoStack()->undo();
    QCOMPARE(doc->project().workload, std::string("osworld"));
    doc->undoStack()->redo();
    QCOMPARE(doc->project().workload, std::string("gsm8k"));
    QCOMPARE(changed.count(), 3);
  }

  void aRefusedEditChangesNothing() {
    auto doc = openDefault();
    QSignalSpy refused(doc.get(), &ui::ProjectDocument::editRefused);
    QString error;
    QVERIFY(!doc->edit("bad", [](Project& p) {
      p.workload = "half done";
      throw std::invalid_argument("not like this");
    }, -1, &error));
    QCOMPARE(error, QStringLiteral("not like this"));
    QCOMPARE(refused.count(), 1);
    QCOMPARE(doc->project().workload, std::string("osworld"));
    QCOMPARE(doc->undoStack()->count(), 0);
  }

  void saveIsAtomicAndClearsModified() {
    auto doc = openDefault();
    QTemporaryDir dir;
    doc->edit("count", [](Project& p) { p.system.system.groups[0].count = 2; });
    QVERIFY(doc->isModified());
    const QString path = dir.filePath("mine.llmwb");
    QString error;
    QVERIFY2(doc->save(path, &error), qPrintable(error));
    QVERIFY(!doc->isModified());
    QCOMPARE(doc->filePath(), path);
    const auto again = readProject(path.toStdString(), lib);
    QCOMPARE(again.system.system.groups[0].count, 2);
    QVERIFY(!doc->save(dir.filePath("missing/folder/x.llmwb"), &error));
    QVERIFY(error.contains(QStringLiteral("x.llmwb")));
    QVERIFY(!doc->isModified()); // the failed save did not pretend
  }

  void aCorruptProjectSaysWhereAndWhat() {
    QTemporaryDir dir;
    const QString path = dir.filePath("corrupt.llmwb");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format_version": 2, "kind": "project", "system": "memexplorer/p1d1", "model": 7, "workload": "osworld"})");
    f.close();
    QString error;
    QVERIFY(!ui::ProjectDocument::open(lib, path, &error));
    QVERIFY2(error.contains(QStringLiteral("corrupt.llmwb")) && error.contains(QStringLiteral("/model")), qPrintable(error));
  }

  void autosaveWritesARecoveryCopyAndASaveRemovesIt() {
    QTemporaryDir dir;
    auto doc = openDefault();
    ui::Autosaver saver(dir.filePath("recovery"), 60000);
    saver.setDocument(doc.get());
    QVERIFY(saver.saveNow().isEmpty()); // nothing unsaved yet
    doc->edit("count", [](Project& p) { p.system.system.groups[0].count = 3; });
    const QString copy = saver.saveNow();
    QVERIFY(QFile::exists(copy));
    const auto recovered = readProject(copy.toStdString(), lib);
    QCOMPARE(recovered.system.system.groups[0].count, 3);
    QVERIFY(QString::fromStdString(recovered.uiState).contains(QStringLiteral("recovered_from")));
    // A second window, while this one is open, is not offered its copy.
    ui::Autosaver next(dir.filePath("recovery"), 60000);
    QCOMPARE(next.pending(), QStringList{});
    QVERIFY(ui::Autosaver::sessionRunning(copy));
    // A clean save removes it.
    QString error;
    QVERIFY(doc->save(dir.filePath("saved.llmwb"), &error));
    QVERIFY(!QFile::exists(copy));
  }

  // Recovery copies are offered only when the window that wrote them is gone: one of this process
  // destroyed without a clean close, or one of a process that no longer runs (a crash).
  void autosaveOffersOnlyCopiesOfWindowsThatAreGone() {
    QTemporaryDir dir;
    const QString folder = dir.filePath("recovery");
    auto doc = openDefault();
    QString copy;
    {
      ui::Autosaver first(folder, 60000);
      first.setDocument(doc.get());
      doc->edit("count", [](Project& p) { p.system.system.groups[0].count = 3; });
      copy = first.saveNow();
      ui::Autosaver second(folder, 60000);
      QCOMPARE(second.pending(), QStringList{}); // the first window is still open
      first.setDocument(nullptr);                // detached, as a window destroyed without closing
    }
    ui::Autosaver later(folder, 60000);
    QCOMPARE(later.pending(), QStringList{copy});
    // A copy of a process that no longer runs (no process has a number this large) is offered too.
    const QString crashed = QDir(folder).filePath(QStringLiteral("session-4194305-1.llmwb"));
    QVERIFY(QFile::copy(copy, crashed));
    QVERIFY(!ui::Autosaver::sessionRunning(crashed));
    QVERIFY(later.pending().contains(crashed));
  }
};

QTEST_MAIN(TestProjectDocument)
#include "tst_project_document.moc"
