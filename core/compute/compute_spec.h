// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A device's compute: the name of its kind (core/compute/compute_kind.h) and that kind's
// parameters. Kinds are open: each lives in its own folder (plena/, gpu/, arrays/) and is
// registered once in core/compute/builtin/builtin_kinds.cpp; nothing outside the registry switches on kind names.

#include "core/compute/compute_unit.h"

#include <concepts>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace llmwb {

class ComputeKind;

/// A compute kind's parameter struct names its kind: `static constexpr const char* kKind = "plena";`
template <class T>
concept ComputeParameters = requires {
  { T::kKind } -> std::convertible_to<std::string_view>;
};

/// The registered kind called `name`; throws std::invalid_argument naming the known ones.
const ComputeKind& computeKind(std::string_view name);

namespace detail {
class ComputeParams {
public:
  virtual ~ComputeParams() = default;
  virtual std::unique_ptr<ComputeParams> clone() const = 0;
};
template <class T> class ComputeParamsOf final : public ComputeParams {
public:
  explicit ComputeParamsOf(T v) : value(std::move(v)) {}
  std::unique_ptr<ComputeParams> clone() const override { return std::make_unique<ComputeParamsOf>(value); }
  T value;
};
} // namespace detail

/// One kind's parameters, type-erased; typed access with `as<PlenaComputeSpec>()` (throws when the
/// kind differs) or `getIf<...>()` (nullptr). Any kind's parameter struct converts to it, so
/// `device.compute = PlenaComputeSpec{...}` works.
class ComputeSpec {
public:
  /// The first registered kind with its defaults.
  ComputeSpec();
  template <ComputeParameters T>
  ComputeSpec(T params) // NOLINT(google-explicit-constructor): a kind's parameters are a ComputeSpec
      : mKind(&computeKind(T::kKind)), mParams(std::make_unique<detail::ComputeParamsOf<T>>(std::move(params))) {}
  ComputeSpec(const ComputeSpec& other) : mKind(other.mKind), mParams(other.mParams ? other.mParams->clone() : nullptr) {}
  ComputeSpec(ComputeSpec&&) noexcept = default;
  ComputeSpec& operator=(const ComputeSpec& other) {
    if (this != &other) *this = ComputeSpec(other);
    return *this;
  }
  ComputeSpec& operator=(ComputeSpec&&) noexcept = default;

  const ComputeKind& kind() const { return *mKind; }
  const std::string& kindName() const;

  template <class T> const T* getIf() const {
    const auto* p = dynamic_cast<const detail::ComputeParamsOf<T>*>(mParams.get());
    return p ? &p->value : nullptr;
  }
  template <class T> T* getIf() {
    auto* p = dynamic_cast<detail::ComputeParamsOf<T>*>(mParams.get());
    return p ? &p->value : nullptr;
  }
  template <class T> bool is() const { return getIf<T>() != nullptr; }
  template <ComputeParameters T> const T& as() const {
    if (const T* p = getIf<T>()) return *p;
    throw std::invalid_argument(wrongKind(T::kKind));
  }
  template <ComputeParameters T> T& as() {
    if (T* p = getIf<T>()) return *p;
    throw std::invalid_argument(wrongKind(T::kKind));
  }

private:
  std::string wrongKind(std::string_view wanted) const;

  const ComputeKind* mKind;
  std::unique_ptr<detail::ComputeParams> mParams;
};

/// The kind's compute unit (how it turns operators into time).
std::unique_ptr<ComputeUnit> makeComputeUnit(const ComputeSpec& spec);
/// The kind's name, the `type` key of a compute block in presets: "plena", "gpu", "arrays", ...
std::string computeTypeName(const ComputeSpec& spec);
/// The engine (core/engine/engine_registry.h) that models this kind of compute unless the device
/// or system names one.
std::string defaultEngine(const ComputeSpec& spec);

} // namespace llmwb
