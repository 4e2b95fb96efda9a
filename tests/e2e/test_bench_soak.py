"""scripts/bench/bench_soak.py runs (with one deal a boot): no figure is asserted, only that each
boot played its deals and reported memory and decision times."""
import re
import subprocess
import sys

from browser import ROOT


def test_soak_benchmark_plays_and_reports_both_boots():
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench" / "bench_soak.py"), "--deals", "1",
                          "--every", "1", "--level", "easy"],
                         capture_output=True, text=True, timeout=600, check=True).stdout
    for mode in ("plain", "snapshot"):
        section = out.split(f"{mode} boot,", 1)[1].split(" boot,", 1)[0]
        memory = re.findall(r"after +(\d+) deals: renderer +(\d+) MB, JS heap +([\d.]+) MB",
                            section)
        assert [int(m[0]) for m in memory] == [0, 1], out
        assert all(int(m[1]) > 0 and float(m[2]) > 0 for m in memory), out
        assert re.search(r"decisions, first 1 deals: [1-9]\d* moves, median \d+ ms", section), out
        assert re.search(r"decisions, last 1 deals: +[1-9]\d* moves", section), out
