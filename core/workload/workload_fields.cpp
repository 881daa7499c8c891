// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/workload/workload_fields.h"

namespace llmwb {

const params::ParamTable<Workload>& workloadFields() {
  using S = Workload;
  static const params::ParamTable<S> table(
      "workload", {params::text<S>("name", &S::name).withLabel("Name").withDoc("display name (default: the preset id)"),
                   params::integer<S>("input_tokens", &S::inputTokens).withLabel("Input tokens").withUnit("tokens").isRequired()
                       .withDoc("prompt length"),
                   params::integer<S>("output_tokens", &S::outputTokens).withLabel("Output tokens").withUnit("tokens").isRequired()
                       .withDoc("generated tokens"),
                   params::text<S>("source", &S::source).withLabel("Source").withDoc("where the lengths come from")});
  return table;
}

} // namespace llmwb
