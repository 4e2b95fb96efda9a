"""Firefox (Gecko): Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi
(tests/e2e/firefox_check.cjs, which serves the site itself): the game boots, a deal's first
cards are played, a return visit starts from the runtime snapshot, a visited site plays
offline, Manille opens with four seats, and no console error is logged.

Where Firefox, Node or puppeteer-core (npm, package-lock.json) is missing the test is
skipped with the reason; ``MANNI_FIREFOX=required`` (set by scripts/test.sh where it installed
Firefox) makes that a failure instead.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from browser import check_vendored

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("firefox_check.cjs")


def firefox() -> str | None:
    return os.environ.get("FIREFOX") or shutil.which("firefox-esr") or shutil.which("firefox")


def missing() -> str | None:
    """What this machine lacks to run the test, or None."""
    if not firefox():
        return "Firefox (apt-get install firefox-esr; scripts/test.sh does)"
    if not shutil.which("node"):
        return "Node.js"
    found = subprocess.run(["node", "-e", "require.resolve('puppeteer-core')"], cwd=ROOT,
                           capture_output=True)
    if found.returncode:
        return "puppeteer-core (npm ci; scripts/test.sh does)"
    return None


def test_firefox_boots_plays_returns_from_the_snapshot_plays_offline_and_opens_manille():
    problem = missing()
    if problem:
        if os.environ.get("MANNI_FIREFOX") == "required":
            pytest.fail(f"Firefox was to be installed but {problem} is missing", pytrace=False)
        pytest.skip(f"cannot drive Firefox here: {problem} is missing")
    problem = check_vendored()
    if problem:
        pytest.fail(problem, pytrace=False)
    run = subprocess.run(["node", str(SCRIPT), firefox()], cwd=ROOT, capture_output=True,
                         text=True, timeout=900)
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    assert lines, f"no result from {SCRIPT.name}: {run.stdout[-2000:]}{run.stderr[-2000:]}"
    result = json.loads(lines[-1])
    assert result["ok"] and run.returncode == 0, json.dumps(result, indent=1)
    assert result["steps"] == ["boot", "first cards", "return visit from the snapshot",
                               "offline", "Manille's four seats", "no console error"]
