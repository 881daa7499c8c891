// SPDX-License-Identifier: GPL-3.0-or-later
// A window with every plot view of a project, and the explorer running its exploration: for
// looking at the views as a user does (shared/tools/screenshot.sh). Not a test.
//   plots_gallery [PROJECT.llmwb] [--dark]
#include "core/io/preset_library.h"
#include "widgets/explore/explorer_view.h"
#include "widgets/export/project_export.h"
#include "widgets/plots/breakdown_data.h"
#include "widgets/plots/breakdown_plot.h"
#include "widgets/plots/roofline_plot.h"

#include <QApplication>
#include <QStyleFactory>
#include <QTabWidget>

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  const QStringList args = QApplication::arguments();
  if (args.contains(QStringLiteral("--dark"))) {
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2e));
    dark.setColor(QPalette::WindowText, Qt::white);
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    dark.setColor(QPalette::Text, Qt::white);
    dark.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3e));
    dark.setColor(QPalette::ButtonText, Qt::white);
    QApplication::setPalette(dark);
  }
  const llmwb::PresetLibrary library;
  QString file = QStringLiteral(LLMWB_TEST_PRESETS "/projects/memexplorer-osworld.llmwb");
  for (const auto& a : args.mid(1))
    if (!a.startsWith(QLatin1String("--"))) file = a;
  const auto project = llmwb::readProject(file.toStdString(), library);
  auto withoutExploration = project;
  withoutExploration.exploration.reset();
  const auto figures = llmwb::ui::computeProjectFigures(withoutExploration, library);

  QTabWidget tabs;
  auto* roofline = new llmwb::ui::RooflinePlot;
  roofline->setData(*figures.results->roofline);
  tabs.addTab(roofline, QStringLiteral("Roofline"));
  auto* classes = new llmwb::ui::BreakdownPlot;
  const QString name = QString::fromStdString(figures.results->name);
  classes->setData(llmwb::ui::classBreakdown(*figures.results->main, name));
  tabs.addTab(classes, QStringLiteral("By class"));
  auto* memory = new llmwb::ui::BreakdownPlot;
  memory->setData(llmwb::ui::memoryBreakdown(*figures.results->main, name));
  tabs.addTab(memory, QStringLiteral("By memory level"));
  auto* explorer = new llmwb::ui::ExplorerView(library);
  tabs.addTab(explorer, QStringLiteral("Explore"));
  if (project.exploration) {
    auto setup = *project.exploration;
    setup.method = "mobo"; // slow enough to watch
    setup.budget = 400;
    explorer->setSetup(setup);
    explorer->start();
  }
  tabs.setCurrentIndex(args.contains(QStringLiteral("--explore")) ? 3 : 0);
  tabs.resize(1900, 1040);
  tabs.move(0, 0);
  tabs.show();
  return app.exec();
}
