"""The engine benchmark command runs and reports every rule set (figures are not judged)."""
import json
import subprocess
import sys

from manni.rules import RULE_SETS

from engine_support import ROOT


def test_bench_reports_every_rule_set_as_json():
    proc = subprocess.run([sys.executable, "-m", "manni", "bench", "--deals", "5",
                           "--repeats", "1", "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert [r["rules"] for r in rows] == list(RULE_SETS)
    for r in rows:
        assert r["checked_deals_per_s"] > 0 and r["search_deals_per_s"] > 0
