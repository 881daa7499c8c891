# SPDX-License-Identifier: GPL-3.0-or-later
"""The type stub (__init__.pyi) and the docstrings describe the module as it is."""
import ast
import inspect
import pathlib

import llmwb

STUB = ast.parse((pathlib.Path(llmwb.__file__).parent / "__init__.pyi").read_text())


def _stub_names():
    return {n.name: n for n in STUB.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}


def test_every_public_name_is_in_the_stub_and_documented():
    stub = _stub_names()
    for name in llmwb.__all__:
        assert name in stub, f"{name} is missing from __init__.pyi"
        assert inspect.getdoc(getattr(llmwb, name)), f"llmwb.{name} has no docstring"
    assert "evaluate" in llmwb.__doc__ and "InputError" in llmwb.__doc__


def test_the_stubs_functions_take_the_modules_parameters():
    for name, node in _stub_names().items():
        if not isinstance(node, ast.FunctionDef):
            continue
        real = inspect.signature(getattr(llmwb, name))
        args = node.args
        stubbed = [a.arg for a in args.args] + [a.arg for a in args.kwonlyargs]
        assert stubbed == list(real.parameters), name
        keyword_only = [p.name for p in real.parameters.values() if p.kind is inspect.Parameter.KEYWORD_ONLY]
        assert [a.arg for a in args.kwonlyargs] == keyword_only, name


def test_the_stubs_classes_have_the_modules_members():
    for name, node in _stub_names().items():
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(llmwb, name)
        for member in node.body:
            if isinstance(member, ast.FunctionDef) and not member.name.startswith("__"):
                assert hasattr(cls, member.name), f"{name}.{member.name} is in the stub, not in the module"
            if isinstance(member, ast.AnnAssign) and name != "Project" and name != "InputError":
                assert hasattr(cls, member.target.id), f"{name}.{member.target.id}"
    phase_stub = next(n for n in STUB.body if isinstance(n, ast.ClassDef) and n.name == "Phase")
    stubbed = {m.name for m in phase_stub.body if isinstance(m, ast.FunctionDef)}
    real = {n for n in dir(llmwb.Phase) if not n.startswith("_")}
    assert stubbed == real


def test_every_figure_of_a_result_is_documented():
    for cls in (llmwb.Evaluation, llmwb.Phase):
        for name in dir(cls):
            if not name.startswith("_"):
                assert inspect.getdoc(getattr(cls, name)), f"{cls.__name__}.{name} has no docstring"
