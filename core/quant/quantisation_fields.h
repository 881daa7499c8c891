// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/params/param_table.h"
#include "core/quant/number_format.h"

namespace llmwb {

/// A device's `quantisation` block: the number format of weights, activations, KV cache and
/// (optional) recurrent state, each one of builtinNumberFormats() by name.
const params::ParamTable<Quantisation>& quantisationFields();

} // namespace llmwb
