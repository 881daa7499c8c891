# SPDX-License-Identifier: GPL-3.0-or-later
"""Evaluation and studies: the engine's public API as Python functions."""
from __future__ import annotations

import json
import os
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from . import _llmwb
from ._results import BatchSweep, Convergence, Exploration, Roofline, Serving, ServingSweep
from ._spec import Project, Spec, input_error

SpecLike = Union[Spec, str, "os.PathLike[str]"]
Overrides = Union[Mapping[str, Any], Sequence[str], None]
Progress = Optional[Callable[[dict], Optional[bool]]]


def _handle(value: Any) -> Any:
    return value._handle if isinstance(value, Spec) else (os.fspath(value) if isinstance(value, os.PathLike) else value)


def _overrides(set: Overrides) -> list:
    """{"decode/memory/off_chip/0/count": 4} or ["PATH=VALUE", ...] as the CLI's --set arguments."""
    if not set:
        return []
    if isinstance(set, Mapping):
        return [f"{path}={value if isinstance(value, str) else json.dumps(value)}" for path, value in set.items()]
    if isinstance(set, str):
        return [set]
    return list(set)


def evaluate(system: Union[SpecLike, Project], model: Optional[SpecLike] = None, workload: Optional[SpecLike] = None,
             batch: Optional[int] = None, set: Overrides = None, *, prefill_batch: Optional[int] = None,
             segments: Optional[int] = None) -> "_llmwb.Evaluation":
    """Evaluates `system` on `model` and `workload`: prefill, decode, the hand-off and the
    steady state (``llmwb-cli evaluate``).

    Each of system, model and workload is a spec from :func:`llmwb.load`, a preset id or a file
    ("8K:1K" for a workload). ``system`` may instead be a :class:`llmwb.Project` (its model,
    workload and options apply unless given here). ``batch`` is the decode batch (default: the
    largest power of two that fits); ``set`` overrides fields as ``--set`` does
    (``{"decode/memory/off_chip/0/count": 4, "model/hidden_size": 8192}``). The GIL is released
    while the engine works. Infeasible designs are results (``r.feasible``, ``r.problems``).
    """
    if isinstance(system, Project):
        project = system
        system, model, workload = project.system, model or project.model, workload or project.workload
        options = project.options
        batch = options["batch"] if batch is None else batch
        prefill_batch = options["prefill_batch"] if prefill_batch is None else prefill_batch
        segments = options["segments"] if segments is None else segments
    if model is None or workload is None:
        raise input_error("llmwb.evaluate", "", "expected a system, a model and a workload (or a project)")
    return _llmwb.evaluate_specs(_handle(system), _handle(model), _handle(workload), batch, prefill_batch, segments,
                                 _overrides(set))


def compare(project: Union[Project, str, "os.PathLike[str]"]) -> dict:
    """The project's design beside every system it is compared with and the paper's published
    figures with the model's ratios (``llmwb-cli compare --project FILE --json``)."""
    path = project.path if isinstance(project, Project) else os.fspath(project)
    return _llmwb.compare_project(path)


def sweep_batch(system: SpecLike, model: SpecLike, workload: SpecLike, max_batch: int = 128,
                batches: Optional[Iterable[int]] = None, segments: int = 4, set: Overrides = None) -> BatchSweep:
    """TTFT, TBT and throughput at batch 1, 2, 4, ... max_batch, or at `batches` (DUET Fig. 6,
    Table 4; ``llmwb-cli sweep-batch``). ``pandas.DataFrame(s.records)`` has one row per batch."""
    return BatchSweep(_llmwb.sweep_batch_doc(_handle(system), _handle(model), _handle(workload), max_batch,
                                             None if batches is None else list(batches), segments, _overrides(set)))


def roofline(system: SpecLike, model: SpecLike, workload: SpecLike, max_batch: int = 128,
             batches: Optional[Iterable[int]] = None, operators: bool = False, set: Overrides = None) -> Roofline:
    """The roofline of every device: ceilings, and one point per layer (or per operator with
    ``operators=True``) at the prefill pass and the first decode step (``llmwb-cli roofline``)."""
    return Roofline(_llmwb.roofline_doc(_handle(system), _handle(model), _handle(workload), max_batch,
                                        None if batches is None else list(batches), operators, _overrides(set)))


def _serving_options(**options: Any) -> dict:
    return {k: (os.fspath(v) if isinstance(v, os.PathLike) else v) for k, v in options.items() if v is not None}


def serve(system: SpecLike, model: SpecLike, workload: Optional[SpecLike] = None, *, rate: Optional[float] = None,
          requests: Optional[int] = None, burst: bool = False, trace: Optional[str] = None, scheduler: Optional[str] = None,
          chunk: Optional[int] = None, max_batch: Optional[int] = None, seed: Optional[int] = None,
          lengths: Optional[str] = None, memory: Optional[str] = None, ttft_limit: Optional[float] = None,
          tbt_limit: Optional[float] = None, timeline: bool = True, set: Overrides = None,
          progress: Progress = None) -> Serving:
    """Serves requests on `system` iteration by iteration (``llmwb-cli serve --json --timeline``).

    Arrivals: Poisson at ``rate`` requests/s, all at once (default, or ``burst=True``), or a
    ``trace`` file. ``scheduler``: static, continuous, chunked, disaggregated, fused, npusim
    (default: the system's). ``progress(d)`` gets {"done", "total"} now and then on this thread;
    returning False stops the run (the result holds what was done, ``cancelled`` set). Ctrl+C
    stops it and raises KeyboardInterrupt. The GIL is released while it runs.
    """
    options = _serving_options(rate=rate, requests=requests, burst=burst or None, trace=trace, scheduler=scheduler,
                               chunk=chunk, max_batch=max_batch, seed=seed, lengths=lengths, memory=memory,
                               ttft_limit=ttft_limit, tbt_limit=tbt_limit)
    return Serving(_llmwb.serve_doc(_handle(system), _handle(model), _handle(workload), options, timeline,
                                    _overrides(set), progress))


def serve_sweep(system: SpecLike, model: SpecLike, workload: SpecLike, rates: Iterable[float], *,
                requests: Optional[int] = None, scheduler: Optional[str] = None, chunk: Optional[int] = None,
                max_batch: Optional[int] = None, seed: Optional[int] = None, lengths: Optional[str] = None,
                memory: Optional[str] = None, ttft_limit: Optional[float] = None, tbt_limit: Optional[float] = None,
                set: Overrides = None, progress: Progress = None) -> ServingSweep:
    """Latency against request rate: a Poisson serving run at each rate (``llmwb-cli serve-sweep``).
    ``pandas.DataFrame(s.records)`` has one row per rate (``ttft_s_p99``, ``tbt_s_mean``, ...)."""
    options = _serving_options(requests=requests, scheduler=scheduler, chunk=chunk, max_batch=max_batch, seed=seed,
                               lengths=lengths, memory=memory, ttft_limit=ttft_limit, tbt_limit=tbt_limit)
    return ServingSweep(_llmwb.serve_sweep_doc(_handle(system), _handle(model), _handle(workload),
                                               [float(r) for r in rates], options, _overrides(set), progress))


def explore(space: Union[str, "os.PathLike[str]"], method: str = "mobo", budget: Optional[int] = None, seed: int = 1,
            threads: int = 1, *, initial: int = 20, candidates: Optional[int] = None,
            progress: Progress = None) -> Exploration:
    """Explores a design space (a preset id or file) with a search method: exhaustive, random,
    sobol, nsga2, mobo, motpe (``llmwb-cli explore``). ``budget`` defaults to 100 evaluations (the
    whole grid for exhaustive). ``threads`` evaluate in parallel (0: every hardware thread).

    ``progress(d)`` gets {"done", "total", "feasible", "pareto", "hypervolume"} after each batch on
    this thread; returning False stops the run with what was done (``cancelled`` set). Ctrl+C
    stops it and raises KeyboardInterrupt.
    """
    return Exploration(_llmwb.explore_doc(os.fspath(space), method, budget, seed, threads, initial, candidates, progress))


def convergence(space: Union[str, "os.PathLike[str]"], methods: Sequence[str] = ("mobo", "nsga2", "random"),
                seeds: int = 10, budget: int = 100, *, initial: int = 20, candidates: Optional[int] = None,
                threads: int = 1, exact: Optional[str] = None, progress: Progress = None) -> Convergence:
    """Hypervolume against evaluation step, mean and standard deviation over seeds 1..`seeds`,
    for each method (MemExplorer Fig. 6; ``llmwb-cli convergence``). ``exact``: the results file of
    an exhaustive sweep of the same space (otherwise the space is swept here for the ceiling)."""
    return Convergence(_llmwb.convergence_doc(os.fspath(space), list(methods), seeds, budget, initial, candidates, threads,
                                              None if exact is None else os.fspath(exact), progress))
