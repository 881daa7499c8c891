// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dse/load_design.h"

namespace llmwb::dse {

SystemSpec loadDesignInto(const SystemSpec& current, const SystemSpec& design, SpacePhases phases) {
  if (phases == SpacePhases::Both) return design;
  const bool decode = phases == SpacePhases::DecodeOnly;
  const DeviceGroup* from = decode ? design.decodeGroup() : design.prefillGroup();
  const DeviceGroup* to = decode ? current.decodeGroup() : current.prefillGroup();
  if (!from || !to) return design;
  SystemSpec merged = current;
  merged.groups[std::size_t(to - current.groups.data())].device = from->device;
  return merged;
}

} // namespace llmwb::dse
