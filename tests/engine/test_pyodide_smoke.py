"""The Pyodide-under-Node harness works and sees the repo's manni package."""
import sys

from pyodide_helper import PyodideError, run_in_pyodide

import pytest


def test_runs_python_314_in_pyodide():
    out = run_in_pyodide(
        "import sys\n"
        "print(sys.version_info[:2])\n"
        "print(sys.platform)\n"
        "import manni\n"
        "print(manni.__name__)\n"
    )
    lines = out.splitlines()
    major, minor = eval(lines[0])  # a tuple literal such as (3, 14)
    assert (major, minor) >= (3, 12)
    assert lines[1] == "emscripten"
    assert lines[2] == "manni"
    assert sys.platform != "emscripten"  # the test itself runs in CPython


def test_failure_is_reported():
    with pytest.raises(PyodideError, match="ZeroDivisionError"):
        run_in_pyodide("1 / 0")
