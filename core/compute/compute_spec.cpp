// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/compute_spec.h"

#include "core/compute/array_compute.h"
#include "core/compute/gpu_tensor_cores.h"
#include "core/compute/plena_engine.h"

namespace llmwb {

std::unique_ptr<ComputeUnit> makeComputeUnit(const ComputeSpec& spec) {
  struct Make {
    std::unique_ptr<ComputeUnit> operator()(const PlenaComputeSpec& s) const { return std::make_unique<PlenaEngine>(s); }
    std::unique_ptr<ComputeUnit> operator()(const GpuComputeSpec& s) const { return std::make_unique<GpuTensorCores>(s); }
    std::unique_ptr<ComputeUnit> operator()(const ArrayComputeSpec& s) const { return std::make_unique<ArrayCompute>(s); }
  };
  return std::visit(Make{}, spec);
}

std::string computeTypeName(const ComputeSpec& spec) {
  struct Name {
    std::string operator()(const PlenaComputeSpec&) const { return "plena"; }
    std::string operator()(const GpuComputeSpec&) const { return "gpu"; }
    std::string operator()(const ArrayComputeSpec&) const { return "arrays"; }
  };
  return std::visit(Name{}, spec);
}

std::string defaultEngine(const ComputeSpec& spec) {
  struct Name {
    std::string operator()(const PlenaComputeSpec&) const { return "memexplorer"; }
    std::string operator()(const GpuComputeSpec&) const { return "gpu"; }
    std::string operator()(const ArrayComputeSpec&) const { return "memexplorer"; }
  };
  return std::visit(Name{}, spec);
}

} // namespace llmwb
