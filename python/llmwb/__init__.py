# SPDX-License-Identifier: GPL-3.0-or-later
"""llmwb: the LLM Accelerator Workbench's engine from Python.

Load presets as specs, edit their fields, and evaluate prefill, decode and serving on any
system the workbench models (MemExplorer NPUs, DUET chiplet packages, GPUs, Snake near-memory
dies, NpuSim multi-core chips), in microseconds per evaluation::

    import llmwb
    system = llmwb.load("system", "memexplorer/base")
    r = llmwb.evaluate(system, "llama-3.3-70b", "osworld")
    r.prefill.ttft_s, r.decode.tokens_per_s, r.end_to_end["tokens_per_joule"]
    system.groups[0].count = 2           # an edit, checked by the preset readers
    pandas.DataFrame(r.operators)        # per-operator records

Studies: sweep_batch, roofline, serve, serve_sweep, explore, convergence, compare. Every figure
names its unit (_s, _w, _j, _bytes, _per_s). Bad input raises llmwb.InputError with `file` and
`field`; long runs release the GIL and stop on Ctrl+C. See docs/python.md.
"""
from __future__ import annotations

import os as _os
from pathlib import Path as _Path

from . import _llmwb
from ._llmwb import Evaluation, InputError, Phase
from ._results import BatchSweep, Convergence, Document, Exploration, Roofline, Serving, ServingSweep
from ._spec import Project, Spec, from_dict, load, load_project, preset_table, presets
from ._studies import compare, convergence, evaluate, explore, roofline, serve, serve_sweep, sweep_batch

__all__ = [
    "InputError", "Spec", "Project", "Evaluation", "Phase", "Document", "BatchSweep", "Roofline", "Serving",
    "ServingSweep", "Exploration", "Convergence", "presets", "preset_table", "preset_roots", "load", "from_dict",
    "load_project", "evaluate", "compare", "sweep_batch", "roofline", "serve", "serve_sweep", "explore", "convergence",
]
__version__ = "0.1.0"


def preset_roots() -> list:
    """The preset folders searched, in order ($LLMWB_PRESETS, the user's folder, the installed presets)."""
    return _llmwb.preset_roots()


# Installed (<prefix>/lib/python3/dist-packages/llmwb): the presets are in <prefix>/share/llmwb/presets.
_here = _Path(__file__).resolve().parents
_installed = _here[4] / "share" / "llmwb" / "presets" if len(_here) > 4 else None
if _installed is not None and _installed.is_dir():
    _llmwb.set_preset_roots([str(_installed)])
del _here, _installed
