# SPDX-License-Identifier: GPL-3.0-or-later
"""Bad input from Python is an exception, never a crash, a hang or a NaN."""
import json
import math

import pytest

import llmwb

BASE = ("memexplorer/base", "llama-3.3-70b", "osworld")

CASES = [
    ("evaluate: batch as text", lambda: llmwb.evaluate(*BASE, batch="eight"), TypeError),
    ("evaluate: batch past 2^63", lambda: llmwb.evaluate(*BASE, batch=1 << 70), TypeError),
    ("evaluate: no model", lambda: llmwb.evaluate("memexplorer/base"), llmwb.InputError),
    ("evaluate: a number for a system", lambda: llmwb.evaluate(3, "llama-3.3-70b", "osworld"), llmwb.InputError),
    ("evaluate: a bad workload pair", lambda: llmwb.evaluate("memexplorer/base", "llama-3.3-70b", "8K:x"), llmwb.InputError),
    ("evaluate: a missing file", lambda: llmwb.evaluate("/no/such/system.json", "llama-3.3-70b", "osworld"), llmwb.InputError),
    ("evaluate: set without =", lambda: llmwb.evaluate(*BASE, set=["device/memory"]), llmwb.InputError),
    ("evaluate: set into nothing", lambda: llmwb.evaluate(*BASE, set={"/nothing/here": 1}), llmwb.InputError),
    ("evaluate: set NaN", lambda: llmwb.evaluate(*BASE, set={"model/hidden_size": float("nan")}), llmwb.InputError),
    ("load: unknown kind", lambda: llmwb.load("gadget", "x"), llmwb.InputError),
    ("load: a project as a spec", lambda: llmwb.load("project", "memexplorer-osworld"), llmwb.InputError),
    ("from_dict: NaN", lambda: llmwb.from_dict("workload", {"format_version": 1, "kind": "workload",
                                                           "input_tokens": math.nan, "output_tokens": 1}), llmwb.InputError),
    ("from_dict: wrong kind", lambda: llmwb.from_dict("model", llmwb.load("workload", "osworld").to_dict()), llmwb.InputError),
    ("from_dict: nesting past the readers' limit", lambda: llmwb.from_dict("workload", {"sources": json.loads("[" * 200 + "]" * 200)}), llmwb.InputError),
    ("load_project: missing", lambda: llmwb.load_project("/no/such.llmwb"), llmwb.InputError),
    ("sweep_batch: max_batch 0", lambda: llmwb.sweep_batch(*BASE, max_batch=0), llmwb.InputError),
    ("sweep_batch: empty batches", lambda: llmwb.sweep_batch(*BASE, batches=[]), llmwb.InputError),
    ("roofline: batch -1", lambda: llmwb.roofline(*BASE, batches=[-1]), llmwb.InputError),
    ("serve: rate inf", lambda: llmwb.serve(*BASE, rate=math.inf), llmwb.InputError),
    ("serve: rate and burst", lambda: llmwb.serve(*BASE, rate=1, burst=True), llmwb.InputError),
    ("serve: requests 0", lambda: llmwb.serve(*BASE, requests=0), llmwb.InputError),
    ("serve: lengths unknown", lambda: llmwb.serve(*BASE, lengths="gaussian"), llmwb.InputError),
    ("serve: memory unknown", lambda: llmwb.serve(*BASE, memory="swap"), llmwb.InputError),
    ("serve: no workload, no trace", lambda: llmwb.serve("memexplorer/base", "llama-3.3-70b"), llmwb.InputError),
    ("serve: a missing trace", lambda: llmwb.serve("memexplorer/base", "llama-3.3-70b", trace="/no/trace.csv"), llmwb.InputError),
    ("serve_sweep: rate 0", lambda: llmwb.serve_sweep(*BASE, rates=[1, 0]), llmwb.InputError),
    ("explore: budget 0", lambda: llmwb.explore("memexplorer-decode", "random", budget=0), llmwb.InputError),
    ("explore: threads -1", lambda: llmwb.explore("memexplorer-decode", "random", budget=2, threads=-1), llmwb.InputError),
    ("convergence: no methods", lambda: llmwb.convergence("memexplorer-decode", methods=[]), llmwb.InputError),
    ("convergence: a missing exact front", lambda: llmwb.convergence("memexplorer-decode", seeds=1, budget=2,
                                                                      exact="/no/front.json"), llmwb.InputError),
]


@pytest.mark.parametrize("name,call,error", CASES, ids=[c[0] for c in CASES])
def test_bad_input_raises(name, call, error):
    with pytest.raises(error) as e:
        call()
    if isinstance(e.value, llmwb.InputError):
        assert e.value.message and str(e.value).endswith(e.value.message)


def test_an_infeasible_result_holds_no_nan():
    r = llmwb.evaluate(*BASE, batch=1 << 20)
    text = r.to_json()
    assert "NaN" not in text and "Infinity" not in text
    json.loads(text)
