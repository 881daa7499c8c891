# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared by the Python module's tests: the CLI to compare with, the source tree's files."""
import json
import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("LLMWB_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
CLI = os.environ.get("LLMWB_CLI", str(SOURCE / "build" / "app" / "cli" / "llmwb-cli"))
PROJECTS = sorted((SOURCE / "presets" / "projects").glob("*.llmwb"))


def cli_json(*args):
    """`llmwb-cli ARGS`'s standard output as Python objects (the command must succeed)."""
    done = subprocess.run([CLI, *args], capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"llmwb-cli {' '.join(args)} failed: {done.stderr}"
    return json.loads(done.stdout)


def cli_error(*args):
    """`llmwb-cli ARGS`'s error message (the command must fail with status 1: bad input)."""
    done = subprocess.run([CLI, *args], capture_output=True, text=True, check=False)
    assert done.returncode == 1, f"llmwb-cli {' '.join(args)} did not refuse its input: {done.stdout}"
    return done.stderr.strip()


@pytest.fixture(scope="session")
def source():
    return SOURCE
