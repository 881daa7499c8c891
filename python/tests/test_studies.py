# SPDX-License-Identifier: GPL-3.0-or-later
"""Studies: the documents the CLI prints, records for pandas, arrays for grids."""
import json

import pytest

import llmwb
from conftest import SOURCE, cli_json


def test_sweep_batch_is_the_clis():
    expected = cli_json("sweep-batch", "--system", "duet/system", "--model", "llama-3.3-70b", "--workload", "8K:1K",
                        "--max-batch", "32", "--json")
    s = llmwb.sweep_batch("duet/system", "llama-3.3-70b", "8K:1K", max_batch=32)
    assert s.to_dict() == expected
    assert [r["batch"] for r in s.records] == [1, 2, 4, 8, 16, 32]
    assert list(s.column("batch")) == [1, 2, 4, 8, 16, 32]


def test_roofline_is_the_clis():
    expected = cli_json("roofline", "--system", "memexplorer/p1d1", "--model", "llama-3.3-70b", "--workload", "osworld",
                        "--max-batch", "8", "--json")
    r = llmwb.roofline("memexplorer/p1d1", "llama-3.3-70b", "osworld", max_batch=8)
    assert r.to_dict() == expected
    assert r.ceilings == expected["ceilings"] and len(r.records) == len(expected["points"])


def test_serve_is_the_clis_with_its_timeline_as_arrays():
    args = ["--system", "memexplorer/p1d1", "--model", "llama-3.3-70b", "--workload", "2K:256", "--rate", "0.5",
            "--requests", "40", "--seed", "3"]
    expected = cli_json("serve", *args, "--json", "--timeline")
    s = llmwb.serve("memexplorer/p1d1", "llama-3.3-70b", "2K:256", rate=0.5, requests=40, seed=3)
    assert s.to_dict() == expected
    assert s.ttft_s["p99"] >= s.ttft_s["p50"] > 0 and s.completed == 40
    assert s.summary()["ttft_s_p99"] == s.ttft_s["p99"]
    t = s.timeline()
    n = len(expected["timeline"]["samples"])
    assert t["time_s"].shape == (n,) and t["kv_occupancy"].shape == (n, len(t["pools"]))
    assert len(s.records) == 40


def test_serve_from_a_trace_is_the_clis():
    trace = str(SOURCE / "tests" / "data" / "traces" / "small.csv")
    expected = cli_json("serve", "--system", "memexplorer/base", "--model", "llama-3.3-70b", "--trace", trace, "--json")
    s = llmwb.serve("memexplorer/base", "llama-3.3-70b", trace=trace, timeline=False)
    assert s.to_dict() == expected


def test_serve_sweep_is_the_clis_as_flat_records():
    pandas = pytest.importorskip("pandas")
    args = ["--system", "memexplorer/p1d1", "--model", "llama-3.3-70b", "--workload", "2K:256", "--rates", "0.2,1",
            "--requests", "30"]
    expected = cli_json("serve-sweep", *args, "--json")
    s = llmwb.serve_sweep("memexplorer/p1d1", "llama-3.3-70b", "2K:256", rates=[0.2, 1], requests=30)
    assert s.to_dict() == expected
    frame = pandas.DataFrame(s.records)
    assert list(frame["rate_requests_per_s"]) == [0.2, 1]
    assert (frame["ttft_s_p99"] >= frame["ttft_s_p50"]).all()


def test_bad_serving_arguments_raise_input_error():
    with pytest.raises(llmwb.InputError) as e:
        llmwb.serve("memexplorer/base", "llama-3.3-70b", "2K:256", rate=-1)
    assert e.value.file == "argument rate"
    with pytest.raises(llmwb.InputError) as e:
        llmwb.serve("memexplorer/base", "llama-3.3-70b", "2K:256", scheduler="fastest")
    assert "continuous" in e.value.message
    with pytest.raises(llmwb.InputError):
        llmwb.serve_sweep("memexplorer/base", "llama-3.3-70b", "2K:256", rates=[])


def test_explore_is_the_clis(tmp_path):
    out = tmp_path / "sobol.json"
    cli_json_args = ["explore", "--space", "memexplorer-decode", "--method", "sobol", "--budget", "40", "--seed", "2",
                     "--threads", "1", "--out", str(out), "--quiet"]
    import subprocess
    from conftest import CLI
    subprocess.run([CLI, *cli_json_args], check=True, capture_output=True)
    expected = json.loads(out.read_text())
    e = llmwb.explore("memexplorer-decode", "sobol", budget=40, seed=2)
    got = e.to_dict()
    for key in ("summary", "pareto", "points", "hypervolume_trace", "space"):
        assert got[key] == expected[key], key
    assert len(e.records) == 40 and e.evaluated == 40 and not e.cancelled
    assert [i for i, r in enumerate(e.records) if r["pareto"]] == e.pareto
    assert e.hypervolume_trace.shape == (40,) and e.hypervolume == got["summary"]["hypervolume"]
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(e.records)
    assert frame["feasible"].dtype == bool and "step" in frame


def test_convergence_averages_over_seeds():
    c = llmwb.convergence("memexplorer-decode", methods=["random", "sobol"], seeds=2, budget=10, initial=4)
    assert c.methods == ["random", "sobol"]
    assert c.traces("random").shape == (2, 10) and c.mean("sobol").shape == (10,)
    assert c.exact_hypervolume > 0 and all(0 <= r["ratio_to_exact"] <= 1 + 1e-12 for r in c.records)
    with pytest.raises(KeyError):
        c.mean("mobo")


def test_unknown_method_and_space_raise():
    with pytest.raises(ValueError):
        llmwb.explore("memexplorer-decode", "annealing", budget=4)
    with pytest.raises(llmwb.InputError):
        llmwb.explore("no-such-space", "random", budget=4)
