// SPDX-License-Identifier: GPL-3.0-or-later
// Exported files are what their names say: PNG at the size asked, PDF, SVG that parses, CSV and
// JSON with the plot's table.
#include "core/io/preset_library.h"
#include "core/engine/evaluate.h"
#include "widgets/plots/figure_export.h"
#include "widgets/plots/roofline_plot.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace llmwb;

namespace {
QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestFigureExport : public QObject {
  Q_OBJECT
  QTemporaryDir mDir;
  ui::RooflinePlot mPlot;

private slots:
  void initTestCase() {
    QVERIFY(mDir.isValid());
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto s = lib.system("memexplorer/p1d1");
    const auto m = lib.model("llama-3.3-70b");
    const auto w = lib.workload("osworld");
    mPlot.setData(ui::rooflineData(s, m, w, evaluate(s, m, w)));
  }

  void pngAtTheRequestedSize_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::addColumn<double>("dpi");
    QTest::newRow("screen") << 1600 << 1000 << 96.0;
    QTest::newRow("print, odd size") << 1237 << 811 << 300.0;
    QTest::newRow("low dpi") << 640 << 480 << 72.0;
  }
  void pngAtTheRequestedSize() {
    QFETCH(int, width);
    QFETCH(int, height);
    QFETCH(double, dpi);
    const QString path = mDir.filePath(QStringLiteral("roofline-%1.png").arg(width));
    QString error;
    QVERIFY2(ui::exportFigure(mPlot, path, ui::FigureFormat::Png, width, height, dpi, &error), qPrintable(error));
    QVERIFY(readAll(path).startsWith(QByteArray("\x89PNG\r\n\x1a\n", 8)));
    const QImage image(path);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(width, height));
    QVERIFY(std::abs(image.dotsPerMeterX() * 0.0254 - dpi) < 1);
    // Not blank: the plot drew lines and text in more than a couple of colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
      for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 10);
  }

  void pdfIsAPdf() {
    const QString path = mDir.filePath(QStringLiteral("roofline.pdf"));
    QString error;
    QVERIFY2(ui::exportFigure(mPlot, path, ui::FigureFormat::Pdf, 1600, 1000, 150, &error), qPrintable(error));
    const QByteArray bytes = readAll(path);
    QVERIFY(bytes.startsWith("%PDF-"));
    QVERIFY2(bytes.size() > 10000, qPrintable(QString::number(bytes.size())));
    QVERIFY(bytes.trimmed().endsWith("%%EOF"));
  }

  void svgParsesWithAnSvgRoot() {
    const QString path = mDir.filePath(QStringLiteral("roofline.svg"));
    QString error;
    QVERIFY2(ui::exportFigure(mPlot, path, ui::FigureFormat::Svg, 1600, 1000, 150, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QVERIFY(xml.readNextStartElement());
    QCOMPARE(xml.name().toString(), QStringLiteral("svg"));
    int elements = 0;
    bool label = false;
    while (!xml.atEnd()) {
      xml.readNext();
      if (xml.isStartElement()) ++elements;
      if (xml.isCharacters() && xml.text().contains(QLatin1String("FLOP/s"))) label = true;
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(elements > 100);
    QVERIFY(label); // axis text is text, not paths
  }

  void csvAndJsonHoldTheTable() {
    const auto table = mPlot.table();
    const QString csv = mDir.filePath(QStringLiteral("roofline.csv"));
    const QString json = mDir.filePath(QStringLiteral("roofline.json"));
    QVERIFY(ui::exportData(table, csv, ui::DataFormat::Csv));
    QVERIFY(ui::exportData(table, json, ui::DataFormat::Json));
    const QStringList lines = QString::fromUtf8(readAll(csv)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.first(), table.columns.join(QLatin1Char(',')));
    QCOMPARE(lines.size(), table.rows.size() + 1);
    QVERIFY(lines.first().contains(QLatin1String("achieved_flops_per_s")));
    const auto doc = QJsonDocument::fromJson(readAll(json));
    QVERIFY(doc.isObject());
    const auto rows = doc.object().value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), table.rows.size());
    QVERIFY(rows.last().toObject().value(QStringLiteral("flops")).toDouble() > 0);
  }

  void badPathsSayWhy() {
    QString error;
    const QString path = mDir.filePath(QStringLiteral("no/such/folder/roofline.png"));
    QVERIFY(!ui::exportFigure(mPlot, path, ui::FigureFormat::Png, 800, 600, 96, &error));
    QVERIFY2(error.contains(QLatin1String("does not exist")), qPrintable(error));
    QVERIFY(!ui::exportData(mPlot.table(), path, ui::DataFormat::Csv, &error));
    QVERIFY(!ui::exportFigure(mPlot, mDir.filePath(QStringLiteral("zero.png")), ui::FigureFormat::Png, 0, 600, 96, &error));
    QVERIFY2(error.contains(QLatin1String("positive")), qPrintable(error));
  }
};

QTEST_MAIN(TestFigureExport)
#include "tst_figure_export.moc"
