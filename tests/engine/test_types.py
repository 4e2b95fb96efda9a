"""The type checker passes over manni/ (configuration: mypy.ini)."""
from __future__ import annotations

import subprocess
import sys

from engine_support import ROOT


def test_mypy_finds_no_errors_in_manni():
    proc = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success: no issues found" in proc.stdout
