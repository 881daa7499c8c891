// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/gpu/gpu_kind.h"

#include "core/compute/gpu/gpu_tensor_cores.h"

namespace llmwb {

namespace {
using S = GpuComputeSpec;

bool fromGeometry(const S& g) { return g.tensorCores > 0; }

params::ParamTable<S> gpuTable() {
  const std::string datasheet = "the GPU's datasheet (dense, without sparsity)";
  auto peak = [&](const char* key, FlopsPerSecond S::*member, const char* label, const char* doc) {
    return params::quantity<S>(key, member, &units::teraflopsPerSecond, &units::inTeraflopsPerSecond)
        .withLabel(label).withUnit("TFLOP/s").withRange(0, 1e6).withDoc(doc).withSource(datasheet);
  };
  return {"GPU",
          {params::quantity<S>("tensor_fp16_TFLOPS", &S::tensorPeak16, &units::teraflopsPerSecond, &units::inTeraflopsPerSecond)
               .withLabel("Tensor FP16").withUnit("TFLOP/s").withRange(1e-3, 1e6)
               .withDoc("dense 16-bit tensor-core peak; required unless tensor_cores gives the geometry")
               .withSource(datasheet)
               .withSetter([](S& g, const params::FieldValue& v) {
                 g.tensorCores = 0;
                 g.tensorPeak16 = units::teraflopsPerSecond(params::numberOf(v, "tensor_fp16_TFLOPS"));
               })
               .onlyWhen([](const S& g) { return !fromGeometry(g); }),
           params::integer<S>("tensor_cores", &S::tensorCores).withLabel("Tensor cores").withRange(1, 1e6)
               .withDoc("tensor cores, each one mma_shape [m, n, k] MMA per cycle; with frequency_MHz sets the 16-bit peak")
               .withSource("DUET Table 3 (B200: 640 cores of 8 x 8 x 16 at 1.8 GHz)")
               .withSetter([](S& g, const params::FieldValue& v) {
                 g.tensorCores = int(params::numberOf(v, "tensor_cores"));
                 g.setPeakFromGeometry();
               })
               .onlyWhen(fromGeometry),
           params::quantity<S>("frequency_MHz", &S::frequency, &units::megahertz, &units::inMegahertz)
               .withLabel("Frequency").withUnit("MHz").withRange(1, 10000)
               .withDoc("tensor-core clock; required with tensor_cores")
               .withSource("DUET Table 3")
               .withSetter([](S& g, const params::FieldValue& v) {
                 g.frequency = units::megahertz(params::numberOf(v, "frequency_MHz"));
                 g.setPeakFromGeometry();
               })
               .onlyWhen(fromGeometry),
           peak("tensor_fp8_TFLOPS", &S::tensorPeak8, "Tensor FP8", "dense FP8/INT8 tensor-core peak; 0: the 16-bit peak"),
           peak("tensor_fp4_TFLOPS", &S::tensorPeak4, "Tensor FP4", "dense FP4 tensor-core peak; 0: the 8-bit peak"),
           peak("vector_fp32_TFLOPS", &S::vectorPeak, "Vector FP32", "FP32 CUDA-core peak for element-wise work")
               .withRange(1e-3, 1e6).isRequired(),
           params::fraction<S>("matmul_efficiency", &S::matmulEfficiency).withLabel("Matmul efficiency")
               .withRange(0.01, 1).withDoc("share of the tensor peak a well-tuned large GEMM reaches (with sm_count: each SM busy with a whole tile)")
               .withSource("assumption"),
           params::fraction<S>("matmul_efficiency_fp8", &S::matmulEfficiency8).withLabel("Matmul efficiency (8-bit)")
               .withRange(0, 1).withDoc("share of the 8-bit tensor peak a well-tuned large GEMM with FP8/INT8 operands reaches; "
                                        "0: matmul_efficiency")
               .withSource("microbenchmarks: FP8 and BF16 GEMM throughput on Hopper (docs/fidelity.md, GPU baselines)"),
           params::integer<S>("sm_count", &S::smCount).withLabel("SMs").withRange(0, 1e6)
               .withDoc("streaming multiprocessors: GEMMs run as gemm_tile_m x gemm_tile_n output tiles in waves over them "
                        "(tile and wave quantisation; split-K when a GEMM has fewer tiles than SMs); 0: every MAC at matmul_efficiency")
               .withSource("the GPU's datasheet or whitepaper"),
           params::real<S>("gemm_tile_m", &S::gemmTileM).withLabel("GEMM tile rows").withUnit("elements").withRange(1, 4096)
               .withDoc("output rows per thread-block tile; a GEMM with fewer rows runs the smallest power-of-two tile from 16 rows that holds them")
               .withSource("NVIDIA Matrix Multiplication Background User's Guide (DU-09799-001) 2.3: cuBLAS tiles 256x128 ... 64x64"),
           params::real<S>("gemm_tile_n", &S::gemmTileN).withLabel("GEMM tile columns").withUnit("elements").withRange(1, 4096)
               .withDoc("output columns per thread-block tile")
               .withSource("NVIDIA Matrix Multiplication Background User's Guide (DU-09799-001) 2.3"),
           params::real<S>("split_min_depth", &S::splitMinDepth).withLabel("Split depth").withUnit("elements").withRange(1, 1e9)
               .withDoc("least reduction depth one split keeps when a GEMM with fewer tiles than SMs is split (split-K; "
                        "decode attention's split over the KV length); each split operator runs a second, reduction kernel")
               .withSource("vLLM paged_attention_v2 (csrc/attention): PARTITION_SIZE 512 keys per split"),
           params::quantity<S>("kernel_overhead_us", &S::kernelOverhead, &units::microseconds, &units::inMicroseconds)
               .withLabel("Kernel overhead").withUnit("µs").withRange(0, 1e4)
               .withDoc("fixed time per kernel (launch, ramp-up, drain), paid once per operator and once more by a split "
                        "operator's reduction kernel; 0: none")
               .withSource("published launch costs: cuLaunchKernel 3.0 µs on GB200 (pytorch tritonbench PR 1017), "
                           "cudaEventRecord between kernels 2.34 µs of device time on A100 (simllm PR 109)"),
           params::integer<S>("attention_bits", &S::attentionBits).withLabel("Attention width").withUnit("bits").withRange(0, 32)
               .withDoc("attention (QK^T, PV) runs at the tensor rate of at least this operand width even when weights and KV "
                        "are narrower (the KV cache is dequantised in the kernel); 0: the device's width")
               .withSource("vLLM docs, Quantized KV Cache: only the FlashAttention-3 backend computes attention in FP8")}};
}

/// `dataflow_tile`: the L2-resident super-tile that sets DRAM re-reads.
params::ParamTable<GemmTiling> tileTable() {
  using T = GemmTiling;
  auto side = [](const char* key, double T::*member, const char* doc) {
    return params::real<T>(key, member).withUnit("elements").withRange(1, 1e9).isRequired().withDoc(doc).withSource("assumption");
  };
  return {"GPU dataflow_tile",
          {side("m", &T::m, "rows of A (tokens) per tile; also the attention query block"),
           side("n", &T::n, "columns of B (outputs) per tile"), side("k", &T::k, "reduction depth per tile")}};
}

const params::ParamTable<GemmTiling>& tiles() {
  static const auto table = tileTable();
  return table;
}

class GpuKind final : public ComputeKindOf<S> {
public:
  GpuKind() : ComputeKindOf("GPU", "gpu", gpuTable()) {}

  bool needsDatasheetTdp() const override { return true; }
  std::string reference() const override {
    return ComputeKindOf::reference() + "\n`mma_shape`: `[m, n, k]` of one tensor-core MMA (with `tensor_cores`). " +
           "`dataflow_tile`: an object with\n\n" + params::markdownTable(params::infos(tiles()));
  }

protected:
  std::unique_ptr<ComputeUnit> make(const S& s) const override { return std::make_unique<GpuTensorCores>(s); }
  std::optional<Watts> power(const S&) const override { return std::nullopt; } // TDP minus memory

  void readInto(const params::ParamReader& r, S& g) const override {
    r.allowOnly(params::keysWith(table(), {"type", "mma_shape", "dataflow_tile", "note"}));
    const auto& t = table();
    if (r.has("tensor_cores")) {
      g.tensorCores = int(params::numberOf(r.value(*t.find("tensor_cores")), "tensor_cores"));
      const auto shape = r.integers("mma_shape", {1, 1e6});
      if (shape.size() != 3) r.fail("mma_shape", "expected [m, n, k], e.g. [8, 8, 16]");
      g.mmaM = shape[0];
      g.mmaN = shape[1];
      g.mmaK = shape[2];
      g.frequency = units::megahertz(params::numberOf(r.value(*t.find("frequency_MHz")), "frequency_MHz"));
      g.setPeakFromGeometry();
    } else {
      g.tensorPeak16 = units::teraflopsPerSecond(params::numberOf(r.value(*t.find("tensor_fp16_TFLOPS")), "tensor_fp16_TFLOPS"));
    }
    params::readFields(t, r, g, {"tensor_fp8_TFLOPS", "tensor_fp4_TFLOPS", "vector_fp32_TFLOPS", "matmul_efficiency",
                                 "matmul_efficiency_fp8", "sm_count", "gemm_tile_m", "gemm_tile_n", "split_min_depth", "kernel_overhead_us",
                                 "attention_bits"});
    if (r.has("dataflow_tile")) {
      const auto c = r.child("dataflow_tile");
      c->allowOnly(tiles().keys());
      params::readFields(tiles(), *c, g.tile);
      g.tile.attentionRows = g.tile.m;
    }
  }

  void writeFrom(const S& g, params::ParamWriter& w) const override {
    params::writeFields(table(), g, w);
    if (fromGeometry(g)) w.integers("mma_shape", {g.mmaM, g.mmaN, g.mmaK});
    params::writeFields(tiles(), g.tile, *w.child("dataflow_tile"));
  }
};
} // namespace

std::unique_ptr<ComputeKind> makeGpuKind() { return std::make_unique<GpuKind>(); }

} // namespace llmwb
