// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/main_window.h"

#include "core/dse/load_design.h"
#include "core/io/input_error.h"
#include "core/io/project.h"
#include "widgets/common/icons.h"
#include "widgets/common/theme.h"
#include "widgets/document/autosave.h"
#include "widgets/document/project_document.h"
#include "widgets/evaluation/evaluation_view.h"
#include "widgets/explore/explorer_view.h"
#include "widgets/export/export_all_dialog.h"
#include "widgets/export/project_export.h"
#include "widgets/plots/roofline_plot.h"
#include "widgets/hierarchy/hierarchy_editor.h"
#include "widgets/inspector/inspector.h"
#include "widgets/package/package_composer.h"
#include "widgets/palette/palette.h"
#include "widgets/results/comparison_table.h"
#include "widgets/views/view_registry.h"

#include <QActionGroup>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QAbstractSpinBox>
#include <QKeyEvent>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

// The icons are compiled into this static library; Q_INIT_RESOURCE must be called outside any namespace.
static void initWindowResources() { Q_INIT_RESOURCE(resources); }

namespace llmwb {

namespace {
QDockWidget* dock(QMainWindow* window, const QString& title, const QString& name, QWidget* content, Qt::DockWidgetArea area) {
  auto* d = new QDockWidget(title, window);
  d->setObjectName(name);
  d->setWidget(content);
  d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
  window->addDockWidget(area, d);
  return d;
}
} // namespace

MainWindow::MainWindow(const PresetLibrary& library, QWidget* parent)
    : QMainWindow(parent), mLibrary(library), mSelection(new ui::SelectionModel(this)), mPalette(new ui::Palette(library)),
      mHierarchy(new ui::HierarchyEditor), mComposer(new ui::PackageComposer), mInspector(new ui::Inspector),
      mRunner(new ui::EvaluationRunner(this)),
      mAutosaver(new ui::Autosaver(ui::Autosaver::defaultFolder(), 30000, this)), mHistory(new QUndoView),
      mEditors(new QTabWidget), mResults(new QTabWidget), mDebounce(new QTimer(this)), mEvalStatus(new QLabel) {
  initWindowResources();
  setWindowIcon(QIcon(QStringLiteral(":/icons/llmwb.svg")));
  setDockOptions(AnimatedDocks | AllowTabbedDocks);

  // Centre: the editors over the results.
  mEditors->addTab(mHierarchy, tr("Memory hierarchy"));
  mEditors->addTab(mComposer, tr("Package"));
  mEditors->setDocumentMode(true);
  // The result tabs: every registered view (widgets/views/), fed by one results pipeline.
  const ui::ViewHost host{&library};
  for (const auto& type : ui::builtinViews().views()) {
    auto view = type.build(host);
    // A view wider or taller than the pane scrolls instead of making the window larger than a
    // 1366x768 screen (the summary cards alone want 1244 px).
    auto* page = new QScrollArea;
    page->setWidgetResizable(true);
    page->setFrameShape(QFrame::NoFrame);
    page->setWidget(view->widget());
    mResults->addTab(page, type.title);
    mViewPages.push_back(page);
    mViewTypes.push_back(&type);
    mViews.push_back(std::move(view));
  }
  mResults->setDocumentMode(true);
  connect(mResults, &QTabWidget::currentChanged, this, &MainWindow::deliverResults);
  // The window wires a few views to its own actions (pin, load a design, status).
  mView = mResults->findChild<ui::EvaluationView*>();
  mComparison = mResults->findChild<ui::ComparisonTable*>();
  mRoofline = mResults->findChild<ui::RooflinePlot*>();
  mExplorer = mResults->findChild<ui::ExplorerView*>();
  auto* split = new QSplitter(Qt::Vertical);
  split->setObjectName(QStringLiteral("EditorsOverResults"));
  split->addWidget(mEditors);
  split->addWidget(mResults);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);
  split->setChildrenCollapsible(false);
  setCentralWidget(split);

  auto* paletteDock = dock(this, tr("Palette"), QStringLiteral("PaletteDock"), mPalette, Qt::LeftDockWidgetArea);
  auto* inspectorDock = dock(this, tr("Inspector"), QStringLiteral("InspectorDock"), mInspector, Qt::RightDockWidgetArea);
  auto* historyDock = dock(this, tr("Edit history"), QStringLiteral("HistoryDock"), mHistory, Qt::RightDockWidgetArea);
  resizeDocks({paletteDock, inspectorDock}, {370, 380}, Qt::Horizontal);
  resizeDocks({inspectorDock, historyDock}, {700, 200}, Qt::Vertical);

  statusBar()->addPermanentWidget(mEvalStatus);
  mDebounce->setSingleShot(true);
  mDebounce->setInterval(kDebounceMs);
  connect(mDebounce, &QTimer::timeout, this, &MainWindow::evaluateNow);
  connect(mPalette, &ui::Palette::activated, this, &MainWindow::paletteActivated);
  connect(mPalette, &ui::Palette::modelImported, this, [this](const QString& reference, const QString& name) {
    if (mDocument) mDocument->edit(tr("Use imported model %1").arg(name), [&](Project& p) { p.model = reference.toStdString(); });
    statusBar()->showMessage(tr("Imported %1 as a model preset (%2); the design now uses it.").arg(name, reference), 8000);
  });
  connect(mPalette, &ui::Palette::importFailed, this, [this](const QString& message) { statusBar()->showMessage(message, 10000); });
  connect(mRunner, &ui::EvaluationRunner::started, this, [this] { mEvalStatus->setText(tr("Evaluating…")); });
  connect(mRunner, &ui::EvaluationRunner::finishedProject, this, &MainWindow::showResults);
  connect(mRunner, &ui::EvaluationRunner::failed, this, [this](const QString& message) {
    mView->showError(message);
    mEvalStatus->setText(tr("Evaluation failed"));
    emit evaluationShown();
  });
  connect(mExplorer, &ui::ExplorerView::designChosen, this, [this](const SystemSpec& design) {
    if (!mDocument) return;
    // The space describes one device (a decode space the decode device): that one changes, the
    // rest of the system (the other group, counts, links) stays.
    const auto problem = mExplorer->problem();
    const auto phases = problem ? problem->space().phases : dse::SpacePhases::Both;
    const SystemSpec system = dse::loadDesignInto(mDocument->system(), design, phases);
    const QString what = phases == dse::SpacePhases::DecodeOnly    ? tr("the decode device")
                         : phases == dse::SpacePhases::PrefillOnly ? tr("the prefill device")
                                                                   : tr("the system");
    mDocument->edit(tr("Load %1 from the exploration").arg(what), [&](Project& p) { p.system = {"", system}; });
    mEditors->setCurrentWidget(mHierarchy);
    for (const auto& g : system.groups)
      if (g.device.package) mEditors->setCurrentWidget(mComposer);
    statusBar()->showMessage(tr("Loaded the chosen design as %1; undo returns to the previous one.").arg(what), 6000);
  });
  connect(mSelection, &ui::SelectionModel::changed, this, [this](const ui::Selection& s) {
    if (s.kind == ui::Selection::Kind::PackageItem) mEditors->setCurrentWidget(mComposer);
  });
  buildMenus();
}

MainWindow::~MainWindow() {
  // Widgets hold the document; let them go first.
  mHierarchy->setDocument(nullptr, nullptr);
  mComposer->setDocument(nullptr, nullptr);
  mInspector->setDocument(nullptr, nullptr);
  for (auto& view : mViews) view->setDocument(nullptr);
  mAutosaver->setDocument(nullptr);
  mHistory->setStack(nullptr);
}

void MainWindow::buildMenus() {
  auto* toolbar = addToolBar(tr("Main"));
  toolbar->setObjectName(QStringLiteral("MainToolbar"));
  toolbar->setMovable(false);
  toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

  auto* file = menuBar()->addMenu(tr("&File"));
  auto* open = file->addAction(ui::actionIcon(QStringLiteral("open")), tr("&Open project…"), QKeySequence::Open, this, [this] {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open project"), {}, tr("Workbench projects (*.llmwb);;All files (*)"));
    if (!path.isEmpty()) openProject(path);
  });
  mRecentMenu = file->addMenu(tr("Open &recent"));
  connect(mRecentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
  auto* save = file->addAction(ui::actionIcon(QStringLiteral("save")), tr("&Save"), QKeySequence::Save, this, [this] {
    if (mDocument && !mDocument->filePath().isEmpty() && !QFileInfo(mDocument->filePath()).path().contains(QLatin1String("presets/projects")))
      saveProject(mDocument->filePath());
    else saveAs();
  });
  auto* saveAsAction = file->addAction(tr("Save &as…"), QKeySequence::SaveAs, this, [this] { saveAs(); });
  file->addSeparator();
  auto* exportAll = file->addAction(ui::actionIcon(QStringLiteral("export")), tr("&Export all figures…"), this, &MainWindow::exportAllFigures);
  exportAll->setToolTip(tr("Every result view's figures (roofline, breakdowns, Pareto, convergence, serving) as PNG, PDF and SVG, with their data as CSV and JSON"));
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

  auto* editMenu = menuBar()->addMenu(tr("&Edit"));
  qApp->installEventFilter(this); // Undo/Redo from a focused spin box (eventFilter)
  mUndoAction = new QAction(ui::actionIcon(QStringLiteral("undo")), tr("&Undo"), this);
  mUndoAction->setShortcut(QKeySequence::Undo);
  mRedoAction = new QAction(ui::actionIcon(QStringLiteral("redo")), tr("&Redo"), this);
  mRedoAction->setShortcut(QKeySequence::Redo);
  connect(mUndoAction, &QAction::triggered, this, [this] { if (mDocument) mDocument->undoStack()->undo(); });
  connect(mRedoAction, &QAction::triggered, this, [this] { if (mDocument) mDocument->undoStack()->redo(); });
  editMenu->addAction(mUndoAction);
  editMenu->addAction(mRedoAction);
  editMenu->addSeparator();
  auto* pin = editMenu->addAction(ui::actionIcon(QStringLiteral("pin")), tr("&Pin design for comparison"), this,
                                  [this] { mComparison->pinDesign(); });
  pin->setToolTip(tr("Keep a snapshot of this design in the comparison table"));
  // What needs a project: off while none is open (a failed open with no project to fall back on).
  mProjectActions = {save, saveAsAction, exportAll, pin};
  for (auto* a : mProjectActions) a->setEnabled(false);
  mUndoAction->setEnabled(false);
  mRedoAction->setEnabled(false);
  editMenu->addAction(tr("Select the &project"), this, [this] { mSelection->clear(); });

  auto* view = menuBar()->addMenu(tr("&View"));
  auto* themes = new QActionGroup(this);
  auto* light = view->addAction(tr("&Light theme"), this, [] { ui::applyTheme(ui::Theme::Light); });
  auto* dark = view->addAction(tr("&Dark theme"), this, [] { ui::applyTheme(ui::Theme::Dark); });
  for (auto* a : {light, dark}) {
    a->setCheckable(true);
    themes->addAction(a);
  }
  (ui::currentTheme() == ui::Theme::Dark ? dark : light)->setChecked(true);
  view->addSeparator();
  for (auto* d : findChildren<QDockWidget*>()) view->addAction(d->toggleViewAction());

  toolbar->addAction(open);
  toolbar->addAction(save);
  toolbar->addSeparator();
  toolbar->addAction(mUndoAction);
  toolbar->addAction(mRedoAction);
  toolbar->addSeparator();
  toolbar->addAction(pin);
}

void MainWindow::setDocument(std::unique_ptr<ui::ProjectDocument> document) {
  mSelection->clear();
  mHierarchy->setDocument(document.get(), mSelection);
  mComposer->setDocument(document.get(), mSelection);
  mInspector->setDocument(document.get(), mSelection);
  for (auto& view : mViews) view->setDocument(document.get());
  mAutosaver->setDocument(document.get());
  mHistory->setStack(document ? document->undoStack() : nullptr);
  if (document) {
    connect(document.get(), &ui::ProjectDocument::changed, this, &MainWindow::scheduleEvaluation);
    connect(document.get(), &ui::ProjectDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(document.get(), &ui::ProjectDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(document.get(), &ui::ProjectDocument::editRefused, this, [this](const QString& message) {
      statusBar()->showMessage(tr("Not done: %1").arg(message), 8000);
    });
    auto* stack = document->undoStack();
    connect(stack, &QUndoStack::canUndoChanged, mUndoAction, &QAction::setEnabled);
    connect(stack, &QUndoStack::canRedoChanged, mRedoAction, &QAction::setEnabled);
    connect(stack, &QUndoStack::undoTextChanged, this, [this](const QString& t) { mUndoAction->setToolTip(tr("Undo %1").arg(t)); });
    connect(stack, &QUndoStack::redoTextChanged, this, [this](const QString& t) { mRedoAction->setToolTip(tr("Redo %1").arg(t)); });
    mUndoAction->setEnabled(stack->canUndo());
    mRedoAction->setEnabled(stack->canRedo());
  } else {
    mUndoAction->setEnabled(false);
    mRedoAction->setEnabled(false);
  }
  for (auto* a : mProjectActions) a->setEnabled(document != nullptr);
  mDocument = std::move(document);
  // A package system opens on its floorplan.
  bool package = false;
  if (mDocument)
    for (const auto& g : mDocument->system().groups) package = package || g.device.package.has_value();
  mEditors->setCurrentWidget(package ? static_cast<QWidget*>(mComposer) : mHierarchy);
  updateTitle();
  evaluateNow();
}

bool MainWindow::openProject(const QString& path) {
  QString error;
  auto document = ui::ProjectDocument::open(mLibrary, path, &error);
  if (!document) {
    // The window stays usable: the open project stays, or (at start) the default project opens
    // in its place; only when that too fails is the window empty, its project actions off.
    QString outcome = tr("The project that is open stays as it was.");
    if (!mDocument) {
      const QString fallback = QString::fromStdString(defaultProjectPath(mLibrary).string());
      QString fallbackError;
      auto standIn = fallback.isEmpty() || QFileInfo(fallback).absoluteFilePath() == QFileInfo(path).absoluteFilePath()
                         ? nullptr
                         : ui::ProjectDocument::open(mLibrary, fallback, &fallbackError);
      if (standIn) {
        setDocument(std::move(standIn));
        outcome = tr("The default project (%1) is open instead.").arg(QFileInfo(fallback).fileName());
      } else {
        outcome = tr("No project is open: open one with File › Open project.");
        mView->showError(error);
      }
    }
    statusBar()->showMessage(tr("Could not open %1. %2").arg(path, outcome), 15000);
    if (isVisible() && !QApplication::arguments().contains(QStringLiteral("--screenshot")))
      QMessageBox::warning(this, tr("Cannot open the project"), tr("%1\n\n%2").arg(error, outcome));
    if (!mDocument) emit evaluationShown();
    return false;
  }
  setDocument(std::move(document));
  addRecent(path);
  return true;
}

bool MainWindow::saveProject(const QString& path) {
  QString error;
  if (!mDocument || !mDocument->save(path, &error)) {
    QMessageBox::warning(this, tr("Cannot save the project"), error);
    return false;
  }
  addRecent(path);
  statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
  return true;
}

bool MainWindow::saveAs() {
  if (!mDocument) return false;
  QString suggested = mDocument->filePath().isEmpty() ? QStringLiteral("project.llmwb") : QFileInfo(mDocument->filePath()).fileName();
  QString path = QFileDialog::getSaveFileName(this, tr("Save project"), suggested, tr("Workbench projects (*.llmwb)"));
  if (path.isEmpty()) return false;
  if (!path.endsWith(QLatin1String(".llmwb"))) path += QStringLiteral(".llmwb");
  return saveProject(path);
}

void MainWindow::offerRecovery(bool ask) {
  const QStringList files = mAutosaver->pending();
  if (files.isEmpty()) return;
  const QString newest = files.front();
  if (ask && QMessageBox::question(this, tr("Recover unsaved work?"),
                                   tr("The workbench did not close cleanly last time. Restore the unsaved project "
                                      "from %1?")
                                       .arg(QFileInfo(newest).lastModified().toString())) != QMessageBox::Yes)
    return;
  QString error;
  auto document = ui::ProjectDocument::open(mLibrary, newest, &error);
  if (!document) {
    statusBar()->showMessage(tr("The recovery copy cannot be read: %1").arg(error), 10000);
    return;
  }
  // The recovered project is unsaved work: keep it modified and without a file, then drop the copy.
  auto* doc = document.get();
  setDocument(std::move(document));
  doc->edit(tr("Recover unsaved work"), [](Project&) {});
  for (const auto& f : files) QFile::remove(f);
}

void MainWindow::scheduleEvaluation() { mDebounce->start(); }

ui::EvaluationRequest MainWindow::makeRequest() const {
  return ui::evaluationRequest(mDocument->project(), mLibrary);
}

void MainWindow::refreshNow() {
  mDebounce->stop();
  if (!mDocument) return;
  showResults(ui::EvaluationRunner::run(makeRequest(), mRunner->cache()));
  QCoreApplication::processEvents(); // the editors' deferred rebuilds
}

void MainWindow::evaluateNow() {
  mDebounce->stop();
  if (!mDocument) return;
  try {
    auto request = makeRequest();
    mView->showBusy(tr("Evaluating…"));
    mRunner->request(std::move(request));
  } catch (const std::exception& e) {
    mView->showError(QString::fromStdString(e.what()));
    emit evaluationShown();
  }
}

void MainWindow::showResults(const std::shared_ptr<const ui::ProjectResults>& results) {
  mLastResults = results;
  // Only the view on screen takes the results now; the others take them when their tab is opened
  // (deliverResults): an edit costs one view's update, not every view's.
  mViewStale.assign(mViews.size(), true);
  for (std::size_t i = 0; i < mViews.size(); ++i) {
    const int tab = mResults->indexOf(mViewPages[i]);
    const bool applies = mViewTypes[i]->applies(*results);
    if (mResults->isTabVisible(tab) != applies) mResults->setTabVisible(tab, applies); // else the tab bar's layout is redone
  }
  deliverResults(mResults->currentIndex());
  mEvalStatus->setText(tr("Evaluated %1 system(s) in %2 ms")
                           .arg(1 + results->comparisons.size())
                           .arg(results->seconds * 1e3, 0, 'f', 1));
  emit evaluationShown();
}

void MainWindow::deliverResults(int tab) {
  for (std::size_t i = 0; i < mViews.size(); ++i)
    if ((tab < 0 || mResults->indexOf(mViewPages[i]) == tab) && i < mViewStale.size() && mViewStale[i] && mLastResults) {
      mViewStale[i] = false;
      mViews[i]->setResults(mLastResults);
    }
}

void MainWindow::exportAllFigures() {
  if (!mDocument) return;
  // Starts beside the project (a new project: home), not in the working folder.
  const QString projectFile = mDocument->filePath();
  ui::ExportAllDialog dialog(projectFile.isEmpty() ? QString() : QFileInfo(projectFile).absolutePath(), this);
  if (dialog.exec() != QDialog::Accepted) return;
  auto job = dialog.job();
  job.dark = ui::currentTheme() == ui::Theme::Dark;
  exportAllFiguresTo(job);
}

void MainWindow::exportAllFiguresTo(const ui::FigureJob& job) {
  if (!mDocument) return;
  const QString dir = job.outDir;
  statusBar()->showMessage(tr("Exporting figures to %1…").arg(dir));
  // Evaluation and exploration in the background; drawing needs the GUI thread, so the files
  // are written back here.
  Project project = mDocument->project();
  // The exploration on screen is exported (ExploreView::contribute); the stored one need not run.
  if (mExplorer && mExplorer->shownRun()) project.exploration.reset();
  auto future = QtConcurrent::run([project, &library = mLibrary]() -> std::shared_ptr<ui::ProjectFigures> {
    try {
      return std::make_shared<ui::ProjectFigures>(ui::computeProjectFigures(project, library));
    } catch (const std::exception&) {
      return nullptr;
    }
  });
  auto* compute = new QFutureWatcher<std::shared_ptr<ui::ProjectFigures>>(this);
  connect(compute, &QFutureWatcher<std::shared_ptr<ui::ProjectFigures>>::finished, this, [this, compute, dir, job] {
    const auto figures = compute->result();
    compute->deleteLater();
    if (!figures) {
      statusBar()->showMessage(tr("Could not compute the figures for export."), 10000);
      emit figuresExported({}, {tr("Could not compute the figures for export.")});
      return;
    }
    deliverResults(-1);
    for (const auto& view : mViews) view->contribute(*figures); // e.g. a serving sweep run in its view
    QStringList errors;
    const QStringList written = ui::writeProjectFigures(*figures, job, errors);
    statusBar()->showMessage(errors.isEmpty() ? tr("Wrote %1 files to %2").arg(written.size()).arg(dir)
                                              : tr("Wrote %1 files; %2").arg(written.size()).arg(errors.join(QStringLiteral("; "))),
                             10000);
    emit figuresExported(written, errors);
  });
  compute->setFuture(future);
}

void MainWindow::paletteActivated(const ui::PaletteEntry& entry) {
  if (!mDocument || entry.kind != ui::PaletteEntry::Kind::Preset) return;
  const std::string id = entry.id.toStdString();
  try {
    switch (entry.presetKind) {
    case PresetKind::System:
    case PresetKind::Device: {
      auto system = mLibrary.system(id);
      mDocument->edit(tr("Design from %1").arg(QString::fromStdString(system.name)), [&](Project& p) {
        p.system = {id, system};
      });
      mSelection->clear();
      break;
    }
    case PresetKind::Model:
      mDocument->edit(tr("Use model %1").arg(entry.id), [&](Project& p) { p.model = id; });
      break;
    case PresetKind::Workload:
      mDocument->edit(tr("Use workload %1").arg(entry.id), [&](Project& p) { p.workload = id; });
      break;
    case PresetKind::Project:
      if (const auto path = mLibrary.find(PresetKind::Project, id); path && maybeSave()) openProject(QString::fromStdString(path->string()));
      break;
    case PresetKind::MemoryTechnology:
      statusBar()->showMessage(tr("Drag %1 onto a memory level or a package floorplan.").arg(entry.id), 5000);
      break;
    }
  } catch (const std::exception& e) {
    statusBar()->showMessage(QString::fromStdString(e.what()), 8000);
  }
}

void MainWindow::updateTitle() {
  if (!mDocument) {
    setWindowTitle(tr("LLM Accelerator Workbench"));
    return;
  }
  setWindowTitle(tr("%1%2 — LLM Accelerator Workbench").arg(mDocument->displayName(), mDocument->isModified() ? QStringLiteral(" *") : QString()));
}

bool MainWindow::maybeSave() {
  if (!mDocument || !mDocument->isModified()) return true;
  const auto answer = QMessageBox::question(this, tr("Unsaved changes"), tr("Save the changes to %1?").arg(mDocument->displayName()),
                                            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Cancel) return false;
  if (answer == QMessageBox::Save) {
    if (!mDocument->filePath().isEmpty() && !mDocument->filePath().contains(QLatin1String("presets/projects")))
      return saveProject(mDocument->filePath());
    return saveAs();
  }
  return true;
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (mDocksFitted) return;
  mDocksFitted = true;
  // The palette and the inspector take at most a fifth of the window each: on a 1366 px screen the
  // editors and the result views keep about 800 px.
  auto* palette = findChild<QDockWidget*>(QStringLiteral("PaletteDock"));
  auto* inspector = findChild<QDockWidget*>(QStringLiteral("InspectorDock"));
  if (palette && inspector)
    resizeDocks({palette, inspector}, {std::min(370, width() / 5), std::min(380, width() / 5)}, Qt::Horizontal);
  // The results get what the cards, three comparison rows and two operator rows need (about
  // 440 px) and at least 55 %; the editors the rest (their lanes scroll; the handle moves).
  // Once laid out at the shown size (the next turn of the event loop).
  QTimer::singleShot(0, this, [this] {
    if (auto* split = findChild<QSplitter*>(QStringLiteral("EditorsOverResults"))) {
      const int total = split->height();
      const int results = std::min(std::max(total * 55 / 100, 440), total - 180);
      split->setSizes({total - results, results});
    }
  });
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::ShortcutOverride) {
    auto* key = static_cast<QKeyEvent*>(event);
    auto* widget = qobject_cast<QWidget*>(watched);
    const bool inSpinBox = widget && (qobject_cast<QAbstractSpinBox*>(widget) ||
                                      qobject_cast<QAbstractSpinBox*>(widget->parentWidget()));
    if (inSpinBox && (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo))) {
      event->ignore(); // not overridden: the window's Undo/Redo shortcut fires
      return true;
    }
  }
  return QMainWindow::eventFilter(watched, event);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  mAutosaver->discard();
  event->accept();
}

namespace {
const QString kRecentKey = QStringLiteral("recentFiles");
} // namespace

QStringList MainWindow::recentProjects() {
  QSettings settings;
  const QStringList stored = settings.value(kRecentKey).toStringList();
  QStringList recent;
  for (const auto& path : stored)
    if (QFileInfo::exists(path) && !recent.contains(path)) recent << path; // moved or deleted: dropped
  while (recent.size() > kMaxRecent) recent.removeLast();
  if (recent != stored) settings.setValue(kRecentKey, recent);
  return recent;
}

void MainWindow::addRecent(const QString& path) {
  QStringList recent = recentProjects();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  recent.removeAll(absolute);
  recent.prepend(absolute);
  while (recent.size() > kMaxRecent) recent.removeLast();
  QSettings().setValue(kRecentKey, recent);
}

void MainWindow::fillRecentMenu() {
  mRecentMenu->clear();
  const QStringList recent = recentProjects();
  for (const auto& path : recent)
    mRecentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
      if (maybeSave()) openProject(path);
    })->setToolTip(path);
  if (recent.isEmpty()) {
    mRecentMenu->addAction(tr("(none yet)"))->setEnabled(false);
    return;
  }
  mRecentMenu->addSeparator();
  mRecentMenu->addAction(tr("Clear the list"), this, [] { QSettings().remove(kRecentKey); });
}

} // namespace llmwb
