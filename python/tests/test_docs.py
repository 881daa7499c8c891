# SPDX-License-Identifier: GPL-3.0-or-later
"""docs/python.md's examples run as written, in order, in one namespace; their figures are kept
in build/python/doc-figures/ (LLMWB_DOC_FIGURES) to be looked at."""
import os
import pathlib
import re

import pytest

from conftest import SOURCE

DOC = SOURCE / "docs" / "python.md"


def _blocks():
    return re.findall(r"^```python\n(.*?)^```", DOC.read_text(), flags=re.S | re.M)


def test_the_docs_have_examples():
    assert len(_blocks()) >= 6


def test_the_docs_examples_run(tmp_path, monkeypatch, capsys):
    pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    out = pathlib.Path(os.environ.get("LLMWB_DOC_FIGURES", tmp_path))
    out.mkdir(parents=True, exist_ok=True)
    monkeypatch.chdir(out)
    namespace = {"__name__": "__docs__"}
    for number, block in enumerate(_blocks(), 1):
        try:
            exec(compile(block, f"{DOC.name} example {number}", "exec"), namespace)
        except Exception as e:  # pragma: no cover - the message says which example
            raise AssertionError(f"{DOC.name} example {number} failed: {e!r}") from e
    for figure in ("batch-sweep.png", "serving-curve.png", "convergence.png"):
        assert (out / figure).stat().st_size > 10_000, figure
    printed = capsys.readouterr().out
    assert "TTFT" in printed and "hbm4-12h" in printed
