// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/src/bindings.h"

#include "core/io/input_error.h"

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace llmwb::python {

namespace {
std::mutex gLibraryMutex;
std::vector<std::string> gExtraRoots;
std::shared_ptr<const PresetLibrary> gLibrary;
} // namespace

std::shared_ptr<const PresetLibrary> library() {
  std::lock_guard lock(gLibraryMutex);
  if (!gLibrary) {
    gLibrary = std::make_shared<const PresetLibrary>(
        PresetLibrary::defaultRoots(std::vector<std::filesystem::path>(gExtraRoots.begin(), gExtraRoots.end())));
  }
  return gLibrary;
}

void setExtraRoots(const std::vector<std::string>& roots) {
  std::lock_guard lock(gLibraryMutex);
  gExtraRoots = roots;
  gLibrary.reset(); // made again on first use; calls under way keep the one they hold
}

SpecPtr loadSpecHandle(PresetKind kind, const std::string& idOrFile, const std::string& caller) {
  auto handle = std::make_shared<SpecHandle>();
  handle->source = idOrFile;
  try {
    py::gil_scoped_release release;
    handle->spec = io::loadSpec(kind, idOrFile, *library());
  } catch (const InputError& e) {
    if (!e.file().empty()) throw;
    throw InputError(caller, e.field(), e.message()); // "no model preset ...": says who asked
  }
  return handle;
}

const SpecHandle& specArgument(const py::handle& value, PresetKind kind, const char* argument, SpecPtr& keep) {
  if (py::isinstance<SpecHandle>(value)) {
    keep = value.cast<SpecPtr>();
  } else if (py::hasattr(value, "_handle")) {
    keep = value.attr("_handle").cast<SpecPtr>();
  } else if (py::isinstance<py::str>(value) || py::hasattr(value, "__fspath__")) {
    const std::string text = py::isinstance<py::str>(value) ? value.cast<std::string>()
                                                             : py::str(py::module_::import("os").attr("fspath")(value)).cast<std::string>();
    keep = loadSpecHandle(kind, text, std::string("argument ") + argument);
  } else {
    throw InputError(std::string("argument ") + argument, "",
                     "expected a " + std::string(toString(kind)) + " (a preset id, a file, or a spec from llmwb.load); got " +
                         std::string(py::str(py::type::of(value).attr("__name__"))));
  }
  if (io::kindOf(keep->spec) != kind)
    throw InputError(std::string("argument ") + argument, "kind",
                     "expected a " + std::string(toString(kind)) + " spec; got a " + std::string(toString(io::kindOf(keep->spec))));
  return *keep;
}

py::object fromJson(const std::string& text) {
  static py::object* loads = new py::object(py::module_::import("json").attr("loads")); // lives as long as the interpreter
  return (*loads)(text);
}

void runInterruptible(const std::function<void(const std::atomic<bool>& cancel, const Reporter& report)>& work,
                      const py::object& progress) {
  std::atomic<bool> cancel{false};
  std::mutex mutex;
  std::condition_variable finishedChanged;
  bool finished = false;
  std::optional<ProgressReport> latest;
  std::exception_ptr failure;
  std::thread worker([&] {
    try {
      work(cancel, [&](const ProgressReport& r) {
        std::lock_guard lock(mutex);
        latest = r;
      });
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard lock(mutex);
    finished = true;
    finishedChanged.notify_all();
  });
  // Whatever happens on this side, the worker stops and is joined before its locals go.
  struct Join {
    std::thread& worker;
    std::atomic<bool>& cancel;
    ~Join() {
      cancel = true;
      if (worker.joinable()) {
        py::gil_scoped_release release;
        worker.join();
      }
    }
  } join{worker, cancel};

  std::optional<py::error_already_set> raised;
  auto deliver = [&] {
    std::optional<ProgressReport> report;
    {
      std::lock_guard lock(mutex);
      report.swap(latest);
    }
    if (!report || progress.is_none() || raised) return;
    py::dict d;
    for (const auto& [key, value] : *report) d[key] = value;
    try {
      const py::object answer = progress(d);
      if (!answer.is_none() && !answer.cast<bool>()) cancel = true;
    } catch (py::error_already_set& e) {
      raised.emplace(std::move(e));
      cancel = true;
    }
  };
  for (;;) {
    bool done = false;
    {
      py::gil_scoped_release release;
      std::unique_lock lock(mutex);
      done = finishedChanged.wait_for(lock, std::chrono::milliseconds(20), [&] { return finished; });
    }
    if (done) break;
    if (!raised && PyErr_CheckSignals() != 0) {
      raised.emplace(); // takes the KeyboardInterrupt (or what the handler raised) as the error
      cancel = true;
    }
    deliver();
  }
  {
    py::gil_scoped_release release;
    worker.join();
  }
  if (raised) throw std::move(*raised);
  if (failure) std::rethrow_exception(failure);
  deliver(); // the last report
}

} // namespace llmwb::python
