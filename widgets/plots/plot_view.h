// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What every plot shares: the theme (follows the application palette), hover tooltips on
// points, a context menu with "Export figure…" and "Export data…", the data as a table, and a
// cheap refresh that rebuilds the plottables from the data the plot holds.

#include "widgets/plots/plot_style.h"
#include "widgets/plots/plot_table.h"

#include <qcustomplot.h>

#include <map>
#include <optional>
#include <vector>

class QMenu;

namespace llmwb::ui {

class PlotView : public QCustomPlot {
  Q_OBJECT
public:
  explicit PlotView(QWidget* parent = nullptr);

  /// The numbers the plot shows, for CSV and JSON export.
  virtual PlotTable table() const = 0;
  /// A file name stem for exports ("roofline", "pareto").
  virtual QString figureName() const = 0;

  /// Rebuilds every plottable from the data and replots now. Cheap: no engine work.
  void refresh();
  const PlotTheme& theme() const { return mTheme; }
  /// Fixes the theme (e.g. dark figures from a light application); nullopt follows the palette.
  void setThemeOverride(std::optional<PlotTheme> theme);

  /// Lays the plot out as a printed figure `layoutPt` points large (widgets/plots/figure_layout.cpp):
  /// the print theme (fonts in points), headings and axis labels wrapped to fit, ticks thinned
  /// until their labels keep apart, a side legend moved below a narrow figure. Export draws with
  /// this layout; endFigureLayout() puts the plot back as it was on screen. `heading` false: the
  /// heading is left out (a paper puts it in the figure's caption: figureCaption()).
  void beginFigureLayout(const QSize& layoutPt, bool heading = true);
  void endFigureLayout();
  bool inFigureLayout() const { return mFigure.active; }
  /// After beginFigureLayout(): whether everything found room (no text squeezed, no plot flattened).
  bool figureFits() const;
  /// The height that suits this figure at `widthMm` (exports without a height): roughly 4:3 in a
  /// column, wider on a page.
  virtual double figureHeightMm(double widthMm) const;

  /// The tooltip the plot shows at a widget position (empty: none). Public for tests.
  QString tooltipAt(const QPointF& pos) const;
  /// The heading above the plot (empty: none).
  QString title() const;
  /// The heading as a caption's text: its lines as sentences, no line breaks (empty: none).
  QString figureCaption() const;

protected:
  /// Clears and recreates the plottables from the data; no replot.
  virtual void rebuild() = 0;
  /// Per plot changes for a printed figure of `layoutPt`, after the print theme is applied and
  /// before text and ticks are fitted (e.g. fewer category labels).
  virtual void adaptToFigure(const QSize& layoutPt);
  /// Called after each layout of a printed figure, with the axis rects placed: changes that need
  /// their size (room for labels above bars); true when something changed and the layout must
  /// be redone.
  virtual bool fitToLayout();
  /// After fitToLayout(): something still has too little room (the figure needs more height).
  virtual bool figureCramped() const { return false; }
  /// The size of the printed figure being laid out, in points; empty on screen.
  QSize figureLayoutPt() const { return mFigure.layoutPt; }
  /// Extra entries for the context menu, before the export entries.
  virtual void addContextActions(QMenu& menu);

  /// A heading row above the default axis rect; setTitle() fills it.
  void addTitleRow();
  void setTitle(const QString& text);
  /// Moves the legend into a column right of the default axis rect, at the top: it never
  /// covers data, however many entries it has.
  void placeLegendRight();
  /// The legend in a row under the plot, `columns` entries wide: for plots shown in half a pane,
  /// where a legend beside the plot would leave the heading and the axes too little width. On
  /// screen it takes fewer columns when the pane is too narrow for them (wrapOnScreen()).
  void placeLegendBelow(int columns);

  /// A point that shows `text` when the mouse is within a few pixels of it (an empty text is
  /// asked of hoverText() when shown, for views with many points).
  struct HoverPoint {
    QCPAxis* xAxis = nullptr;
    QCPAxis* yAxis = nullptr;
    double x = 0, y = 0;
    QString text;
    std::size_t id = 0;
  };
  void clearHoverPoints() { mHover.clear(); }
  void addHoverPoint(HoverPoint p) { mHover.push_back(std::move(p)); }
  /// The hover point nearest to `pos` within `radiusPx`.
  const HoverPoint* hoverPointAt(const QPointF& pos, double radiusPx = 10) const;
  /// The text of a hover point added without one.
  virtual QString hoverText(const HoverPoint& p) const { return p.text; }
  /// Bars and other plottables: a tooltip for what is under the mouse (empty: none).
  virtual QString plottableTooltipAt(const QPointF& pos) const;

  void mouseMoveEvent(QMouseEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  void changeEvent(QEvent* event) override;
  bool event(QEvent* event) override;

private:
  void applyCurrentTheme();
  // figure_layout.cpp
  void moveSideLegendsBelow(int widthPt);
  bool sideLegendTooWide(int widthPt) const;
  bool besidePlot(const QCPLayoutGrid* side) const;
  void restoreSideLegends();
  void fitLegendColumns(int widthPt);
  void wrapTextsToFit();
  bool thinCrowdedTicks();
  void fitTextAndTicks();
  void shortenHeading(int step);
  void wrapLegendNames(int widthPt);

  /// What beginFigureLayout() changed, to be put back.
  struct MovedLegend {
    QCPLegend* legend = nullptr;
    QCPLayoutGrid* side = nullptr; ///< the grid it was taken from
    QMargins sideMargins, legendMargins;
    struct Companion {
      QCPLayoutElement* element = nullptr;
      int row = 0, column = 0; ///< its cell in `side`
    };
    std::vector<Companion> companions; ///< what stood beside the legend in `side` and moved with it
  };
  struct FigureState {
    bool active = false;
    bool fits = true;
    QSize layoutPt;
    QMargins layoutMargins;
    std::optional<PlotTheme> themeOverride;
    std::vector<MovedLegend> legends;
    std::vector<std::pair<QCPLegend*, int>> legendWraps;
    std::vector<std::pair<QCPTextElement*, QString>> texts;
    std::vector<std::pair<QCPAxis*, QString>> axisLabels;
    std::vector<std::pair<QCPAbstractPlottable*, QString>> names;
    QString headingFull; ///< the heading before shortenHeading()
    std::vector<std::pair<QSharedPointer<QCPAxisTicker>, int>> tickCounts;
  };
  FigureState mFigure;

  /// On screen (screen_fit.cpp), headings, axis labels and the names of a legend beside the plot
  /// wrap to the room the pane gives them (a laptop's pane is narrower than a long title), and a
  /// legend under the plot keeps the columns that fit: what each shows and the text it was given.
  void wrapOnScreen();
  void restoreScreenTexts();
  struct ScreenText {
    QString original, shown;
  };
  std::map<QCPTextElement*, ScreenText> mScreenTexts;
  std::map<QCPAxis*, ScreenText> mScreenLabels;
  int mScreenWraps = 0; ///< replots in a row that wrapping asked for
  int mBelowLegendColumns = 0; ///< placeLegendBelow()'s columns; 0: the legend is not below the plot
  std::map<QCPAbstractPlottable*, ScreenText> mScreenNames; ///< legend names beside the plot

  PlotTheme mTheme;
  std::optional<PlotTheme> mThemeOverride;
  std::vector<HoverPoint> mHover;
  QCPTextElement* mTitle = nullptr;
};

/// A printed figure so narrow (a journal column) that a legend beside the plot goes below it.
bool isNarrowFigure(const QSize& layoutPt);

/// Breaks a label into lines of about `width` characters at spaces (axis categories).
QString wrapLabel(const QString& text, int width = 16);

/// "12.3 ms", "4.5 GB", "1.2 PFLOP/s": SI prefixes for a value in a base unit.
QString withPrefix(double value, const QString& unit, int significant = 3);
/// The SI prefix that suits the largest value of a series: factor to divide by and its symbol.
struct Prefix {
  double factor = 1;
  QString symbol;
};
Prefix prefixFor(double largest);

} // namespace llmwb::ui
