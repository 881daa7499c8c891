// SPDX-License-Identifier: GPL-3.0-or-later
// Errors and specs: llmwb.InputError, presets(), and the handles llmwb.Spec wraps.
#include "python/src/bindings.h"

#include "core/io/input_error.h"

#include <pybind11/stl.h>

namespace llmwb::python {

void bindErrors(py::module_& m) {
  // llmwb.InputError(ValueError): the message the CLI prints, with `file`, `field` and `message`.
  static py::exception<InputError> inputError(m, "InputError", PyExc_ValueError);
  inputError.doc() = "Bad input: a preset, project, space, trace or argument that cannot be used.\n\n"
                     "str(e) is the message the command line prints (\"file: field: message\"); the\n"
                     "attributes `file` (the file, option or argument), `field` (a JSON pointer such as\n"
                     "/groups/0/count, or \"\") and `message` (what was expected) give its parts.";
  inputError.attr("__module__") = "llmwb";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      py::object error = py::handle(inputError.ptr())(e.what());
      error.attr("file") = e.file();
      error.attr("field") = e.field();
      error.attr("message") = e.message();
      PyErr_SetObject(inputError.ptr(), error.ptr());
    }
  });
}

namespace {
PresetKind kindArgument(const std::string& text) { return io::presetKindFrom(text, "argument kind"); }
} // namespace

void bindSpecs(py::module_& m) {
  m.def("set_preset_roots", &setExtraRoots, py::arg("roots"),
        "Installed preset folders, searched after $LLMWB_PRESETS and the user's folder, before the program's.");
  m.def(
      "preset_roots", [] { std::vector<std::string> out; for (const auto& r : library()->roots()) out.push_back(r.string()); return out; },
      "The preset folders searched, in order (the first file with an id wins).");
  m.def(
      "presets",
      [](const std::optional<std::string>& kind) {
        std::optional<PresetKind> only;
        if (kind) only = *kind == "project" || *kind == "projects" ? PresetKind::Project : kindArgument(*kind);
        py::list out;
        for (const auto& p : library()->list(only)) {
          py::dict d;
          d["kind"] = std::string(toString(p.kind));
          d["id"] = p.id;
          d["name"] = p.name;
          d["path"] = p.path.string();
          out.append(d);
        }
        return out;
      },
      py::arg("kind") = py::none(), "Every preset as {kind, id, name, path}, as `llmwb-cli presets list --json`.");

  py::class_<SpecHandle, SpecPtr>(m, "SpecHandle", "A typed spec the engine takes (llmwb.Spec wraps it).")
      .def_property_readonly("kind", [](const SpecHandle& h) { return std::string(toString(io::kindOf(h.spec))); })
      .def_property_readonly("id", [](const SpecHandle& h) { return io::idOf(h.spec); })
      .def_property_readonly("source", [](const SpecHandle& h) { return h.source; })
      .def("json", [](const SpecHandle& h, int indent) { return io::specJsonText(h.spec, indent); }, py::arg("indent") = -1,
           "The preset document (JSON text) the readers take.");
  m.def(
      "load_spec",
      [](const std::string& kind, const std::string& idOrFile) {
        return loadSpecHandle(kindArgument(kind), idOrFile, "llmwb.load(\"" + kind + "\")");
      },
      py::arg("kind"), py::arg("id_or_path"));
  m.def(
      "read_spec",
      [](const std::string& kind, const std::string& text, const std::string& origin, const std::string& id,
         const std::string& source) {
        const PresetKind k = kindArgument(kind);
        auto handle = std::make_shared<SpecHandle>();
        handle->source = source;
        py::gil_scoped_release release;
        handle->spec = io::readSpecText(k, text, origin, id, *library());
        return SpecPtr(std::move(handle));
      },
      py::arg("kind"), py::arg("text"), py::arg("origin"), py::arg("id") = "", py::arg("source") = "");
}

} // namespace llmwb::python
