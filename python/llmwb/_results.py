# SPDX-License-Identifier: GPL-3.0-or-later
"""Study results: the documents the command line writes, with records for pandas and NumPy
arrays for what is a grid."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional


def _numpy():
    try:
        import numpy
    except ImportError as e:  # pragma: no cover - NumPy is a dependency of the .deb
        raise ImportError("llmwb returns grids as NumPy arrays: install python3-numpy") from e
    return numpy


class Document:
    """A study's JSON document (``to_dict()``, equal to the command line's ``--json`` output),
    readable as a mapping (``doc["mean_ttft_s"]``) and as records (``pandas.DataFrame(doc.records)``)."""

    _records_key = "points"

    def __init__(self, document: dict):
        self._doc = document

    def to_dict(self) -> dict:
        """The document as plain Python objects."""
        return self._doc

    def to_json(self, indent: int = 2) -> str:
        return json.dumps(self._doc, indent=indent)

    def __getitem__(self, key: str) -> Any:
        return self._doc[key]

    def __contains__(self, key: str) -> bool:
        return key in self._doc

    def keys(self):
        return self._doc.keys()

    @property
    def records(self) -> List[Dict[str, Any]]:
        """One dict per row, the keys naming their units: ``pandas.DataFrame(result.records)``."""
        return self._doc.get(self._records_key, [])

    def column(self, key: str):
        """One field of every record as a NumPy array."""
        return _numpy().array([r[key] for r in self.records])

    def __repr__(self) -> str:
        return f"<llmwb.{type(self).__name__} {len(self.records)} records>"


class BatchSweep(Document):
    """TTFT, TBT and throughput against batch size (``llmwb-cli sweep-batch --json``): records per batch."""


class Roofline(Document):
    """Compute and memory ceilings of every device and one point per layer or operator
    (``llmwb-cli roofline --json``): ``records`` are the points, ``ceilings`` the roofs."""

    @property
    def ceilings(self) -> dict:
        return self._doc["ceilings"]


def _flatten(prefix: str, value: Any, out: dict) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(f"{prefix}_{k}" if prefix else k, v, out)
    else:
        out[prefix] = value


class Serving(Document):
    """One request-level serving run (``llmwb-cli serve --json --timeline``).

    ``ttft_s``, ``tbt_s`` and ``e2e_s`` are {mean, p50, p90, p99, min}; ``records`` one per request;
    ``timeline()`` the state after every event as NumPy arrays."""

    _records_key = "records"

    _not_figures = ("format_version", "kind", "system", "model", "config", "timeline", "records", "warnings")

    def __getattr__(self, name: str) -> Any:
        if not name.startswith("_") and name in self._doc:
            return self._doc[name]
        raise AttributeError(name)

    @property
    def cancelled(self) -> bool:
        """True when a progress callback stopped the run: the figures are of what was done."""
        return bool(self._doc.get("cancelled", False))

    def summary(self) -> dict:
        """The run's figures in one flat dict (``ttft_s_p99``, ``throughput_tokens_per_s``, ...)."""
        out: dict = {}
        _flatten("", {k: v for k, v in self._doc.items() if k not in self._not_figures}, out)
        return out

    def timeline(self) -> Dict[str, Any]:
        """time_s, queued, running (1-D) and kv_occupancy (samples x pools), as NumPy arrays; pools names them."""
        np = _numpy()
        t = self._doc.get("timeline")
        if t is None:
            raise ValueError("this run was made with timeline=False")
        samples = t["samples"]
        out: Dict[str, Any] = {"pools": list(t["pools"])}
        for key in ("time_s", "queued", "running"):
            out[key] = np.array([s[key] for s in samples])
        pools = len(t["pools"])
        for key in ("kv_occupancy", "kv_sram_blocks_used_fraction", "kv_hbm_ring_reserved_fraction", "kv_hbm_ring_spilled_fraction"):
            if samples and key in samples[0]:
                out[key] = np.array([s[key][:pools] for s in samples], dtype=float).reshape(len(samples), pools)
        return out


class ServingSweep(Document):
    """Latency against request rate (``llmwb-cli serve-sweep --json``): ``records`` one per rate,
    flat (``ttft_s_p99``, ``tbt_s_mean``, ``throughput_tokens_per_s``, ...)."""

    @property
    def records(self) -> List[Dict[str, Any]]:
        rows = []
        for p in self._doc.get("points", []):
            row: dict = {}
            _flatten("", {k: v for k, v in p.items() if k != "warnings"}, row)
            rows.append(row)
        return rows


class Exploration(Document):
    """A design-space exploration (``llmwb-cli explore``): ``records`` one per evaluated design
    (parameters and objectives by name, ``feasible``, ``pareto``), ``pareto`` the indices of the
    front, ``hypervolume_trace`` a NumPy array; ``to_dict()`` the results document ``--out`` writes.
    Records and the document are made when first asked for."""

    def __init__(self, run: Any):
        self._run = run
        self._parsed: Optional[dict] = None
        self._records: Optional[list] = None

    def to_dict(self) -> dict:
        if self._parsed is None:
            self._parsed = json.loads(self._run.document())
        return self._parsed

    @property
    def _doc(self) -> dict:  # type: ignore[override]
        return self.to_dict()

    def to_json(self, indent: int = 2) -> str:
        """The results document exactly as ``llmwb-cli explore --out FILE`` writes it."""
        return self._run.document()

    def save(self, path) -> None:
        """Writes the results document (readable by ``convergence(exact=...)``, the CLI and the workbench)."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self._run.document())

    @property
    def records(self) -> List[Dict[str, Any]]:
        if self._records is None:
            self._records = self._run.records()
        return self._records

    def __len__(self) -> int:
        return self._run.size

    @property
    def pareto(self) -> List[int]:
        """Indices into ``records`` of the feasible non-dominated designs."""
        return self._run.pareto

    @property
    def hypervolume(self) -> float:
        return self._run.hypervolume

    @property
    def hypervolume_trace(self):
        """Hypervolume after each step (empty for an exhaustive sweep)."""
        return _numpy().array(self._run.hypervolume_trace, dtype=float)

    @property
    def evaluated(self) -> int:
        """Designs evaluated by this run."""
        return self._run.evaluated

    @property
    def cancelled(self) -> bool:
        """True when a progress callback stopped the run: the records hold what was done."""
        return self._run.cancelled

    def __repr__(self) -> str:
        return (f"<llmwb.Exploration {len(self)} designs, {len(self.pareto)} on the front, "
                f"hypervolume {self.hypervolume:.6g}{', cancelled' if self.cancelled else ''}>")


class Convergence(Document):
    """Hypervolume against evaluation step for several methods over seeds (MemExplorer Fig. 6;
    ``llmwb-cli convergence``): ``mean(method)``, ``std(method)`` and ``traces(method)`` as NumPy
    arrays, ``exact_hypervolume`` the ceiling, ``records`` one per method and step."""

    def _method(self, method: str) -> dict:
        for m in self._doc["methods"]:
            if m["method"] == method:
                return m
        raise KeyError(f"no method {method!r} in this study (methods: {', '.join(self.methods)})")

    @property
    def methods(self) -> List[str]:
        return [m["method"] for m in self._doc["methods"]]

    @property
    def exact_hypervolume(self) -> float:
        return self._doc["exact"]["hypervolume"]

    def mean(self, method: str):
        return _numpy().array(self._method(method)["mean"], dtype=float)

    def std(self, method: str):
        return _numpy().array(self._method(method)["std"], dtype=float)

    def traces(self, method: str):
        """seeds x steps (a run that stopped early holds its last value)."""
        rows = self._method(method)["traces"]
        steps = max((len(r) for r in rows), default=0)
        return _numpy().array([r + [r[-1] if r else 0.0] * (steps - len(r)) for r in rows], dtype=float)

    @property
    def records(self) -> List[Dict[str, Any]]:
        exact = self.exact_hypervolume
        return [{"method": m["method"], "step": i + 1, "mean": mean, "std": std,
                 "ratio_to_exact": mean / exact if exact > 0 else 0.0}
                for m in self._doc["methods"] for i, (mean, std) in enumerate(zip(m["mean"], m["std"]))]
