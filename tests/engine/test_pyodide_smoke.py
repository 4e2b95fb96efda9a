"""The Pyodide-under-Node harness runs the pinned Python and the repo's manni package."""
from pathlib import Path

import pytest

from manni import Match
from pyodide_helper import PyodideError, run_in_pyodide


def test_runs_the_pinned_python_314_and_this_repos_manni():
    out = run_in_pyodide(
        "import sys, manni\n"
        "print(sys.version_info[:2], sys.platform)\n"
        "print(manni.Match('hornafjordur', seed=7).deal.hands)\n"
    )
    lines = out.splitlines()
    assert lines[0] == "(3, 14) emscripten"  # pyodide 314.x (package.json)
    assert lines[1] == str(Match("hornafjordur", seed=7).deal.hands)  # same code, same deal


def test_failure_is_reported():
    with pytest.raises(PyodideError, match="ZeroDivisionError"):
        run_in_pyodide("1 / 0")


def test_the_review_benchmark_runs_in_pyodide_as_its_docstring_says():
    """scripts/bench/bench_review.py is run under Node's Pyodide, whose standard library is the
    page's trimmed one."""
    script = Path(__file__).resolve().parents[2] / "scripts" / "bench" / "bench_review.py"
    lines = run_in_pyodide(script.read_text()).splitlines()
    assert [line.split(":")[0] for line in lines] == ["classic", "hornafjordur"]
    assert all("review of a deal" in line and "longest slice" in line for line in lines)
