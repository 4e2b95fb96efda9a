"""Shared test set-up. Browser fixtures live in tests/e2e/conftest.py.

- tests/engine: fast pure-Python tests (`python -m pytest tests/engine`).
- tests/e2e: browser tests, marked `e2e` automatically (deselect: `-m "not e2e"`).
- Python in real Pyodide under Node: `from pyodide_helper import run_in_pyodide`,
  or the `pyodide` fixture below.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
# `import manni`, `import pyodide_helper`, and the scripts under test (`import vendor`, `import game_zips`, ...)
for p in (str(ROOT / "scripts" / "bench"), str(ROOT / "scripts"), str(ROOT), str(TESTS)):
    if p not in sys.path:
        sys.path.insert(0, p)

E2E_DIR = TESTS / "e2e"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if E2E_DIR in Path(item.path).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture
def pyodide():
    """The run_in_pyodide(code) -> stdout function (see tests/pyodide_helper.py)."""
    from pyodide_helper import run_in_pyodide
    return run_in_pyodide
