// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// <string> before <compare>: Qt 6.4's moc, which reads the headers of the widgets that include this
// one, cannot parse <compare> (it pulls in <concepts>) when that is the first standard header it meets.
#include <string>

#include <compare>

namespace llmwb {

/// A physical quantity whose dimension is part of its type, so that adding bytes to seconds or
/// passing a bandwidth where an energy is expected does not compile.
/// Dimensions: byte, second, joule, millimetre, floating-point operation (FLOP; one MAC = 2 FLOP).
/// The value is stored in SI base units (B, s, J, mm, FLOP); use the factories below to build
/// one from other units and the accessors in units/format.h to print it.
template <int Byte, int Second, int Joule, int Millimeter, int Flop>
class Quantity {
public:
  constexpr Quantity() = default;
  constexpr explicit Quantity(double value) : mValue(value) {}

  constexpr double value() const { return mValue; }

  constexpr Quantity operator+(Quantity o) const { return Quantity(mValue + o.mValue); }
  constexpr Quantity operator-(Quantity o) const { return Quantity(mValue - o.mValue); }
  constexpr Quantity operator-() const { return Quantity(-mValue); }
  constexpr Quantity& operator+=(Quantity o) { mValue += o.mValue; return *this; }
  constexpr Quantity& operator-=(Quantity o) { mValue -= o.mValue; return *this; }
  constexpr Quantity operator*(double k) const { return Quantity(mValue * k); }
  constexpr Quantity operator/(double k) const { return Quantity(mValue / k); }
  constexpr Quantity& operator*=(double k) { mValue *= k; return *this; }
  friend constexpr Quantity operator*(double k, Quantity q) { return Quantity(k * q.mValue); }
  friend constexpr auto operator<=>(Quantity, Quantity) = default;

private:
  double mValue = 0.0;
};

template <int B1, int S1, int J1, int M1, int F1, int B2, int S2, int J2, int M2, int F2>
constexpr auto operator*(Quantity<B1, S1, J1, M1, F1> a, Quantity<B2, S2, J2, M2, F2> b) {
  if constexpr (B1 + B2 == 0 && S1 + S2 == 0 && J1 + J2 == 0 && M1 + M2 == 0 && F1 + F2 == 0)
    return a.value() * b.value();
  else
    return Quantity<B1 + B2, S1 + S2, J1 + J2, M1 + M2, F1 + F2>(a.value() * b.value());
}

template <int B1, int S1, int J1, int M1, int F1, int B2, int S2, int J2, int M2, int F2>
constexpr auto operator/(Quantity<B1, S1, J1, M1, F1> a, Quantity<B2, S2, J2, M2, F2> b) {
  if constexpr (B1 == B2 && S1 == S2 && J1 == J2 && M1 == M2 && F1 == F2)
    return a.value() / b.value();
  else
    return Quantity<B1 - B2, S1 - S2, J1 - J2, M1 - M2, F1 - F2>(a.value() / b.value());
}

template <int B, int S, int J, int M, int F>
constexpr auto operator/(double k, Quantity<B, S, J, M, F> q) {
  return Quantity<-B, -S, -J, -M, -F>(k / q.value());
}

using Bytes = Quantity<1, 0, 0, 0, 0>;
using Seconds = Quantity<0, 1, 0, 0, 0>;
using Hertz = Quantity<0, -1, 0, 0, 0>;
using BytesPerSecond = Quantity<1, -1, 0, 0, 0>;
using Joules = Quantity<0, 0, 1, 0, 0>;
using Watts = Quantity<0, -1, 1, 0, 0>;
using JoulesPerByte = Quantity<-1, 0, 1, 0, 0>;
using WattsPerByte = Quantity<-1, -1, 1, 0, 0>;
using Millimeters = Quantity<0, 0, 0, 1, 0>;
using SquareMillimeters = Quantity<0, 0, 0, 2, 0>;
using Flops = Quantity<0, 0, 0, 0, 1>;
using FlopsPerSecond = Quantity<0, -1, 0, 0, 1>;
using FlopsPerByte = Quantity<-1, 0, 0, 0, 1>;
using JoulesPerFlop = Quantity<0, 0, 1, 0, -1>;

namespace units {
inline constexpr double kKibi = 1024.0;
inline constexpr double kMebi = 1024.0 * 1024.0;
inline constexpr double kGibi = 1024.0 * 1024.0 * 1024.0;
inline constexpr double kBitsPerByte = 8.0;

constexpr Bytes bytes(double v) { return Bytes(v); }
constexpr Bytes kibibytes(double v) { return Bytes(v * kKibi); }
constexpr Bytes mebibytes(double v) { return Bytes(v * kMebi); }
constexpr Bytes gibibytes(double v) { return Bytes(v * kGibi); }
constexpr Bytes gigabytes(double v) { return Bytes(v * 1e9); }
constexpr Bytes bits(double v) { return Bytes(v / kBitsPerByte); }

constexpr Seconds seconds(double v) { return Seconds(v); }
constexpr Seconds milliseconds(double v) { return Seconds(v * 1e-3); }
constexpr Seconds microseconds(double v) { return Seconds(v * 1e-6); }
constexpr Seconds nanoseconds(double v) { return Seconds(v * 1e-9); }

constexpr Hertz hertz(double v) { return Hertz(v); }
constexpr Hertz megahertz(double v) { return Hertz(v * 1e6); }
constexpr Hertz gigahertz(double v) { return Hertz(v * 1e9); }

constexpr BytesPerSecond bytesPerSecond(double v) { return BytesPerSecond(v); }
constexpr BytesPerSecond gigabytesPerSecond(double v) { return BytesPerSecond(v * 1e9); }
constexpr BytesPerSecond terabytesPerSecond(double v) { return BytesPerSecond(v * 1e12); }

constexpr Joules joules(double v) { return Joules(v); }
constexpr Watts watts(double v) { return Watts(v); }
constexpr Watts milliwatts(double v) { return Watts(v * 1e-3); }
constexpr JoulesPerByte picojoulesPerBit(double v) { return JoulesPerByte(v * 1e-12 * kBitsPerByte); }
/// Background power per unit of capacity; MemExplorer Table 1 quotes mW per GB, where its GB are the
/// binary GB of DRAM densities (a "24 GB" HBM3E stack is 8 x 24 Gbit = 24 GiB).
constexpr WattsPerByte milliwattsPerGibibyte(double v) { return WattsPerByte(v * 1e-3 / kGibi); }

constexpr Millimeters millimeters(double v) { return Millimeters(v); }
constexpr SquareMillimeters squareMillimeters(double v) { return SquareMillimeters(v); }

constexpr Flops flops(double v) { return Flops(v); }
/// One multiply-accumulate counts as two floating-point operations everywhere in the workbench.
constexpr Flops macs(double v) { return Flops(2.0 * v); }
constexpr FlopsPerSecond flopsPerSecond(double v) { return FlopsPerSecond(v); }
constexpr FlopsPerSecond macsPerSecond(double v) { return FlopsPerSecond(2.0 * v); }
constexpr FlopsPerSecond teraflopsPerSecond(double v) { return FlopsPerSecond(v * 1e12); }

// Accessors in conventional units, for printing and for JSON keys that name their unit.
constexpr double inGibibytes(Bytes b) { return b.value() / kGibi; }
constexpr double inMebibytes(Bytes b) { return b.value() / kMebi; }
constexpr double inGigabytes(Bytes b) { return b.value() / 1e9; }
constexpr double inGigabytesPerSecond(BytesPerSecond b) { return b.value() / 1e9; }
constexpr double inTerabytesPerSecond(BytesPerSecond b) { return b.value() / 1e12; }
constexpr double inMilliseconds(Seconds s) { return s.value() * 1e3; }
constexpr double inNanoseconds(Seconds s) { return s.value() * 1e9; }
constexpr double inMicroseconds(Seconds s) { return s.value() * 1e6; }
constexpr double inWatts(Watts w) { return w.value(); }
constexpr double inMillimeters(Millimeters l) { return l.value(); }
constexpr double inSquareMillimeters(SquareMillimeters a) { return a.value(); }
constexpr double inPicojoulesPerBit(JoulesPerByte e) { return e.value() / (1e-12 * kBitsPerByte); }
constexpr double inMilliwattsPerGibibyte(WattsPerByte p) { return p.value() * kGibi * 1e3; }
constexpr double inMegahertz(Hertz f) { return f.value() / 1e6; }
constexpr double inMacsPerSecond(FlopsPerSecond f) { return f.value() / 2.0; }
constexpr double inTeraflopsPerSecond(FlopsPerSecond f) { return f.value() / 1e12; }
} // namespace units

} // namespace llmwb
