// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/common/format.h"

#include <QLocale>

#include <cmath>

namespace llmwb::ui {

QString formatNumber(double v, int significant) {
  if (!std::isfinite(v)) return QStringLiteral("–");
  // Thousands and above as whole numbers with separators ("2,980"), never in e-notation.
  if (std::abs(v) >= 1000) return QLocale().toString(v, 'f', 0);
  if (v != 0 && std::abs(v) < 1e-3) return QString::number(v, 'e', significant - 1);
  if (v == 0) return QStringLiteral("0");
  // Fixed significant digits, trailing zeros kept: "0.100" beside "0.0161", not "0.1".
  const int decimals = std::max(0, significant - 1 - int(std::floor(std::log10(std::abs(v)))));
  return QLocale().toString(v, 'f', decimals);
}

QString formatSeconds(Seconds s) {
  const double v = s.value();
  if (v >= 3600) return QStringLiteral("%1 h").arg(v / 3600, 0, 'f', 2);
  if (v >= 60) return QStringLiteral("%1 min").arg(v / 60, 0, 'f', 1);
  if (v >= 1) return QStringLiteral("%1 s").arg(v, 0, 'f', 2);
  if (v >= 1e-3) return QStringLiteral("%1 ms").arg(v * 1e3, 0, 'f', 2);
  if (v >= 1e-6) return QStringLiteral("%1 µs").arg(v * 1e6, 0, 'f', 1);
  return QStringLiteral("%1 ns").arg(v * 1e9, 0, 'f', v >= 1e-8 ? 0 : 1);
}

QString formatWatts(Watts w) { return QStringLiteral("%1 W").arg(w.value(), 0, 'f', 1); }

QString formatBytes(Bytes b) {
  const double gib = units::inGibibytes(b);
  if (gib >= 1) return QStringLiteral("%1 GiB").arg(gib, 0, 'f', 1);
  return QStringLiteral("%1 MiB").arg(b.value() / units::kMebi, 0, 'f', 1);
}

QString formatBandwidth(BytesPerSecond b) {
  const double tb = units::inTerabytesPerSecond(b);
  if (tb >= 1) return QStringLiteral("%1 TB/s").arg(tb, 0, 'f', 2);
  return QStringLiteral("%1 GB/s").arg(units::inGigabytesPerSecond(b), 0, 'f', 1);
}

QString formatFlops(FlopsPerSecond f) {
  const double t = units::inTeraflopsPerSecond(f);
  if (t >= 1000) return QStringLiteral("%1 PFLOP/s").arg(t / 1000, 0, 'f', 2);
  return QStringLiteral("%1 TFLOP/s").arg(t, 0, 'f', 1);
}

QString engineText(const std::string& message) {
  QString text = QString::fromStdString(message);
  text.replace(QLatin1String("mm^2"), QStringLiteral("mm²"));
  return text;
}

} // namespace llmwb::ui
