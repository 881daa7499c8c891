// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A compute kind, described once: its name (the preset `type`), its parameter table (preset keys,
// units, defaults, ranges, docs), how it reads and writes its preset block, its compute unit, its
// power and the engine that models it. Kinds register in core/compute/builtin/builtin_kinds.cpp, one line each.

#include "core/compute/compute_spec.h"
#include "core/memory/hierarchy.h"
#include "core/params/param_io.h"
#include "core/units/quantity.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llmwb {

class ComputeKind {
public:
  ComputeKind(std::string name, std::string title, std::string defaultEngine)
      : mName(std::move(name)), mTitle(std::move(title)), mDefaultEngine(std::move(defaultEngine)) {}
  virtual ~ComputeKind() = default;

  const std::string& name() const { return mName; }   ///< "plena": the preset `type`
  const std::string& title() const { return mTitle; } ///< "PLENA-style NPU"
  const std::string& defaultEngine() const { return mDefaultEngine; }

  virtual ComputeSpec defaults() const = 0;
  /// The fields editors and the design space may set, keys as in the preset block
  /// ("mlen", "systolic.count"), values in the keys' units.
  virtual const params::ParamTable<ComputeSpec>& fields() const = 0;
  /// The preset block (its `type` already matched) into a spec.
  virtual ComputeSpec read(const params::ParamReader& r) const = 0;
  /// The spec back into a preset block, without `type`.
  virtual void write(const ComputeSpec& spec, params::ParamWriter& w) const = 0;
  /// Throws params::FieldError when fields disagree with each other (PLENA: MLEN % BLEN).
  virtual void check(const ComputeSpec& spec) const = 0;
  /// The kind's section of the preset reference (Markdown tables).
  virtual std::string reference() const = 0;

  virtual std::unique_ptr<ComputeUnit> makeUnit(const ComputeSpec& spec) const = 0;
  /// Peak compute power with every unit busy, from the kind's power model; nothing when the
  /// device's datasheet TDP sets it (GPUs).
  virtual std::optional<Watts> peakPower(const ComputeSpec& spec) const = 0;
  /// Share of the compute peak spent on the matrix datapath (the rest on the vector datapath).
  virtual double matrixPowerShare(const ComputeSpec&) const { return 1.0; }
  /// A device of this kind must give its datasheet `tdp_W`.
  virtual bool needsDatasheetTdp() const { return false; }
  /// Silicon area of the compute (logic die) when the kind models it; nothing otherwise.
  virtual std::optional<SquareMillimeters> area(const ComputeSpec&) const { return std::nullopt; }
  /// The memory of a device of this kind when the kind's own fields set it (an NpuSim chip: each
  /// core's SRAM and HBM, times the cores), so that every engine and view sees one memory; nothing
  /// when the device's hierarchy is its own. `declared` (the device's hierarchy) lends its
  /// technologies' per-bit and background energies.
  virtual std::optional<MemoryHierarchy> derivedMemory(const ComputeSpec&, const MemoryHierarchy& declared) const {
    (void)declared;
    return std::nullopt;
  }
  /// Why derivedMemory() sets the memory and where to edit it instead (editors show it on the locked
  /// hierarchy); empty when the kind derives none.
  virtual std::string derivedMemoryReason() const { return {}; }

private:
  std::string mName, mTitle, mDefaultEngine;
};

/// The usual way to write a kind: a parameter struct `T` and its table; override what differs.
template <ComputeParameters T> class ComputeKindOf : public ComputeKind {
public:
  ComputeKindOf(std::string title, std::string defaultEngine, params::ParamTable<T> table)
      : ComputeKind(T::kKind, std::move(title), std::move(defaultEngine)), mTable(std::move(table)),
        mFields(params::lift<ComputeSpec, T>(
            mTable, "", [](ComputeSpec& s) { return s.getIf<T>(); },
            [](const ComputeSpec& s) { return "the compute unit is \"" + s.kindName() + "\", not \"" + T::kKind + "\""; })) {}

  const params::ParamTable<T>& table() const { return mTable; }

  ComputeSpec defaults() const override { return ComputeSpec(T{}); }
  const params::ParamTable<ComputeSpec>& fields() const override { return mFields; }
  ComputeSpec read(const params::ParamReader& r) const override {
    T spec{};
    readInto(r, spec);
    try {
      checkParams(spec);
    } catch (const params::FieldError& e) {
      r.fail(e.key(), e.what());
    }
    return ComputeSpec(std::move(spec));
  }
  void write(const ComputeSpec& spec, params::ParamWriter& w) const override { writeFrom(spec.as<T>(), w); }
  void check(const ComputeSpec& spec) const override { checkParams(spec.as<T>()); }
  std::string reference() const override {
    return "### compute `\"type\": \"" + name() + "\"` — " + title() + "\n\n" + params::markdownTable(params::infos(mTable));
  }
  std::unique_ptr<ComputeUnit> makeUnit(const ComputeSpec& spec) const override { return make(spec.as<T>()); }
  std::optional<Watts> peakPower(const ComputeSpec& spec) const override { return power(spec.as<T>()); }
  double matrixPowerShare(const ComputeSpec& spec) const override { return matrixShare(spec.as<T>()); }

protected:
  virtual std::unique_ptr<ComputeUnit> make(const T& spec) const = 0;
  virtual std::optional<Watts> power(const T& spec) const = 0;
  virtual double matrixShare(const T&) const { return 1.0; }
  virtual void checkParams(const T&) const {}
  /// Default: every field of the table, flat in the block.
  virtual void readInto(const params::ParamReader& r, T& spec) const {
    r.allowOnly(params::keysWith(mTable, {"type", "note"}));
    params::readFields(mTable, r, spec);
  }
  virtual void writeFrom(const T& spec, params::ParamWriter& w) const { params::writeFields(mTable, spec, w); }

private:
  params::ParamTable<T> mTable;
  params::ParamTable<ComputeSpec> mFields;
};

class ComputeKindRegistry {
public:
  void add(std::unique_ptr<ComputeKind> kind);
  const ComputeKind* find(std::string_view name) const;
  /// In registration order; the first is the default kind.
  std::vector<const ComputeKind*> kinds() const;
  /// "\"plena\", \"gpu\" or \"arrays\"", for messages.
  std::string names() const;

private:
  std::vector<std::unique_ptr<ComputeKind>> mKinds;
};

/// Adds the workbench's kinds (core/compute/builtin/builtin_kinds.cpp).
void registerBuiltinComputeKinds(ComputeKindRegistry& registry);
/// A registry holding registerBuiltinComputeKinds(), made once.
const ComputeKindRegistry& computeKinds();

} // namespace llmwb
