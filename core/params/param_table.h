// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Each spec field declared once: its preset key (with the unit in it), type, unit, range, doc and
// source, and how to get and set it on the spec struct. The preset readers and writers
// (core/io), the inspector (widgets/inspector), the design-space bindings (core/dse) and the
// reference in docs/preset-format.md are all made from these tables. Defaults are the struct's own
// member initialisers, read once from a default-constructed spec.

#include "core/registry/enum_names.h"
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace llmwb::params {

/// Boolean fields carry 0 or 1 as their number and read and write JSON true/false.
enum class FieldType { Integer, Real, Choice, Text, Boolean };

/// A field's value as it crosses a table: numbers in the field's preset unit, names as text.
using FieldValue = std::variant<double, std::string>;

/// Allowed values of a number: [min, max], or (min, max] when `minExclusive`. Physical limits with
/// generous margins; the reader rejects what is outside them.
struct Range {
  double min = 0;
  double max = std::numeric_limits<double>::max();
  bool minExclusive = false;
};

/// A whole-number field may accept one name for a special value ("fill": as many as fit).
struct SpecialValue {
  std::string name;
  int value = 0;
  std::string meaning;
};

/// A value that does not suit a field, or specs whose fields disagree (MLEN % BLEN). Readers turn
/// it into an InputError naming the file and `key`; the inspector refuses the edit.
class FieldError : public std::invalid_argument {
public:
  FieldError(std::string key, const std::string& message) : std::invalid_argument(message), mKey(std::move(key)) {}
  const std::string& key() const { return mKey; }

private:
  std::string mKey;
};

/// What a field is, without the spec type: enough to document it and build an editor for it.
struct FieldInfo {
  std::string key;   ///< preset key, unit suffix included: "frequency_MHz"
  FieldType type = FieldType::Real;
  std::string unit;  ///< "MHz", "GB/s"; "fraction" for shares in [0, 1]; "" for plain counts
  std::string label; ///< short name for editors: "MLEN", "Frequency"
  Range range;
  std::vector<std::string> choices; ///< Choice fields
  std::optional<SpecialValue> special;
  bool required = false;  ///< the preset must give it; otherwise the default applies
  bool optional = false;  ///< may be absent from the spec (written only when present)
  std::string doc;
  std::string source;     ///< where the default or the model behind it comes from
  FieldValue defaultValue;
};

/// A field of `Spec`: FieldInfo plus typed access.
template <class Spec> struct Field : FieldInfo {
  std::function<FieldValue(const Spec&)> get;
  /// Throws FieldError when the value does not suit the spec (not when it is out of range:
  /// checkValue() does that for every caller).
  std::function<void(Spec&, const FieldValue&)> set;
  /// False when the field does not exist in this spec (an optional block, an unset datasheet TDP).
  std::function<bool(const Spec&)> present = [](const Spec&) { return true; };

  Field&& withLabel(std::string v) && { label = std::move(v); return std::move(*this); }
  Field&& withUnit(std::string v) && { unit = std::move(v); return std::move(*this); }
  Field&& withRange(double lo, double hi, bool loExclusive = false) && {
    range = {lo, hi, loExclusive};
    return std::move(*this);
  }
  Field&& withDoc(std::string v) && { doc = std::move(v); return std::move(*this); }
  Field&& withSource(std::string v) && { source = std::move(v); return std::move(*this); }
  Field&& isRequired() && { required = true; return std::move(*this); }
  Field&& withSpecial(SpecialValue v) && { special = std::move(v); return std::move(*this); }
  Field&& onlyWhen(std::function<bool(const Spec&)> p) && {
    present = std::move(p);
    optional = true;
    return std::move(*this);
  }
  /// Replaces the setter, keeping the plain one available to the new setter.
  Field&& withSetter(std::function<void(Spec&, const FieldValue&)> s) && { set = std::move(s); return std::move(*this); }
};

/// The fields of one spec struct, in preset order. `name` titles its reference section.
template <class Spec> class ParamTable {
public:
  ParamTable() = default;
  /// Reads each field's default from a default-constructed `Spec` unless `readDefaults` is false
  /// (lifted tables keep the defaults of the struct they reach into).
  ParamTable(std::string name, std::vector<Field<Spec>> fields, bool readDefaults = true)
      : mName(std::move(name)), mFields(std::move(fields)) {
    if (!readDefaults) return;
    const Spec defaults{};
    for (auto& f : mFields)
      if (f.present(defaults)) f.defaultValue = f.get(defaults);
  }

  const std::string& name() const { return mName; }
  const std::vector<Field<Spec>>& fields() const { return mFields; }
  const Field<Spec>* find(const std::string& key) const {
    for (const auto& f : mFields)
      if (f.key == key) return &f;
    return nullptr;
  }
  std::vector<std::string> keys() const {
    std::vector<std::string> out;
    for (const auto& f : mFields) out.push_back(f.key);
    return out;
  }
  /// Appends another table's fields (one reference section, one editor section).
  void append(const ParamTable& other) { mFields.insert(mFields.end(), other.mFields.begin(), other.mFields.end()); }

private:
  std::string mName;
  std::vector<Field<Spec>> mFields;
};

/// The number in a value, or a FieldError naming `key`.
double numberOf(const FieldValue& v, const std::string& key);
/// The text in a value, or a FieldError naming `key`.
const std::string& textOf(const FieldValue& v, const std::string& key);
/// Checks a value against a field's type, range and choices; returns it (a whole number for
/// Integer fields). Throws FieldError saying what the field takes.
FieldValue checkValue(const FieldInfo& field, const FieldValue& value);
/// "2048", "0.7", "WS": a value as the reference and messages show it.
std::string valueText(const FieldInfo& field, const FieldValue& value);
/// A number in six significant digits, for messages.
std::string numberText(double v);
/// "\"a\", \"b\" or \"c\"", for messages.
std::string quotedList(const std::vector<std::string>& names);

// ---- Making fields ---------------------------------------------------------------------------

/// A whole-number member.
template <class Spec, class Int>
Field<Spec> integer(std::string key, Int Spec::*member) {
  Field<Spec> f;
  f.key = std::move(key);
  f.type = FieldType::Integer;
  f.range = {1, 1e9};
  f.get = [member](const Spec& s) { return FieldValue(double(s.*member)); };
  f.set = [member, k = f.key](Spec& s, const FieldValue& v) { s.*member = Int(numberOf(v, k)); };
  return f;
}

/// A true/false member (1 or 0 as a FieldValue).
template <class Spec> Field<Spec> flag(std::string key, bool Spec::*member) {
  Field<Spec> f;
  f.key = std::move(key);
  f.type = FieldType::Boolean;
  f.range = {0, 1};
  f.get = [member](const Spec& s) { return FieldValue(s.*member ? 1.0 : 0.0); };
  f.set = [member, k = f.key](Spec& s, const FieldValue& v) { s.*member = numberOf(v, k) != 0; };
  return f;
}

/// A plain real member (a share, a factor).
template <class Spec> Field<Spec> real(std::string key, double Spec::*member) {
  Field<Spec> f;
  f.key = std::move(key);
  f.type = FieldType::Real;
  f.get = [member](const Spec& s) { return FieldValue(s.*member); };
  f.set = [member, k = f.key](Spec& s, const FieldValue& v) { s.*member = numberOf(v, k); };
  return f;
}

/// A share in [0, 1].
template <class Spec> Field<Spec> fraction(std::string key, double Spec::*member) {
  return real<Spec>(std::move(key), member).withUnit("fraction").withRange(0, 1);
}

/// A unit-typed member converted from and to the preset unit by the units functions
/// (units::megahertz / units::inMegahertz), so reading gives exactly the value it always did.
template <class Spec, class Q>
Field<Spec> quantity(std::string key, Q Spec::*member, Q (*from)(double), double (*to)(Q)) {
  Field<Spec> f;
  f.key = std::move(key);
  f.type = FieldType::Real;
  f.range = {0, 1e15, true};
  f.get = [member, to](const Spec& s) { return FieldValue(to(s.*member)); };
  f.set = [member, from, k = f.key](Spec& s, const FieldValue& v) { s.*member = from(numberOf(v, k)); };
  return f;
}

/// An optional unit-typed member (present only when set).
template <class Spec, class Q>
Field<Spec> optionalQuantity(std::string key, std::optional<Q> Spec::*member, Q (*from)(double), double (*to)(Q)) {
  Field<Spec> f;
  f.key = std::move(key);
  f.type = FieldType::Real;
  f.range = {0, 1e15, true};
  f.optional = true;
  f.get = [member, to](const Spec& s) { return FieldValue((s.*member) ? to(*(s.*member)) : 0.0); };
  f.set = [member, from, k = f.key](Spec& s, const FieldValue& v) { s.*member = from(numberOf(v, k)); };
  f.present = [member](const Spec& s) { return (s.*member).has_value(); };
  return f;
}

/// A member of an enumeration whose names are declared once (core/registry/enum_names.h).
template <class Spec, class E, std::size_t N>
Field<Spec> choice(std::string key, E Spec::*member, const EnumNames<E, N>& names) {
  return choice<Spec>(std::move(key), member, names.choices(), [names](E v) { return names.toString(v); },
                      [names](std::string_view t) { return names.parse(t); });
}

/// A member of an enumeration with its names (toString / parse pairs).
template <class Spec, class E, class ToText, class Parse>
Field<Spec> choice(std::string key, E Spec::*member, std::vector<std::string> choices, ToText toText, Parse parse) {
  Field<Spec> f;
  f.key = std::move(key);
  f.type = FieldType::Choice;
  f.choices = std::move(choices);
  f.get = [member, toText](const Spec& s) { return FieldValue(std::string(toText(s.*member))); };
  f.set = [member, parse, k = f.key](Spec& s, const FieldValue& v) {
    const auto parsed = parse(textOf(v, k));
    if (!parsed) throw FieldError(k, "unknown value \"" + textOf(v, k) + "\"");
    s.*member = *parsed;
  };
  return f;
}

/// A text member.
template <class Spec> Field<Spec> text(std::string key, std::string Spec::*member) {
  Field<Spec> f;
  f.key = std::move(key);
  f.type = FieldType::Text;
  f.get = [member](const Spec& s) { return FieldValue(s.*member); };
  f.set = [member, k = f.key](Spec& s, const FieldValue& v) { s.*member = textOf(v, k); };
  return f;
}

/// The fields of `Inner`, reached from `Outer` through `at` (nullptr: not there), keys prefixed
/// with `prefix` ("systolic."). `missing` says why a set fails when the inner spec is absent.
/// `constView` (optional) reaches it from a const Outer for reading, where `at` may change what it
/// reaches (a copy-on-write store); without it reads go through `at`.
template <class Outer, class Inner>
ParamTable<Outer> lift(const ParamTable<Inner>& inner, const std::string& prefix, std::function<Inner*(Outer&)> at,
                       std::function<std::string(const Outer&)> missing,
                       std::function<const Inner*(const Outer&)> constView = {}) {
  std::vector<Field<Outer>> out;
  for (const auto& f : inner.fields()) {
    Field<Outer> g;
    static_cast<FieldInfo&>(g) = f;
    g.key = prefix + f.key;
    auto view = [at, constView](const Outer& o) -> const Inner* { return constView ? constView(o) : at(const_cast<Outer&>(o)); };
    g.get = [view, get = f.get](const Outer& o) {
      const Inner* i = view(o);
      return i ? get(*i) : FieldValue(0.0);
    };
    g.set = [at, missing, set = f.set, key = g.key](Outer& o, const FieldValue& v) {
      Inner* i = at(o);
      if (!i) throw FieldError(key, missing(o));
      set(*i, v);
    };
    g.present = [view, present = f.present](const Outer& o) {
      const Inner* i = view(o);
      return i && present(*i);
    };
    out.push_back(std::move(g));
  }
  return ParamTable<Outer>(inner.name(), std::move(out), false);
}

} // namespace llmwb::params

namespace llmwb::params {

/// A table's fields without the spec type.
template <class Spec> std::vector<FieldInfo> infos(const ParamTable<Spec>& table) {
  return std::vector<FieldInfo>(table.fields().begin(), table.fields().end());
}

/// A Markdown reference table of fields: key, type, unit, default, range, meaning and source.
std::string markdownTable(const std::vector<FieldInfo>& fields);

} // namespace llmwb::params
