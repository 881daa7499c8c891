// SPDX-License-Identifier: GPL-3.0-or-later
// llmwb: the workbench window.
//   llmwb [PROJECT.llmwb] [--project FILE] [--screenshot OUT.png] [--size WxH] [--dark] [--tab TITLE] [--editor NAME]

#include "app/cli/commands.h"
#include "app/gui/main_window.h"
#include "core/io/project.h"
#include "widgets/common/theme.h"

#include <QApplication>
#include <QCoreApplication>
#include <QCommandLineParser>
#include <QScreen>
#include <QTabWidget>
#include <QTimer>

#include <iostream>
#include <string_view>

namespace {
void describeApplication() {
  QCoreApplication::setApplicationName(QStringLiteral("llmwb"));
  QCoreApplication::setOrganizationName(QStringLiteral("llmwb"));
  QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
}

/// The options, named by their long names (`parser.isSet("size")`).
void describeOptions(QCommandLineParser& parser) {
  parser.setApplicationDescription(QStringLiteral("LLM Accelerator Workbench"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addOptions({
      {{QStringLiteral("p"), QStringLiteral("project")}, QStringLiteral("Open this project."), QStringLiteral("FILE")},
      {QStringLiteral("screenshot"), QStringLiteral("Render the window after evaluation to a PNG and quit."), QStringLiteral("OUT.png")},
      {QStringLiteral("size"), QStringLiteral("Window size, e.g. 1920x1080."), QStringLiteral("WxH")},
      {QStringLiteral("dark"), QStringLiteral("Use the dark palette.")},
      {QStringLiteral("tab"), QStringLiteral("Show this results tab first (by title, e.g. Roofline)."), QStringLiteral("TITLE")},
      {QStringLiteral("editor"), QStringLiteral("Show this editor tab first: hierarchy or package."), QStringLiteral("NAME")},
      {QStringLiteral("select"), QStringLiteral("Select device group N in the inspector."), QStringLiteral("N")},
  });
  parser.addPositionalArgument(QStringLiteral("project"), QStringLiteral("Project file to open."));
}

/// No display to open a window on, and no Qt platform chosen (QT_QPA_PLATFORM): Qt would abort.
bool noDisplay() {
#if defined(Q_OS_LINUX)
  return qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
         qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
#else
  return false;
#endif
}

/// Without a display: says so and prints the headless evaluation of the project (the default
/// one when none is given), as scripts/run.sh does; the status is the evaluation's.
int evaluateHeadless(int argc, char** argv) {
  QCoreApplication core(argc, argv);
  describeApplication();
  QCommandLineParser parser;
  describeOptions(parser);
  parser.process(core);
  QString path = parser.value(QStringLiteral("project"));
  if (path.isEmpty() && !parser.positionalArguments().isEmpty()) path = parser.positionalArguments().first();
  const llmwb::PresetLibrary library;
  if (path.isEmpty()) path = QString::fromStdString(llmwb::defaultProjectPath(library).string());
  std::cout << "llmwb: no display (neither DISPLAY nor WAYLAND_DISPLAY is set); printing the headless evaluation of\n"
            << "       " << path.toStdString() << " instead. Run on a desktop, or with xvfb-run, to see the workbench.\n\n";
  try {
    return llmwb::cli::evaluateCommand({"--project", path.toStdString(), "--operators"}, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "llmwb: " << e.what() << "\n";
    return 1;
  }
}

/// --help and --version need no display: answered before a QApplication opens one.
bool asksForInformation(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view a(argv[i]);
    if (a == "-h" || a == "--help" || a == "--help-all" || a == "-v" || a == "--version") return true;
  }
  return false;
}
} // namespace

int main(int argc, char** argv) {
  if (asksForInformation(argc, argv)) {
    QCoreApplication core(argc, argv);
    describeApplication();
    QCommandLineParser parser;
    describeOptions(parser);
    parser.process(core); // prints and exits
    return 0;
  }
  if (noDisplay()) return evaluateHeadless(argc, argv);
  QApplication app(argc, argv);
  describeApplication();

  QCommandLineParser parser;
  describeOptions(parser);
  const QString project = QStringLiteral("project"), screenshot = QStringLiteral("screenshot"), size = QStringLiteral("size"),
                dark = QStringLiteral("dark"), tab = QStringLiteral("tab"), editor = QStringLiteral("editor"),
                select = QStringLiteral("select");
  parser.process(app);

  llmwb::ui::applyTheme(parser.isSet(dark) ? llmwb::ui::Theme::Dark : llmwb::ui::Theme::Light);
  const llmwb::PresetLibrary library;
  llmwb::MainWindow window(library);

  // There may be no window manager: size and place the window ourselves.
  QSize wanted(1600, 1000);
  if (parser.isSet(size)) {
    const auto parts = parser.value(size).split('x');
    if (parts.size() == 2 && parts[0].toInt() > 0 && parts[1].toInt() > 0) wanted = QSize(parts[0].toInt(), parts[1].toInt());
    else qWarning("--size expects WxH, e.g. 1920x1080; got %s", qPrintable(parser.value(size)));
  } else if (const QScreen* screen = QGuiApplication::primaryScreen()) {
    const QRect area = screen->availableGeometry();
    wanted = QSize(std::min(area.width(), 1920), std::min(area.height(), 1080));
  }
  window.resize(wanted);
  if (const QScreen* screen = QGuiApplication::primaryScreen()) window.move(screen->availableGeometry().topLeft());

  QString path = parser.value(project);
  if (path.isEmpty() && !parser.positionalArguments().isEmpty()) path = parser.positionalArguments().first();
  if (path.isEmpty()) path = QString::fromStdString(llmwb::defaultProjectPath(library).string());

  if (parser.isSet(screenshot)) {
    const QString out = parser.value(screenshot);
    QObject::connect(&window, &llmwb::MainWindow::evaluationShown, &window, [&window, out] {
      QTimer::singleShot(200, &window, [&window, out] {
        const bool ok = window.grab().save(out);
        if (!ok) qWarning("could not write %s", qPrintable(out));
        QApplication::exit(ok ? 0 : 1);
      });
    });
  }
  window.show();
  if (!path.isEmpty()) window.openProject(path);
  if (parser.isSet(editor))
    window.editorTabs()->setCurrentIndex(parser.value(editor) == QLatin1String("package") ? 1 : 0);
  if (parser.isSet(tab)) {
    // "Breakdown/By memory level": a results tab, then a tab inside it.
    const QStringList tabPath = parser.value(tab).split('/');
    QTabWidget* tabs = window.resultTabs();
    for (const auto& title : tabPath) {
      if (!tabs) break;
      for (int i = 0; i < tabs->count(); ++i)
        if (tabs->tabText(i).startsWith(title, Qt::CaseInsensitive)) tabs->setCurrentIndex(i);
      QWidget* page = tabs->currentWidget();
      tabs = !page ? nullptr : qobject_cast<QTabWidget*>(page) ? qobject_cast<QTabWidget*>(page) : page->findChild<QTabWidget*>();
    }
  }
  if (parser.isSet(select))
    window.selection()->select({llmwb::ui::Selection::Kind::Device, std::size_t(parser.value(select).toUInt()), 0, 0});
  if (!parser.isSet(screenshot)) window.offerRecovery();
  return app.exec();
}
