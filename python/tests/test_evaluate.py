# SPDX-License-Identifier: GPL-3.0-or-later
"""llmwb.evaluate: equal to `llmwb-cli evaluate --json`, typed figures, records."""
import pytest

import llmwb
from conftest import PROJECTS, cli_json


@pytest.mark.parametrize("project", PROJECTS, ids=[p.stem for p in PROJECTS])
def test_every_shipped_project_evaluates_as_the_cli_does(project):
    expected = cli_json("evaluate", "--project", str(project), "--json")
    result = llmwb.evaluate(llmwb.load_project(project))
    assert result.to_dict() == expected


@pytest.mark.parametrize("project", PROJECTS, ids=[p.stem for p in PROJECTS])
def test_every_shipped_project_compares_as_the_cli_does(project):
    assert llmwb.compare(project) == cli_json("compare", "--project", str(project), "--json")


def test_options_and_overrides_are_the_clis():
    args = ["--system", "memexplorer/p1d1", "--model", "llama-3.3-70b", "--workload", "8K:1K", "--batch", "8",
            "--segments", "16", "--set", "decode/memory/off_chip/0/count=4", "--set", "model/vocab_size=64000",
            "--set", "workload/output_tokens=2000"]
    expected = cli_json("evaluate", *args, "--json")
    result = llmwb.evaluate("memexplorer/p1d1", "llama-3.3-70b", "8K:1K", batch=8, segments=16,
                            set={"decode/memory/off_chip/0/count": 4, "model/vocab_size": 64000,
                                 "workload/output_tokens": 2000})
    assert result.to_dict() == expected
    # an edited model (no file behind it) takes overrides on its own document
    model = llmwb.load("model", "llama-3.3-70b")
    model.vocab_size = 64000
    again = llmwb.evaluate("memexplorer/p1d1", model, "8K:1K", batch=8, segments=16,
                           set=["decode/memory/off_chip/0/count=4", "workload/output_tokens=2000"])
    assert again.decode.tbt_s == result.decode.tbt_s


def test_typed_figures_are_the_documents():
    r = llmwb.evaluate("memexplorer/p1d1", "llama-3.3-70b", "osworld")
    d = r.to_dict()
    for phase, view in (("prefill", r.prefill), ("decode", r.decode)):
        for key, value in d[phase].items():
            if key != "levels":
                assert getattr(view, key) == value, (phase, key)
        assert view.levels == d[phase]["levels"]
    assert r.end_to_end == d["end_to_end"]
    assert r.operators == d["operators"] and r.devices == d["devices"]
    assert r.feasible is d["feasible"] and r.problems == d["problems"]
    assert r.silicon_area_mm2 == d["silicon_area_mm2"]
    assert r.prefill.ttft_s > 0 and r.decode.tokens_per_s > 0


def test_operators_are_records_pandas_takes():
    pandas = pytest.importorskip("pandas")
    r = llmwb.evaluate("memexplorer/base", "llama-3.3-70b", "osworld")
    frame = pandas.DataFrame(r.operators)
    assert {"phase", "name", "time_s", "flops", "bound"} <= set(frame.columns)
    assert len(frame) == len(r.to_dict()["operators"])
    assert frame.groupby("phase")["time_s"].sum()["prefill"] > 0


def test_an_infeasible_design_is_a_result():
    r = llmwb.evaluate("memexplorer/base", "llama-3.3-70b", "osworld", batch=1 << 20)
    assert not r.feasible and r.problems


@pytest.mark.parametrize("argument,value", [("batch", 0), ("batch", 1 << 21), ("segments", 0), ("prefill_batch", -1)])
def test_bad_options_raise_input_error_naming_them(argument, value):
    with pytest.raises(llmwb.InputError) as e:
        llmwb.evaluate("memexplorer/base", "llama-3.3-70b", "osworld", **{argument: value})
    assert e.value.file == f"argument {argument}"


def test_a_bad_override_names_it():
    with pytest.raises(llmwb.InputError) as e:
        llmwb.evaluate("memexplorer/base", "llama-3.3-70b", "osworld", set={"device/memory/off_chip/0/count": "x"})
    assert e.value.file.startswith("--set device/memory/off_chip/0/count=")
    assert e.value.field.endswith("/count")
