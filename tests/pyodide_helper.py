"""Run Python code in the real Pyodide runtime (under Node) from a test.

    from pyodide_helper import run_in_pyodide

    def test_something():
        out = run_in_pyodide("import manni; print(manni.__name__)")
        assert out == "manni\\n"

The repo's manni/ package is importable (mounted live, no rebuild needed).
Each call starts a fresh Pyodide (~2-3 s), so batch checks into one snippet.
If Node or Pyodide is missing the test FAILS (never skips): CI must run these.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "scripts" / "pyodide_run.mjs"


class PyodideError(AssertionError):
    """The snippet raised (or exited non-zero) inside Pyodide."""


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: Pyodide tests need Node.js (>= 18). "
                    "Install it, then run `npm ci`.", pytrace=False)
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file() and not (
        ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs"
    ).is_file():
        pytest.fail("Pyodide is not installed: run `npm ci` (or `bash scripts/test.sh`).",
                    pytrace=False)
    return node


def run_in_pyodide(code: str, *, timeout: float = 120, check: bool = True) -> str:
    """Run ``code`` as ``__main__`` in Pyodide and return what it printed to stdout.

    With ``check`` (default) a non-zero exit (uncaught exception, ``sys.exit(n)``)
    raises :class:`PyodideError` carrying stdout and stderr. Top-level ``await`` works.
    """
    proc = subprocess.run(
        [_node(), str(RUNNER)],
        input=code,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        cwd=ROOT,
    )
    if check and proc.returncode != 0:
        raise PyodideError(
            f"Pyodide run failed with exit code {proc.returncode}\n"
            f"--- code ---\n{code}\n--- stdout ---\n{proc.stdout}--- stderr ---\n{proc.stderr}"
        )
    return proc.stdout
