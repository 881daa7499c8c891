// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the Python module's parts (python/src/*.cpp): the preset library every call reads
// from, specs as Python holds them, JSON text to Python objects, and long work that Python can
// interrupt.

#include "core/io/spec_document.h"

#include <pybind11/pybind11.h>

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace llmwb::python {

namespace py = pybind11;

/// The library every call reads presets from: PresetLibrary::defaultRoots() with the installed roots the
/// package adds (set_preset_roots: the installed presets beside the module).
std::shared_ptr<const PresetLibrary> library();
void setExtraRoots(const std::vector<std::string>& roots);

/// A spec as the module holds it: the typed spec the engine takes, and where it was read from
/// (a preset id or file; "" for one made from a document), so `--set model/...` can re-read it.
struct SpecHandle {
  io::AnySpec spec;
  std::string source;
};
using SpecPtr = std::shared_ptr<SpecHandle>; // never changed once made (pybind11 holders are not const)

/// Loads the preset (id or file) of `kind`; a message that names no file names `caller` instead.
SpecPtr loadSpecHandle(PresetKind kind, const std::string& idOrFile, const std::string& caller);

/// The spec of `kind` from a handle or a preset id / file name (what the Python API accepts).
const SpecHandle& specArgument(const py::handle& value, PresetKind kind, const char* argument, SpecPtr& keep);

/// JSON text as Python objects (json.loads: the same dicts as parsing the CLI's output).
py::object fromJson(const std::string& text);

/// Progress as named numbers ("done", "total", "hypervolume", ...): the dict a Python progress
/// callback gets.
using ProgressReport = std::vector<std::pair<const char*, double>>;
using Reporter = std::function<void(const ProgressReport&)>;

/// Runs `work(cancel, report)` on a worker thread while the calling thread, its GIL released,
/// waits: every 20 ms it checks for signals (Ctrl+C: KeyboardInterrupt) and hands the latest
/// report to `progress` (a Python callable taking a dict, or None) on the calling thread. A
/// signal, an exception from the callback, or the callback returning False sets `cancel`, which
/// `work` polls; the call returns once `work` has stopped and then raises what stopped it (a
/// callback's False is no error: `work`'s partial result stands). `work` must not touch Python.
void runInterruptible(const std::function<void(const std::atomic<bool>& cancel, const Reporter& report)>& work,
                      const py::object& progress);

void bindErrors(py::module_& m);
void bindSpecs(py::module_& m);
void bindEvaluation(py::module_& m);
void bindStudies(py::module_& m);
void bindExploration(py::module_& m);

} // namespace llmwb::python
