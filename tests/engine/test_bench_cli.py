"""The benchmark commands run and report every rule set (figures are not judged)."""
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


def test_the_kernel_benchmark_reports_every_rule_set():
    """scripts/bench/bench_kernel.py: a world sampled and played out in every rule set, a
    partnership game by its own play-out."""
    proc = subprocess.run([sys.executable, "scripts/bench/bench_kernel.py", "--deals", "1",
                           "--worlds", "2", "--repeats", "1"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    rows = [line.split() for line in proc.stdout.splitlines()[2:]]
    assert [r[0] for r in rows] == list(RULE_SETS)
    for name, positions, per_world, per_card in rows:
        assert int(positions) > 0 and float(per_world) > 0 and float(per_card) > 0, name
