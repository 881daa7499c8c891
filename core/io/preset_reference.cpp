// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/preset_reference.h"

#include "core/compute/arrays/array_fields.h"
#include "core/compute/compute_kind.h"
#include "core/device/device_fields.h"
#include "core/memory/memory_technology_fields.h"
#include "core/memory/shoreline_fields.h"
#include "core/model/model_fields.h"
#include "core/package/package_fields.h"
#include "core/quant/quantisation_fields.h"
#include "core/system/link_fields.h"
#include "core/engine/engine_registry.h"
#include "core/workload/workload_fields.h"

namespace llmwb::io {

namespace {
template <class Spec> std::string section(const std::string& heading, const params::ParamTable<Spec>& table) {
  return "### " + heading + "\n\n" + params::markdownTable(params::infos(table)) + "\n";
}

/// Where the section starts and ends (after the begin marker's line, before the end marker).
std::optional<std::pair<std::size_t, std::size_t>> span(const std::string& document) {
  const auto begin = document.find(kGeneratedBegin);
  if (begin == std::string::npos) return std::nullopt;
  const auto from = document.find('\n', begin);
  const auto end = document.find(kGeneratedEnd, begin);
  if (from == std::string::npos || end == std::string::npos || end < from) return std::nullopt;
  return std::make_pair(from + 1, end);
}
} // namespace

std::string presetReferenceMarkdown() {
  std::string out = "## Reference: every field (generated)\n\n"
                    "Made from the parameter tables in the code (`core/params`); regenerate with\n"
                    "`llmwb-cli params --update docs/preset-format.md`. Ranges are what the readers accept.\n\n";
  out += section("memory_technology (`presets/memory/`)", memoryTechnologyFields());
  for (const auto* kind : computeKinds().kinds()) out += kind->reference() + "\n";
  out += section("device `memory.on_chip[]`, `memory.off_chip[]` (a part; its `technology` names a memory preset)", memoryPartFields());
  out += section("device `memory.shoreline`", shorelineFields());
  out += section("device `quantisation`", quantisationFields());
  out += section("device `strategy`", strategyFields());
  out += section("device `dma`", dmaFields());
  out += section("device `power`", powerFields());
  out += section("device `package`", packageFields());
  out += section("package `compute_chiplet`", computeChipletFields());
  out += section("package `compute_chiplet.systolic` (count per chiplet)", systolicFields(true));
  out += section("package `compute_chiplet.vector` (count per chiplet)", vectorFields(true));
  out += section("package `memory_phy_chiplets`", memoryPhyFields());
  out += section("package `area_model`", areaModelFields());
  out += section("package `memory[]` (an entry; its `technology` names a memory preset)", packageMemoryFields());
  out += section("package `floorplan[]`", floorplanItemFields());
  out += section("system `group_link`, `phase_link`", linkFields());
  for (const auto* settings : engine::engineSettings()) { // engines' system-level settings
    std::string readers;
    for (const auto& e : engine::engines().entries())
      for (const auto& st : e.settings)
        if (st.block == settings->block) readers += (readers.empty() ? "" : ", ") + e.name;
    out += section("system `" + settings->block + "`: " + settings->title + ", read by the " + readers + " engine", settings->fields());
  }
  out += section("workload (`presets/workloads/`)", workloadFields());
  out += section("model (`presets/models/`)", modelFields());
  out += section("model `diffusion`", diffusionFields());
  out += section("model `layer_types.<letter>`: every type", layerTypeFields());
  out += section("layer type `attention` (both variants; `variant`: gqa or mla, default gqa)", attentionFields());
  out += section("layer type `attention`, variant `gqa`", gqaFields());
  out += section("layer type `attention`, variant `mla`", mlaFields());
  out += section("layer type `mlp`", mlpFields());
  out += section("layer type `moe`", moeFields());
  out += section("layer type `linear_attention`", linearAttentionFields());
  out += section("layer type `mamba2`", mamba2Fields());
  return out;
}

std::optional<std::string> generatedSection(const std::string& document) {
  const auto s = span(document);
  if (!s) return std::nullopt;
  return document.substr(s->first, s->second - s->first);
}

std::optional<std::string> withGeneratedSection(const std::string& document, const std::string& section) {
  const auto s = span(document);
  if (!s) return std::nullopt;
  return document.substr(0, s->first) + section + document.substr(s->second);
}

} // namespace llmwb::io
