// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The system-level settings blocks of the engines (EngineSettings: the npusim engine's
// `parallelism`), held by the system without knowing their types: each block is keyed by its
// preset key and typed by the engine folder that owns it, so an engine with settings of its own
// (one in a test or a plug-in included) adds no member to SystemSpec. Copies share a block until one
// of them changes it (copy on write): systems are copied on every evaluation and design point.

#include <map>
#include <memory>
#include <string>
#include <string_view>

namespace llmwb {

class SettingsBlocks {
public:
  /// The block `key` when it holds a T; nullptr otherwise.
  template <class T>
  const T* find(std::string_view key) const {
    const auto it = mBlocks.find(key);
    const auto* held = it == mBlocks.end() ? nullptr : dynamic_cast<const Held<T>*>(it->second.get());
    return held ? &held->value : nullptr;
  }
  /// The same, to change: this system's own copy of the block.
  template <class T>
  T* find(std::string_view key) {
    const auto it = mBlocks.find(key);
    if (it == mBlocks.end() || !dynamic_cast<const Held<T>*>(it->second.get())) return nullptr;
    if (it->second.use_count() > 1) it->second = it->second->clone();
    return &static_cast<Held<T>*>(it->second.get())->value;
  }
  /// The block `key`, added with T's defaults when absent (or holding another type).
  template <class T>
  T& ensure(std::string_view key) {
    if (T* t = find<T>(key)) return *t;
    auto held = std::make_shared<Held<T>>(T{});
    T& value = held->value;
    mBlocks.insert_or_assign(std::string(key), std::move(held));
    return value;
  }
  bool has(std::string_view key) const { return mBlocks.find(key) != mBlocks.end(); }
  void erase(std::string_view key) {
    if (const auto it = mBlocks.find(key); it != mBlocks.end()) mBlocks.erase(it);
  }

private:
  struct Block {
    virtual ~Block() = default;
    virtual std::shared_ptr<Block> clone() const = 0;
  };
  template <class T>
  struct Held final : Block {
    explicit Held(T v) : value(std::move(v)) {}
    std::shared_ptr<Block> clone() const override { return std::make_shared<Held>(value); }
    T value;
  };
  std::map<std::string, std::shared_ptr<Block>, std::less<>> mBlocks;
};

} // namespace llmwb
