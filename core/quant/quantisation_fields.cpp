// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quant/quantisation_fields.h"

#include <functional>

namespace llmwb {

namespace {
using S = Quantisation;

std::vector<std::string> formatNames() {
  std::vector<std::string> out;
  for (const auto& f : builtinNumberFormats()) out.push_back(f.name);
  return out;
}

/// A format field by name; `assign` gets the looked-up format, unknown names fail at the key.
params::Field<S> format(const char* key, const char* label, const std::string& what,
                        std::function<std::string(const S&)> name, std::function<void(S&, const NumberFormat&)> assign) {
  params::Field<S> f;
  f.key = key;
  f.type = params::FieldType::Choice;
  f.choices = formatNames();
  f.label = label;
  f.doc = "number format of " + what;
  f.source = "MemExplorer Table 2/3 (W/A/KV); MX formats: OCP MX v1.0";
  f.defaultValue = std::string("BF16");
  f.get = [name](const S& q) { return params::FieldValue(name(q)); };
  f.set = [assign, k = f.key](S& q, const params::FieldValue& v) {
    const std::string& text = params::textOf(v, k);
    const NumberFormat* found = nullptr;
    try {
      found = &numberFormat(text);
    } catch (const std::invalid_argument& e) {
      throw params::FieldError(k, e.what());
    }
    assign(q, *found);
  };
  return f;
}

params::Field<S> tensor(const char* key, NumberFormat S::*member, const char* label, const char* what) {
  return format(key, label, what, [member](const S& q) { return (q.*member).name; },
                [member](S& q, const NumberFormat& f) { q.*member = f; });
}
} // namespace

const params::ParamTable<Quantisation>& quantisationFields() {
  static const params::ParamTable<S> table = [] {
    auto state = format("state", "State", "a recurrent layer's fixed state (Mamba-2, linear attention); absent: the KV cache's",
                        [](const S& q) { return q.state ? q.state->name : std::string(); },
                        [](S& q, const NumberFormat& f) { q.state = f; });
    state.present = [](const S& q) { return q.state.has_value(); };
    state.optional = true;
    return params::ParamTable<S>("quantisation",
                                 {tensor("weights", &S::weights, "Weights", "the weights"),
                                  tensor("activations", &S::activations, "Activations", "activations"),
                                  tensor("kv_cache", &S::kvCache, "KV cache", "the KV cache"), std::move(state)},
                                 false);
  }();
  return table;
}

} // namespace llmwb
