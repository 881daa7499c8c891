// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/io/preset_library.h"
#include "widgets/document/selection.h"
#include "widgets/evaluation/evaluation_runner.h"

#include <QMainWindow>

#include <memory>
#include <vector>

class QLabel;
class QMenu;
class QTabWidget;
class QTimer;
class QUndoView;

namespace llmwb {
namespace ui {
class Autosaver;
struct FigureJob;
class ComparisonTable;
class ExplorerView;
class RooflinePlot;
class EvaluationView;
class HierarchyEditor;
class Inspector;
class PackageComposer;
class Palette;
class ProjectDocument;
class ResultView;
struct PaletteEntry;
struct ViewType;
} // namespace ui

/// The workbench window: the palette (left), the system editors (hierarchy lanes, package
/// composer) over the result views (a tab per registered view, widgets/views/), the inspector
/// and the edit history (right). Every edit re-evaluates in the background, debounced; results of superseded
/// edits are dropped.
class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  explicit MainWindow(const PresetLibrary& library, QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Opens a project; on failure says why (file, field) and keeps the current one.
  bool openProject(const QString& path);
  bool saveProject(const QString& path);
  /// Offers recovery copies left by a crash (asks unless `ask` is false: then restores the newest).
  void offerRecovery(bool ask = true);

  ui::ProjectDocument* document() const { return mDocument.get(); }
  ui::SelectionModel* selection() const { return mSelection; }
  ui::HierarchyEditor* hierarchyEditor() const { return mHierarchy; }
  ui::PackageComposer* packageComposer() const { return mComposer; }
  ui::ComparisonTable* comparisonTable() const { return mComparison; }
  ui::EvaluationView* evaluationView() const { return mView; }
  ui::Palette* palette() const { return mPalette; }
  ui::Autosaver* autosaver() const { return mAutosaver; }
  QTabWidget* editorTabs() const { return mEditors; }
  QTabWidget* resultTabs() const { return mResults; }
  std::shared_ptr<const ui::ProjectResults> results() const { return mLastResults; }
  ui::RooflinePlot* rooflinePlot() const { return mRoofline; }
  ui::ExplorerView* explorerView() const { return mExplorer; }
  /// File > Export all figures as `job` says (folder, size, formats), without asking: in the
  /// background, then figuresExported.
  void exportAllFiguresTo(const ui::FigureJob& job);
  /// Evaluates on this thread and updates the view on screen and the editors at once (benchmarks;
  /// the window itself evaluates in the background); the other views take the results when
  /// their tab is opened.
  void refreshNow();

  /// File > Open recent: the projects opened or saved last, newest first, at most kMaxRecent;
  /// files that no longer exist are dropped (kept in QSettings, UI state only).
  static QStringList recentProjects();
  static constexpr int kMaxRecent = 8;

  /// Debounce between an edit and its evaluation.
  static constexpr int kDebounceMs = 120;

signals:
  /// An evaluation (or its failure) is on screen.
  void evaluationShown();
  /// File > Export all figures has written these files (errors: what failed).
  void figuresExported(const QStringList& written, const QStringList& errors);

protected:
  void closeEvent(QCloseEvent* event) override;
  /// Lets Ctrl+Z / Ctrl+Shift+Z reach the project's undo while a spin box has focus (its line
  /// edit would otherwise take them for its own text).
  bool eventFilter(QObject* watched, QEvent* event) override;
  void showEvent(QShowEvent* event) override;

private:
  void setDocument(std::unique_ptr<ui::ProjectDocument> document);
  void buildMenus();
  void scheduleEvaluation();
  void evaluateNow();
  void showResults(const std::shared_ptr<const ui::ProjectResults>& results);
  /// Hands the newest results to the views on tab `tab` that lack them (-1: every view).
  void deliverResults(int tab);
  void paletteActivated(const ui::PaletteEntry& entry);
  void exportAllFigures();
  ui::EvaluationRequest makeRequest() const;
  void updateTitle();
  bool maybeSave();
  void addRecent(const QString& path);
  void fillRecentMenu();
  bool saveAs();

  const PresetLibrary& mLibrary;
  std::unique_ptr<ui::ProjectDocument> mDocument;
  ui::SelectionModel* mSelection;
  ui::Palette* mPalette;
  ui::HierarchyEditor* mHierarchy;
  ui::PackageComposer* mComposer;
  ui::Inspector* mInspector;
  ui::EvaluationRunner* mRunner;
  ui::Autosaver* mAutosaver;
  QUndoView* mHistory;
  QTabWidget* mEditors;
  QTabWidget* mResults;
  std::vector<std::unique_ptr<ui::ResultView>> mViews; ///< one per registered view, in tab order
  std::vector<const ui::ViewType*> mViewTypes;
  std::vector<QWidget*> mViewPages; ///< the result tabs' pages (a scroll area around each view)
  ui::EvaluationView* mView = nullptr;
  ui::ComparisonTable* mComparison = nullptr;
  ui::RooflinePlot* mRoofline = nullptr;
  ui::ExplorerView* mExplorer = nullptr;
  QTimer* mDebounce;
  QLabel* mEvalStatus;
  QMenu* mRecentMenu = nullptr;
  std::vector<QAction*> mProjectActions; ///< save, save as, export all, pin: enabled while a project is open
  QAction* mUndoAction = nullptr;
  QAction* mRedoAction = nullptr;
  bool mDocksFitted = false;
  std::shared_ptr<const ui::ProjectResults> mLastResults;
  /// Which views (mViews' order) have not taken the newest results: a view off screen takes them
  /// when its tab is opened.
  std::vector<bool> mViewStale;
};

} // namespace llmwb
