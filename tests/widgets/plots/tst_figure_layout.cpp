// SPDX-License-Identifier: GPL-3.0-or-later
// Figures at paper sizes: every figure of every shipped project (MemExplorer, DUET, Snake, NPUsim), at a
// journal column, a page width and the old pixel sizes, has
//  - one physical size in all three formats (PNG pixels / dpi, PDF page in pt, SVG in mm), and
//  - no text that overprints another or leaves the canvas.
// How the text is checked: QSvgGenerator writes every piece of text QCustomPlot draws (tick
// labels, exponents, axis labels, headings, legend entries, bar totals) as an SVG <text> with its
// position, font and the transform in force (rotated labels included). Each one's ink box
// (QFontMetricsF::tightBoundingRect of that font at that pixel size, one pixel being one point)
// is mapped through its transform to a quadrilateral; two quadrilaterals may touch but not share
// more than 1 pt², and each must lie on the canvas. The exported file is what a reader sees, so
// this needs no access to QCustomPlot's private label placement.
#include "core/io/preset_library.h"
#include "core/io/project.h"
#include "widgets/export/project_export.h"
#include "widgets/plots/export_dialog.h"

#include <QDir>
#include <QFile>
#include <QFontMetricsF>
#include <QImage>
#include <QPolygonF>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTransform>
#include <QXmlStreamReader>

#include <cmath>
#include <stack>

using namespace llmwb;

namespace {
struct SvgText {
  QString text;
  QPolygonF ink; ///< in the SVG's user units (points)
};

struct SvgFigure {
  double widthMm = 0, heightMm = 0;
  QRectF viewBox;
  std::vector<SvgText> texts;
};

QTransform parseMatrix(const QString& attribute) {
  static const QRegularExpression matrix(QStringLiteral(R"(matrix\(([^)]*)\))"));
  const auto m = matrix.match(attribute);
  if (!m.hasMatch()) return {};
  const QStringList v = m.captured(1).split(QLatin1Char(','));
  if (v.size() != 6) return {};
  return QTransform(v[0].toDouble(), v[1].toDouble(), v[2].toDouble(), v[3].toDouble(), v[4].toDouble(), v[5].toDouble());
}

double millimetres(const QString& attribute) {
  QString a = attribute;
  return a.endsWith(QLatin1String("mm")) ? a.chopped(2).toDouble() : -1;
}

SvgFigure readSvg(const QString& path) {
  SvgFigure figure;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return figure;
  QXmlStreamReader xml(&file);
  std::stack<QTransform> transforms;
  transforms.push(QTransform());
  while (!xml.atEnd()) {
    xml.readNext();
    if (xml.isEndElement() && xml.name() == QLatin1String("g")) transforms.pop();
    if (!xml.isStartElement()) continue;
    const auto attributes = xml.attributes();
    if (xml.name() == QLatin1String("svg")) {
      figure.widthMm = millimetres(attributes.value(QLatin1String("width")).toString());
      figure.heightMm = millimetres(attributes.value(QLatin1String("height")).toString());
      const QStringList box = attributes.value(QLatin1String("viewBox")).toString().split(QLatin1Char(' '), Qt::SkipEmptyParts);
      if (box.size() == 4) figure.viewBox = QRectF(box[0].toDouble(), box[1].toDouble(), box[2].toDouble(), box[3].toDouble());
    } else if (xml.name() == QLatin1String("g")) {
      const QTransform own = parseMatrix(attributes.value(QLatin1String("transform")).toString());
      transforms.push(own * transforms.top());
    } else if (xml.name() == QLatin1String("text")) {
      QFont font(attributes.value(QLatin1String("font-family")).toString());
      font.setPixelSize(int(std::lround(attributes.value(QLatin1String("font-size")).toDouble())));
      font.setWeight(QFont::Weight(attributes.value(QLatin1String("font-weight")).toInt()));
      const QPointF at(attributes.value(QLatin1String("x")).toDouble(), attributes.value(QLatin1String("y")).toDouble());
      const QString text = xml.readElementText();
      if (text.trimmed().isEmpty()) continue;
      const QRectF ink = QFontMetricsF(font).tightBoundingRect(text).translated(at);
      figure.texts.push_back({text, transforms.top().map(QPolygonF(ink))});
    }
  }
  return figure;
}

double area(const QPolygonF& p) {
  double twice = 0;
  for (qsizetype i = 0; i < p.size(); ++i) {
    const QPointF a = p[i], b = p[(i + 1) % p.size()];
    twice += a.x() * b.y() - b.x() * a.y();
  }
  return std::abs(twice) / 2;
}

/// "PDF page 252 x 202 pt" from the MediaBox QPdfWriter writes.
QSizeF pdfPage(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  static const QRegularExpression box(QStringLiteral(R"(/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\])"));
  const auto m = box.match(QString::fromLatin1(file.readAll()));
  return m.hasMatch() ? QSizeF(m.captured(1).toDouble(), m.captured(2).toDouble()) : QSizeF();
}
} // namespace

class TestFigureLayout : public QObject {
  Q_OBJECT
  PresetLibrary mLibrary{{LLMWB_TEST_PRESETS}};

private slots:
  void paperSizesParse() {
    QCOMPARE(ui::parsePaperSize(QStringLiteral("column"))->widthMm, 89.0);
    QVERIFY(!ui::parsePaperSize(QStringLiteral("page"))->heightMm);
    const auto size = ui::parsePaperSize(QStringLiteral("120x80mm"));
    QVERIFY(size && size->widthMm == 120 && size->heightMm == 80.0);
    QString error;
    for (const char* bad : {"0x5mm", "banana", "120x80", "5000mm", "-3mm"}) {
      QVERIFY2(!ui::parsePaperSize(QString::fromLatin1(bad), &error), bad);
      QVERIFY2(error.contains(QLatin1String("column")) && error.contains(QLatin1String(bad)), qPrintable(error));
    }
    const auto physical = ui::FigureSize::fromMillimetres(89, 60, 300);
    QCOMPARE(physical.widthPx, 1051);
    QCOMPARE(physical.layoutWidth(), 252); // points
  }

  void exportDialogOffersPaperSizes() {
    ui::ExportDialog dialog(QStringLiteral("roofline"), nullptr, [](double widthMm) { return widthMm * 0.8; });
    QCOMPARE(dialog.paperCount(), 3); // custom, column, page
    dialog.choosePaper(1);
    QCOMPARE(dialog.size().dpi, ui::kPaperDpi);
    QCOMPARE(dialog.size().widthPx, 1051); // 89 mm at 300 dpi
    QCOMPARE(dialog.size().heightPx, int(std::lround(89 * 0.8 / 25.4 * 300)));
    dialog.choosePaper(2);
    QVERIFY(std::abs(dialog.size().widthMm() - ui::kPageWidthMm) < 0.1);
  }

  void figuresFitAtEverySize_data() {
    QTest::addColumn<QString>("project");
    QTest::addColumn<QString>("size"); // "column", "page", or pixels "WxH@dpi"
    for (const char* project : {"memexplorer-osworld", "duet-b200", "snake-decode", "npusim-large-64", "npusim-small-256"})
      for (const char* size : {"column", "page", "1050x700@300", "2100x1050@300", "1600x1000@150"})
        QTest::addRow("%s at %s", project, size) << QString::fromLatin1(project) << QString::fromLatin1(size);
  }
  void figuresFitAtEverySize() {
    QFETCH(QString, project);
    QFETCH(QString, size);
    const auto p = readProject(QStringLiteral(LLMWB_TEST_PRESETS "/projects/%1.llmwb").arg(project).toStdString(), mLibrary);
    const auto figures = ui::computeProjectFigures(p, mLibrary);
    QTemporaryDir dir;
    ui::FigureJob job;
    job.outDir = dir.path();
    if (const auto paper = ui::parsePaperSize(size)) {
      job.paper = *paper;
      job.size.dpi = ui::kPaperDpi;
    } else {
      const QStringList parts = size.split(QRegularExpression(QStringLiteral("[x@]")));
      job.size = {parts[0].toInt(), parts[1].toInt(), parts[2].toDouble()};
    }
    QStringList errors;
    ui::writeProjectFigures(figures, job, errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));

    const QStringList stems = ui::figureStems(figures, job);
    QVERIFY(stems.size() >= 4);
    for (const QString& stem : stems) {
      const QDir out(dir.path());
      // A paper's figure: its heading in NAME.caption.txt, not in the figure.
      QFile captionFile(out.filePath(stem + QStringLiteral(".caption.txt")));
      QCOMPARE(captionFile.exists(), job.paper.has_value());
      if (job.paper) {
        QVERIFY(captionFile.open(QIODevice::ReadOnly));
        const QString caption = QString::fromUtf8(captionFile.readAll()).trimmed();
        QVERIFY2(caption.size() > 10 && !caption.contains(QLatin1Char('\n')), qPrintable(stem + ": " + caption));
        const QString first = caption.section(QStringLiteral(". "), 0, 0);
        for (const auto& t : readSvg(out.filePath(stem + QStringLiteral(".svg"))).texts)
          QVERIFY2(!first.startsWith(t.text) || t.text.size() < 12, qPrintable(QStringLiteral("%1: the heading \"%2\" is in the figure").arg(stem, t.text)));
      }
      const QImage png(out.filePath(stem + QStringLiteral(".png")));
      const SvgFigure svg = readSvg(out.filePath(stem + QStringLiteral(".svg")));
      const QSizeF pdf = pdfPage(out.filePath(stem + QStringLiteral(".pdf")));
      QVERIFY2(!png.isNull() && !svg.viewBox.isEmpty() && !pdf.isEmpty(), qPrintable(stem));
      // One physical size: PNG pixels at its dpi, the PDF page in points, the SVG in mm.
      const double dpi = png.dotsPerMeterX() * 0.0254;
      const double pngWidthMm = png.width() / dpi * 25.4, pngHeightMm = png.height() / dpi * 25.4;
      if (job.paper) QVERIFY2(std::abs(pngWidthMm - job.paper->widthMm) < 0.2, qPrintable(stem));
      if (job.inColumn()) // a column's figure fits a column: at most 120 mm tall
        QVERIFY2(pngHeightMm <= ui::kColumnMaxHeightMm + 0.2, qPrintable(QStringLiteral("%1: %2 mm tall").arg(stem).arg(pngHeightMm)));
      for (auto [other, what] : {std::pair{QSizeF(svg.widthMm, svg.heightMm), "SVG"},
                                 std::pair{pdf / 72 * 25.4, "PDF"}})
        QVERIFY2(std::abs(other.width() - pngWidthMm) < 0.4 && std::abs(other.height() - pngHeightMm) < 0.4,
                 qPrintable(QStringLiteral("%1: %2 is %3 x %4 mm, the PNG %5 x %6 mm")
                                .arg(stem, QLatin1String(what))
                                .arg(other.width())
                                .arg(other.height())
                                .arg(pngWidthMm)
                                .arg(pngHeightMm)));
      // Every text on the canvas, none over another.
      QVERIFY2(!svg.texts.empty(), qPrintable(stem));
      const QRectF canvas = svg.viewBox.adjusted(-0.5, -0.5, 0.5, 0.5);
      for (std::size_t i = 0; i < svg.texts.size(); ++i) {
        const auto& a = svg.texts[i];
        QVERIFY2(canvas.contains(a.ink.boundingRect()),
                 qPrintable(QStringLiteral("%1 at %2: \"%3\" leaves the canvas").arg(stem, size, a.text)));
        for (std::size_t j = 0; j < i; ++j) {
          const auto& b = svg.texts[j];
          const double shared = area(a.ink.intersected(b.ink));
          QVERIFY2(shared <= 1.0, qPrintable(QStringLiteral("%1 at %2: \"%3\" overprints \"%4\" (%5 pt²)")
                                                 .arg(stem, size, a.text, b.text)
                                                 .arg(shared, 0, 'f', 1)));
        }
      }
    }
  }
};

QTEST_MAIN(TestFigureLayout)
#include "tst_figure_layout.moc"
