# SPDX-License-Identifier: GPL-3.0-or-later
"""Presets as specs: listing, loading, fields read and set through the preset readers."""
import pytest

import llmwb
from conftest import cli_json, cli_error


def test_presets_are_the_cli_listing():
    listed = cli_json("presets", "list", "--json")
    assert llmwb.preset_table() == listed
    for kind in ("memory", "model", "workload", "device", "system", "project"):
        assert llmwb.presets(kind) == [p["id"] for p in listed if p["kind"] == kind]
    assert "memexplorer/base" in llmwb.presets("system")


@pytest.mark.parametrize("kind", ["memory", "model", "workload", "device", "system"])
def test_every_preset_round_trips_through_its_document(kind):
    for preset in llmwb.presets(kind):
        spec = llmwb.load(kind, preset)
        assert spec.kind == kind and spec.id == preset
        again = llmwb.from_dict(kind, spec.to_dict(), id=spec.id)
        assert again == spec, preset


def test_fields_read_as_attributes_and_items_with_units_in_their_names():
    system = llmwb.load("system", "memexplorer/base")
    device = system.groups[0].device
    assert device.memory.off_chip[0]["count"] == device["memory"]["off_chip"][0].count
    assert system["/groups/0/device/memory/off_chip/0/count"] == device.memory.off_chip[0].count
    tech = llmwb.load("memory", "hbm3e-8h")
    assert "bandwidth_GBps" in tech
    assert tech.bandwidth_GBps > 0
    assert "frequency_MHz" in dir(llmwb.load("device", "memexplorer/base")["compute"])


def test_a_field_set_is_read_back_and_changes_the_evaluation():
    system = llmwb.load("system", "memexplorer/base")
    before = llmwb.evaluate(system, "llama-3.3-70b", "osworld").decode.tokens_per_s
    count = system.groups[0].device.memory.off_chip[0].count
    system.groups[0].device.memory.off_chip[0].count = count * 2
    assert system.groups[0].device.memory.off_chip[0].count == count * 2
    assert llmwb.evaluate(system, "llama-3.3-70b", "osworld").decode.tokens_per_s != before
    # the same edit through the CLI's --set gives the same result
    edited = llmwb.evaluate("memexplorer/base", "llama-3.3-70b", "osworld",
                            set={"/groups/0/device/memory/off_chip/0/count": count * 2})
    assert edited.decode.tokens_per_s == llmwb.evaluate(system, "llama-3.3-70b", "osworld").decode.tokens_per_s


def test_a_bad_value_raises_input_error_naming_the_field_and_keeps_the_old_value():
    model = llmwb.load("model", "llama-3.3-70b")
    with pytest.raises(llmwb.InputError) as e:
        model.hidden_size = -8
    assert e.value.field == "/hidden_size"
    assert "hidden_size" in str(e.value)
    assert model.hidden_size > 0
    # the same message as the CLI's for the same override, but for the origin
    message = cli_error("evaluate", "--system", "memexplorer/base", "--model", "llama-3.3-70b", "--workload", "osworld",
                        "--set", "model/hidden_size=-8")
    assert e.value.message in message
    with pytest.raises(llmwb.InputError) as e:
        model.hidden_sise = 8192
    assert e.value.field == "/hidden_sise"


def test_from_dict_refuses_what_a_file_would_refuse():
    document = llmwb.load("workload", "osworld").to_dict()
    document["input_tokens"] = "many"
    with pytest.raises(llmwb.InputError) as e:
        llmwb.from_dict("workload", document)
    assert e.value.field == "/input_tokens"
    assert isinstance(e.value, ValueError)
    with pytest.raises(llmwb.InputError) as e:
        llmwb.from_dict("workload", [1, 2])
    with pytest.raises(llmwb.InputError) as e:
        llmwb.from_dict("gadget", {})
    assert e.value.field == "kind"


def test_an_unknown_preset_names_the_argument():
    with pytest.raises(llmwb.InputError) as e:
        llmwb.evaluate("memexplorer/base", "no-such-model", "osworld")
    assert e.value.file == "argument model"
    assert "no model preset" in e.value.message
    with pytest.raises(llmwb.InputError) as e:
        llmwb.load("system", "memexplorer/nope")
    assert "memexplorer/base" in e.value.message  # suggests the family's presets
    with pytest.raises(llmwb.InputError) as e:
        llmwb.evaluate(llmwb.load("model", "llama-3.3-70b"), "llama-3.3-70b", "osworld")
    assert e.value.file == "argument system" and e.value.field == "kind"


def test_a_spec_copy_is_independent():
    a = llmwb.load("workload", "osworld")
    b = a.copy()
    b.input_tokens = 1000
    assert a.input_tokens != 1000 and b.input_tokens == 1000
    assert a.source == "osworld" and b.source == ""
