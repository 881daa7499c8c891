// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An enumeration's names, declared once: the name of each value (what writers write, results show
// and editors offer as choices) and the other spellings readers accept. toString, parse and the
// parameter tables' choice lists (params::choice) all come from the one table.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace llmwb {

template <class E>
struct EnumName {
  E value;
  std::string_view name;                   ///< the value's one name
  std::array<std::string_view, 2> also{};  ///< other spellings a reader accepts ("ws", "weight_stationary")
};

template <class E, std::size_t N>
class EnumNames {
public:
  constexpr explicit EnumNames(std::array<EnumName<E>, N> names) : mNames(names) {}

  /// The value's name; "?" for a value the table lacks.
  constexpr std::string_view toString(E value) const {
    for (const auto& n : mNames)
      if (n.value == value) return n.name;
    return "?";
  }
  /// The value a name or another spelling stands for; nothing for an unknown text.
  constexpr std::optional<E> parse(std::string_view text) const {
    for (const auto& n : mNames) {
      if (text == n.name) return n.value;
      for (const auto& a : n.also)
        if (!a.empty() && text == a) return n.value;
    }
    return std::nullopt;
  }
  /// Every name, in declaration order: an editor's choices.
  std::vector<std::string> choices() const {
    std::vector<std::string> out;
    for (const auto& n : mNames) out.emplace_back(n.name);
    return out;
  }

private:
  std::array<EnumName<E>, N> mNames;
};

} // namespace llmwb
