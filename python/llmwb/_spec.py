# SPDX-License-Identifier: GPL-3.0-or-later
"""Specs: presets as Python objects whose fields are the preset documents' keys.

A Spec holds the typed spec the engine evaluates and shows it as its preset document (the JSON a
preset file holds, every device of a system inline). Reading a field gives its value, or a view
of a nested block; setting one writes the document and reads it back through the same readers as
a file, so a bad value raises llmwb.InputError naming the field and the spec keeps its old value.
"""
from __future__ import annotations

import copy
import json
import os
from typing import Any, Iterator, Sequence, Union

from . import _llmwb

_KINDS = ("memory", "model", "workload", "device", "system")
Path = Union[str, "os.PathLike[str]"]


def input_error(file: str, field: str, message: str) -> "_llmwb.InputError":
    """An llmwb.InputError worded as the engine words them ("file: field: message")."""
    error = _llmwb.InputError(f"{file or '<input>'}{': ' + field if field else ''}: {message}")
    error.file, error.field, error.message = file, field, message
    return error


def _pointer(path: Sequence[Union[str, int]]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def _plain(value: Any) -> Any:
    """A value as it goes into a document: specs and views become their dicts."""
    if isinstance(value, (Spec, _Node)):
        return value.to_dict()
    return value


def _split(key: Any) -> tuple:
    """A key as a path: "/a/0/b" (a JSON pointer) or one key or index."""
    if isinstance(key, str) and key.startswith("/"):
        parts = [p.replace("~1", "/").replace("~0", "~") for p in key[1:].split("/")]
        return tuple(int(p) if p.isdigit() else p for p in parts)
    return (key,)


def _walk(document: Any, path: Sequence[Union[str, int]], where: str) -> Any:
    node = document
    for i, key in enumerate(path):
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            raise KeyError(f"{where} has no field {_pointer(path[: i + 1])}") from None
    return node


class _Node:
    """A block or list inside a spec: read and set like the spec itself."""

    __slots__ = ("_root", "_path")

    def __init__(self, root: "Spec", path: tuple):
        object.__setattr__(self, "_root", root)
        object.__setattr__(self, "_path", path)

    def _value(self) -> Any:
        return _walk(self._root._document(), self._path, self._root._where())

    def to_dict(self) -> Any:
        """The block as plain Python objects (a copy)."""
        return copy.deepcopy(self._value())

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        value = self._value()
        if isinstance(value, dict) and name in value:
            return self._root._view(self._path + (name,))
        raise AttributeError(f"{self._root._where()} has no field {_pointer(self._path + (name,))}")

    def __setattr__(self, name: str, value: Any) -> None:
        self._root._set(self._path + (name,), value)

    def __getitem__(self, key: Any) -> Any:
        return self._root._view(self._path + _split(key))

    def __setitem__(self, key: Any, value: Any) -> None:
        self._root._set(self._path + _split(key), value)

    def __len__(self) -> int:
        return len(self._value())

    def __iter__(self) -> Iterator[Any]:
        value = self._value()
        if isinstance(value, list):
            return (self._root._view(self._path + (i,)) for i in range(len(value)))
        return iter(list(value))

    def __contains__(self, key: Any) -> bool:
        return key in self._value()

    def keys(self):
        return self._value().keys()

    def __dir__(self):
        value = self._value()
        return sorted(value) if isinstance(value, dict) else []

    def __eq__(self, other: Any) -> bool:
        return self._value() == _plain(other)

    def __repr__(self) -> str:
        return repr(self._value())


class Spec:
    """A preset spec (memory technology, model, workload, device or system).

    Fields are the preset document's keys, units in the names as in the JSON files
    (``spec.memory.off_chip[0].count``, ``spec["frequency_MHz"]``, ``spec["/groups/0/count"]``).
    Setting a field checks it through the preset readers: a bad value raises
    :class:`llmwb.InputError` naming the field, and the spec keeps its old value.
    ``to_dict()`` is the document; ``llmwb.from_dict(kind, d)`` reads one back.
    """

    __slots__ = ("_handle", "_doc")

    def __init__(self, handle: "_llmwb.SpecHandle"):
        object.__setattr__(self, "_handle", handle)
        object.__setattr__(self, "_doc", None)

    @property
    def kind(self) -> str:
        """memory, model, workload, device or system."""
        return self._handle.kind

    @property
    def id(self) -> str:
        """The preset id it was read as ("memexplorer/p1"), or "" for one made from a dict."""
        return self._handle.id

    @property
    def source(self) -> str:
        """The preset id or file it was loaded from; "" once edited or when made from a dict."""
        return self._handle.source

    def _document(self) -> Any:
        if self._doc is None:
            object.__setattr__(self, "_doc", json.loads(self._handle.json()))
        return self._doc

    def _where(self) -> str:
        return f"{self.kind} {self.id or '(from a dict)'}"

    def _view(self, path: tuple) -> Any:
        value = _walk(self._document(), path, self._where())
        if isinstance(value, (dict, list)):
            return _Node(self, path)
        return value

    def _set(self, path: tuple, value: Any) -> None:
        document = copy.deepcopy(self._document())
        parent = _walk(document, path[:-1], self._where())
        key = path[-1]
        if isinstance(parent, list):
            if not isinstance(key, int) or not 0 <= key < len(parent):
                raise IndexError(f"{self._where()}: {_pointer(path)}: no such element (the list has {len(parent)})")
        elif not isinstance(parent, dict):
            raise TypeError(f"{self._where()}: {_pointer(path[:-1])} is a value, not a block")
        parent[key] = _plain(value)
        origin = f"{self._where()} (setting {_pointer(path)})"
        handle = _llmwb.read_spec(self.kind, json.dumps(document), origin, self.id, "")
        object.__setattr__(self, "_handle", handle)
        object.__setattr__(self, "_doc", None)

    def to_dict(self) -> dict:
        """The preset document (a copy): what a preset file of this kind holds."""
        return copy.deepcopy(self._document())

    def to_json(self, indent: int = 2) -> str:
        """The preset document as JSON text (save it under presets/<kind folder>/ to use it as a preset)."""
        return self._handle.json(indent)

    def copy(self) -> "Spec":
        """An independent copy (edits to one do not change the other)."""
        return Spec(self._handle)

    def set(self, **fields: Any) -> "Spec":
        """Sets top-level fields by keyword (``model.set(hidden_size=8192)``); returns the spec."""
        for name, value in fields.items():
            self._set((name,), value)
        return self

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        document = self._document()
        if name in document:
            return self._view((name,))
        raise AttributeError(f"{self._where()} has no field {name!r} (fields: {', '.join(document)})")

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("_"):
            object.__setattr__(self, name, value)
        else:
            self._set((name,), value)

    def __getitem__(self, key: Any) -> Any:
        return self._view(_split(key))

    def __setitem__(self, key: Any, value: Any) -> None:
        self._set(_split(key), value)

    def __contains__(self, key: Any) -> bool:
        return key in self._document()

    def keys(self):
        """The document's top-level keys."""
        return self._document().keys()

    def __dir__(self):
        return sorted(set(object.__dir__(self)) | set(self._document()))

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Spec) and self.kind == other.kind and self._document() == other._document()

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        name = self._document().get("name", "")
        return f"<llmwb.Spec {self.kind} {self.id or '(from a dict)'}{': ' + name if name else ''}>"


def presets(kind: str | None = None) -> list:
    """Preset ids, optionally of one kind (memory, model, workload, device, system, project)."""
    return [p["id"] for p in _llmwb.presets(kind)]


def preset_table(kind: str | None = None) -> list:
    """Every preset as a record: kind, id, name, path (``pandas.DataFrame(llmwb.preset_table())``)."""
    return _llmwb.presets(kind)


def load(kind: str, id_or_path: Path) -> Spec:
    """The preset of `kind` (memory, model, workload, device, system) by id or file.

    A system also accepts a device (a one-device system); a workload accepts "IN:OUT" token
    counts ("8K:1K"). Raises :class:`llmwb.InputError` for a missing or bad preset.
    """
    return Spec(_llmwb.load_spec(kind, os.fspath(id_or_path)))


def from_dict(kind: str, document: dict, id: str = "") -> Spec:
    """A spec from a preset document (a dict), read through the same readers as a file.

    Raises :class:`llmwb.InputError` naming the field of the first problem.
    """
    if isinstance(document, (Spec, _Node)):
        document = document.to_dict()
    if not isinstance(document, dict):
        raise input_error(f"llmwb.from_dict({kind!r})", "", f"expected a dict (a preset document); got {type(document).__name__}")
    return Spec(_llmwb.read_spec(kind, json.dumps(document), f"llmwb.from_dict({kind!r})", id, ""))


class Project:
    """A workbench project (.llmwb): the system, model, workload and options it evaluates, and
    the systems it is compared with. ``llmwb.evaluate(project)`` evaluates it as
    ``llmwb-cli evaluate --project FILE`` does."""

    def __init__(self, path: Path):
        self.path = os.fspath(path)
        d = _llmwb.read_project(self.path)
        self.name: str = d["name"]
        self.description: str = d["description"]
        self.system = Spec(d["system"])
        self.model = Spec(d["model"])
        self.workload = Spec(d["workload"])
        self.comparisons = [Spec(h) for h in d["comparisons"]]
        #: batch (None: the largest that fits), prefill_batch, segments
        self.options: dict = d["options"]

    def __repr__(self) -> str:
        return f"<llmwb.Project {self.name!r} ({self.path})>"


def load_project(path: Path) -> Project:
    """Reads a project file (.llmwb) and every preset it names."""
    return Project(path)
