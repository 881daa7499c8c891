// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/main_window.h"

#include "core/io/input_error.h"
#include "core/io/project.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/evaluation/evaluation_view.h"
#include "widgets/presets/preset_tree.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QVBoxLayout>

namespace llmwb {

MainWindow::MainWindow(const PresetLibrary& library, QWidget* parent)
    : QMainWindow(parent), mLibrary(library), mPresets(new ui::PresetTree(library)), mView(new ui::EvaluationView),
      mRunner(new ui::EvaluationRunner(this)), mSystem(new QComboBox), mModel(new QComboBox), mWorkload(new QComboBox) {
  setWindowTitle(tr("LLM Accelerator Workbench"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/llmwb.svg")));

  auto* dock = new QDockWidget(tr("Presets"), this);
  dock->setObjectName(QStringLiteral("PresetsDock"));
  dock->setWidget(mPresets);
  dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
  addDockWidget(Qt::LeftDockWidgetArea, dock);
  resizeDocks({dock}, {360}, Qt::Horizontal);

  auto* central = new QWidget;
  auto* layout = new QVBoxLayout(central);
  auto* bar = new QHBoxLayout;
  fillCombo(mSystem, PresetKind::System);
  fillCombo(mModel, PresetKind::Model);
  fillCombo(mWorkload, PresetKind::Workload);
  for (auto [label, combo] : {std::pair{tr("System"), mSystem}, {tr("Model"), mModel}, {tr("Workload"), mWorkload}}) {
    bar->addWidget(new QLabel(label));
    bar->addWidget(combo, 1);
    connect(combo, &QComboBox::currentIndexChanged, this, &MainWindow::reevaluate);
  }
  layout->addLayout(bar);
  layout->addWidget(mView, 1);
  setCentralWidget(central);

  auto* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open project…"), QKeySequence::Open, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open project"), {}, tr("Workbench projects (*.llmwb)"));
    if (!path.isEmpty()) openProject(path);
  });
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

  connect(mPresets, &ui::PresetTree::activated, this, &MainWindow::select);
  connect(mRunner, &ui::EvaluationRunner::started, this, [this] { statusBar()->showMessage(tr("Evaluating…")); });
  connect(mRunner, &ui::EvaluationRunner::finished, this, [this](std::shared_ptr<const EvaluationResult> r) {
    mView->showResult(std::move(r));
    statusBar()->showMessage(tr("Evaluated."), 3000);
    emit evaluationShown();
  });
  connect(mRunner, &ui::EvaluationRunner::failed, this, [this](const QString& message) {
    mView->showError(message);
    statusBar()->showMessage(tr("Evaluation failed."));
    emit evaluationShown();
  });
}

void MainWindow::fillCombo(QComboBox* combo, PresetKind kind) {
  for (const auto& p : mLibrary.list(kind))
    combo->addItem(QString::fromStdString(p.name + "  [" + p.id + "]"), QString::fromStdString(p.id));
}

void MainWindow::select(PresetKind kind, const QString& id) {
  QComboBox* combo = kind == PresetKind::System ? mSystem : kind == PresetKind::Model ? mModel
                     : kind == PresetKind::Workload ? mWorkload : nullptr;
  if (kind == PresetKind::Device) combo = mSystem; // a device is evaluated as a one-device system
  if (!combo) return;
  int index = combo->findData(id);
  if (index < 0) {
    combo->addItem(id, id);
    index = combo->count() - 1;
  }
  combo->setCurrentIndex(index);
}

bool MainWindow::openProject(const QString& path) {
  try {
    const auto project = readProject(path.toStdString(), mLibrary);
    const QSignalBlocker a(mSystem), b(mModel), c(mWorkload);
    select(PresetKind::System, QString::fromStdString(project.system.preset));
    select(PresetKind::Model, QString::fromStdString(project.model));
    select(PresetKind::Workload, QString::fromStdString(project.workload));
    setWindowTitle(tr("%1 — LLM Accelerator Workbench").arg(QString::fromStdString(project.name)));
  } catch (const std::exception& e) {
    QMessageBox::warning(this, tr("Cannot open the project"), QString::fromStdString(e.what()));
    mView->showError(QString::fromStdString(e.what()));
    return false;
  }
  reevaluate();
  return true;
}

void MainWindow::reevaluate() {
  try {
    ui::EvaluationRequest request{mLibrary.system(mSystem->currentData().toString().toStdString()),
                                  mLibrary.model(mModel->currentData().toString().toStdString()),
                                  mLibrary.workload(mWorkload->currentData().toString().toStdString()),
                                  {}};
    mView->showBusy(tr("Evaluating…"));
    mRunner->request(std::move(request));
  } catch (const std::exception& e) {
    mView->showError(QString::fromStdString(e.what()));
    emit evaluationShown();
  }
}

} // namespace llmwb
