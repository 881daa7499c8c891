// SPDX-License-Identifier: GPL-3.0-or-later
// llmwb._llmwb: the engine's public API for Python. The package python/llmwb wraps it in the
// documented functions (llmwb.load, llmwb.evaluate, ...); nothing here is Python's business logic.
#include "python/src/bindings.h"

PYBIND11_MODULE(_llmwb, m) {
  using namespace llmwb::python;
  m.doc() = "The llmwb engine (C++): use the llmwb package, which documents and wraps these.";
  bindErrors(m);
  bindSpecs(m);
  bindEvaluation(m);
  bindStudies(m);
  bindExploration(m);
}
