// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/npusim/npusim_spec.h"
#include "core/engine/engine_registry.h"
#include "core/engine/npusim/noc.h"
#include "core/engine/npusim/pool_shape.h"

#include <array>
#include <string>
#include <vector>

namespace llmwb::engine::npusim {

/// The KV cache one pipeline stage's cores hold, in tokens of context: each core keeps its stage's
/// layers of every token of the pipeline's requests (split over TP).
struct StageKvCapacity {
  long long sramTokens = 0; ///< in SRAM after the reserve and the stage's resident weights
  long long hbmTokens = 0;  ///< in core-local HBM after the stage's spilled weights
};

/// The npusim engine's detail product: where a group's pool sits on the chip, as the engine
/// mapped it (what the NPU chip view draws).
struct ChipDetail final : DetailProduct {
  static constexpr const char* kType = "npusim.chip";
  DeviceRole role = DeviceRole::Both;
  NpusimComputeSpec core;
  ParallelismSpec parallelism;
  PoolShape pool;
  GroupLayout layout;
  std::string problem; ///< why the group's model cannot run (empty when it can)
  /// The KV state: the context each pipeline stage's cores hold, in SRAM and in core-local HBM
  /// (NpuSim 4.2's SRAM-first placement, after the stage's weights), one entry per stage with
  /// attention layers.
  std::vector<StageKvCapacity> kv;
};

class NpusimModel final : public PerformanceModel {
public:
  explicit NpusimModel(const EngineContext& context);

  std::string engine() const override { return "npusim"; }
  const DeviceSpec& device() const override { return mDevice; }
  int devices() const override { return 1; }
  StepResult step(const OperatingPoint& point) const override;
  PhaseResult prefill(const Workload& workload, int batch) const override;
  PhaseResult decode(const Workload& workload, int batch, int segments) const override;
  int maxDecodeBatch(const Workload& workload) const override;
  Bytes sequenceFootprint(const Workload& workload, double contextTokens) const override;
  MemoryBudget memory() const override;
  Watts idlePower() const override;
  Watts peakPower() const override;
  std::vector<ComputeCeiling> computeCeilings() const override;
  std::vector<MemoryCeiling> memoryCeilings() const override;
  DeviceSummary summary() const override;
  std::shared_ptr<const DetailProduct> detail(std::string_view type) const override;

  const PoolShape& pool() const { return mPool; }
  const GroupLayout& layout() const { return mLayout; }
  const ParallelismSpec& parallelism() const { return mPar; }
  const NpusimComputeSpec& core() const { return mCore; }
  /// Silicon area of the pool's cores (mm²).
  double areaMm2() const { return mCore.coreAreaMm2() * mPool.cores; }
  /// Share of a stage's weights per core that sits in SRAM (the worst stage; each stage's cores
  /// hold their own stage's weights, spec B.8).
  double weightSramShare() const { return mWeightShare; }
  /// SRAM bytes per core left for the KV cache after the reserve and the resident weights.
  double kvSramPerCore() const { return mKvSram; }
  /// The KV capacity of each pipeline stage, first to last (empty when the model cannot run).
  std::vector<StageKvCapacity> stageKvCapacity() const;
  /// Why the model cannot run (empty when it can).
  const std::string& problem() const { return mProblem; }
  /// Operator times of one pass on one TP group, for tests and views: GEMM time of Y = X W.
  double gemmSeconds(double m, double k, double n, double weightShare) const;

private:
  struct Stage {
    int index = 0;
    int first = 0, count = 0; ///< layers [first, first + count)
    std::vector<std::size_t> types; ///< each layer's type, an index into the model's layer types
    bool head = false;        ///< holds the LM head
    double weightBytes = 0;   ///< the stage's weights (whole group)
    double kvBytesPerToken = 0; ///< the stage's KV per token (whole group)
    double weightShare = 1;     ///< share of the stage's weights per core that sits in SRAM
    double kvSram = 0;          ///< SRAM bytes per core left to the stage's KV cache
  };
  /// One operator class's share of a pass on the group (an OperatorResult row).
  struct ClassCost {
    double time = 0, comm = 0;
    double memory = 0;    ///< the part of `time` that data movement sets (SRAM or HBM streaming)
    double flops = 0, hbmBytes = 0;
    double sramBytes = 0; ///< through the cores' SRAM (resident and staged), whole group
    double weightBytes = 0, activationBytes = 0, cacheBytes = 0; ///< the data the work touches, whole group
    ClassCost& operator+=(const ClassCost& c) {
      time += c.time;
      comm += c.comm;
      memory += c.memory;
      flops += c.flops;
      hbmBytes += c.hbmBytes;
      sramBytes += c.sramBytes;
      weightBytes += c.weightBytes;
      activationBytes += c.activationBytes;
      cacheBytes += c.cacheBytes;
      return *this;
    }
  };
  static constexpr std::size_t kClasses = 7; ///< OperatorClass values
  /// Work (a GEMM, a vector pass, an attention, a layer, a stage, a pass): what it costs, NoC
  /// traffic included.
  struct Work : ClassCost {
    double nocBytes = 0;
    Work& operator+=(const Work& w) {
      ClassCost::operator+=(w);
      nocBytes += w.nocBytes;
      return *this;
    }
  };
  /// A pass's work by operator class, filed as it is costed (a layer or a stage keeps no table of its own).
  struct Classes {
    std::array<ClassCost, kClasses> byClass{};
    OperatorClass last = OperatorClass::Projection; ///< the class of the last work filed
    void file(const Work& w, OperatorClass cls) {
      byClass[std::size_t(cls)] += w;
      last = cls;
    }
    /// Time spent after the last work (a stage's hand-off), filed under that work's class.
    void fileComm(double seconds);
  };
  /// One layer's work, piece by piece with each piece's class (filed in that order), and its sum.
  struct LayerWork {
    static constexpr std::size_t kMaxPieces = 8;
    struct Piece {
      Work work;
      OperatorClass cls;
    };
    std::array<Piece, kMaxPieces> pieces;
    std::size_t count = 0;
    Work total;
    void add(const Work& w, OperatorClass cls);
  };
  /// The layers a step has costed, by their inputs: a stage's layers of one type cost the same, and
  /// so do the stages that share a weight share and KV spill, and the layers other than attention
  /// of every step at one batch.
  struct LayerMemo {
    struct Entry {
      const LayerType* type;
      double seqs, newTokens, context, kvSpill, share;
      LayerWork work;
    };
    std::vector<Entry> entries;
    std::vector<std::size_t> byType; ///< the stage being costed: each layer type's entry (npos: none yet)
  };
  /// A step at `point`; `memos` (one per micro-batch split, in the order the step tries them)
  /// keeps the layers it costed for the next step at the same batch.
  StepResult step(const OperatingPoint& point, std::vector<LayerMemo>& memos) const;
  /// The pass's operators, one row per operator class (each class's share of the stage times,
  /// scaled to the pipelined step `stepTime`; `scale` multiplies work and bytes: micro-batches x
  /// pipelines), and its SRAM and HBM traffic by level.
  void fillRows(StepResult& r, const Work& sum, const Classes& classes, double stepTime, double scale) const;
  /// Fills mBoundaries from the group slots; false (and mProblem) when they do not fit the mesh.
  bool placeStages(int chip, int layers);
  /// A stage's time alone, summed as Work sums it (what the micro-batch search compares).
  struct TimeOnly {
    double time = 0;
    TimeOnly& operator+=(const Work& w) {
      time += w.time;
      return *this;
    }
  };
  /// One stage's work at `seqs` sequences (`Sum`: Work, or TimeOnly for its time alone); its work
  /// by class is filed into `classes` when given.
  template <class Sum>
  Sum stageCost(const Stage& s, double seqs, double newTokens, double context, double logitRows, double resident,
                Classes* classes, LayerMemo& memo) const;
  /// One layer's work: its entry in `memo` (the same inputs cost the same).
  std::size_t layerCost(const LayerType& type, double seqs, double newTokens, double context, double kvSpill, double share,
                             LayerMemo& memo) const;
  LayerWork layerWork(const LayerType& type, double seqs, double newTokens, double context, double kvSpill, double share) const;
  /// Y = X W on the group; `share` of the core's weight block sits in SRAM, the rest streams from HBM.
  Work gemm(double m, double k, double n, double share) const;
  /// `ops` element operations over `bytes` of activations (whole group).
  Work vector(double ops, double bytes) const;
  /// Time to move `sramBytes` resident in SRAM and `hbmBytes` spilled to HBM through one core.
  double memorySeconds(double sramBytes, double hbmBytes) const;
  double reducePartials(double bytes) const; ///< the K partition's collective over the group (parallelism.reduce)
  double allGather(double blockBytes) const; ///< the MN rotation over the group
  double rowReduce(double bytes) const, colRotate(double blockBytes) const;

  DeviceSpec mDevice;
  NpusimComputeSpec mCore;
  ParallelismSpec mPar;
  ModelSpec mModel;
  DeviceRole mRole;
  bool mDescriptive;
  PoolShape mPool;
  GroupLayout mLayout;
  GridRings mGrid;
  std::vector<Stage> mStages;
  std::vector<BoundaryScale> mBoundaries; ///< stage s -> s + 1, against the default order
  double mBytes = 2;          ///< bytes per element (weights, activations, KV)
  double mWeightShare = 1, mKvSram = 0;
  double mModelWeights = 0, mKvPerToken = 0;
  std::string mProblem;
};

} // namespace llmwb::engine::npusim
