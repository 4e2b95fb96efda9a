"""scripts/bench/bench_boot.py's step table: the app's steps beside the same steps of the bare page."""
from __future__ import annotations

import bench_boot


def _run(steps: dict, wasm: float) -> dict:
    return {"steps_first": [steps], "arrived_first": [{"pyodide.asm.wasm": wasm}]}


def test_the_bare_pages_own_steps_stand_beside_the_apps():
    app = _run({"python-start": [5000.0, 3000.0], "first-render": [8500.0, 200.0]}, 4800.0)
    bare = _run({"python-start": [4900.0, 2600.0]}, 4700.0)
    lines = bench_boot.step_table({"app": app, "bare": bare}, "first")
    assert lines[0].split()[-2:] == ["ends", "takes"] and "bare" in lines[0]
    row = {line.split()[0]: line.split()[1:] for line in lines[1:]}
    # app: starts, takes, ends; bare: ends, takes
    assert row["python-start"] == ["5.00s", "3.00s", "8.00s", "7.50s", "2.60s"]
    assert row["first-render"] == ["8.50s", "0.20s", "8.70s"]  # not a step of the bare page
    assert row["pyodide.asm.wasm"] == ["4.80s", "4.70s"]


def test_the_ratios_interval_holds_the_ratio_and_narrows_with_more_runs():
    app = [9000.0, 9400.0, 8800.0, 9900.0, 9100.0, 8700.0]
    bare = [8300.0, 8600.0, 8100.0, 9000.0, 8500.0, 8000.0]
    low, high = bench_boot.ratio_interval(app, bare)
    ratio = bench_boot.median(app) / bench_boot.median(bare)
    assert low < ratio < high
    # seeded: the same figures, the same interval
    assert bench_boot.ratio_interval(app, bare) == (low, high)
    low4, high4 = bench_boot.ratio_interval(app * 4, bare * 4)
    assert low <= low4 < ratio < high4 <= high and high4 - low4 < high - low
    # a run without a figure for one page is left out whole
    assert bench_boot.ratio_interval(app + [None], bare + [7000.0]) == (low, high)
