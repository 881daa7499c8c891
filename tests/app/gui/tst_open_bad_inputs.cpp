// SPDX-License-Identifier: GPL-3.0-or-later
// The window's open path under the bad-input corpus (tests/data/bad-inputs/cases.json): a project
// from the corpus is refused with a message naming its file, and the project that was open stays;
// a bad preset beside the shipped ones never takes the window down when a project that uses it opens.

#include "app/gui/main_window.h"
#include "core/io/preset_library.h"
#include "tests/support/bad_input_corpus.h"
#include "widgets/document/project_document.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace llmwb;

class TestOpenBadInputs : public QObject {
  Q_OBJECT

private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void everyCaseOpensOrIsRefusedAndTheOpenProjectStays() {
    const QString good = QStringLiteral(LLMWB_TEST_PRESETS "/projects/memexplorer-osworld.llmwb");
    int projects = 0;
    for (const auto& c : test::corpusCases()) {
      const std::string name = c.at("name");
      QTemporaryDir root;
      QVERIFY(root.isValid());
      const auto file = test::writeCase(c, root.path().toStdString());
      if (file.empty()) continue;
      const PresetLibrary library({root.path().toStdString(), LLMWB_TEST_PRESETS});
      MainWindow w(library);
      QVERIFY2(w.openProject(good) || !file.string().ends_with(".llmwb"), name.c_str());
      if (!file.string().ends_with(".llmwb")) continue; // the default project opened or was refused: no crash
      ++projects;
      const QString before = w.document()->filePath();
      QString error;
      QVERIFY2(!ui::ProjectDocument::open(library, QString::fromStdString(file.string()), &error), name.c_str());
      QVERIFY2(error.contains(QString::fromStdString(file.filename().string())), qPrintable(error));
      QVERIFY2(!w.openProject(QString::fromStdString(file.string())), name.c_str());
      QCOMPARE(w.document()->filePath(), before);
    }
    QVERIFY(projects >= 10);
  }
};

QTEST_MAIN(TestOpenBadInputs)
#include "tst_open_bad_inputs.moc"
