#!/usr/bin/env python3
"""Where a first visit's CPU time goes: by process and thread, the app against bare Pyodide.

Unthrottled on a machine of few cores, whatever the page makes any process do while Python
starts lengthens the start by about as much: this adds up, from navigation to playable (read
as the page's data-phase leaves "loading"), the CPU time of every thread of Chromium's
processes (the browser, the renderer, the GPU and network services), of Playwright's driver
and of this script (its server), read from /proc (Linux), for alternating first visits of
the pages, each in a fresh profile as in scripts/bench/bench_boot.py. Printed: each page's
medians, then the threads by the app's excess over bare Pyodide (means, 10 ms clock ticks).

    python3 scripts/bench/bench_boot_cpu.py --runs 8
"""
from __future__ import annotations

import argparse
import collections
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_boot  # noqa: E402
from browser_procs import HAS_PROC, cpu_times, watched  # noqa: E402

def visit(p, url: str) -> tuple[float, collections.Counter]:
    """One first visit: (playable in ms, CPU seconds by (process, thread) up to playable:
    read when the page calls back, not when the benchmark has seen it, by which time the
    app's page is busy with what comes after its first table)."""
    with bench_boot.fresh_context(p, False, bench_boot.PHASE_PROBE) as (page, profile):
        at_playable: dict = {}

        def playable() -> None:
            if not at_playable:
                at_playable.update(cpu_times(watched(profile)))

        page.expose_function("__bootReadyCall", playable)
        page.goto("about:blank")
        before = cpu_times(watched(profile))
        ready = bench_boot.measure(page, url)["ready"]
        after = at_playable or cpu_times(watched(profile))
    spent: collections.Counter = collections.Counter()
    for key, (name, comm, t) in after.items():
        spent[(name, comm)] += t - before.get(key, (name, comm, 0.0))[2]
    return ready, spent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=8, help="first visits per page (default 8)")
    args = ap.parse_args()
    if not HAS_PROC:
        print("bench_boot_cpu.py: needs Linux's /proc", file=sys.stderr)
        return 1
    problem = bench_boot.check_vendored()
    if problem:
        print(f"bench_boot_cpu.py: {problem}", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    pages = ("app", "bare")
    res: dict[str, list] = {name: [] for name in pages}
    with bench_boot.GzipServer() as server, sync_playwright() as p:
        for i in range(args.runs):
            for name in pages:
                res[name].append(visit(p, server.url + bench_boot.PAGES[name]))
                print(f"run {i + 1}/{args.runs} {name}: {res[name][-1][0] / 1000:.2f} s",
                      file=sys.stderr)
    print(f"CPU time from navigation to playable, first visits, {args.runs} runs, unthrottled")
    for name in pages:
        print(f"{bench_boot.LABELS[name]:18} playable {statistics.median(r for r, _ in res[name]) / 1000:.2f} s"
              f" (median), CPU {statistics.median(sum(s.values()) for _, s in res[name]):.2f} s")
    keys = {k for rs in res.values() for _, s in rs for k in s}
    mean = {name: {k: statistics.mean(s.get(k, 0.0) for _, s in res[name]) for k in keys}
            for name in pages}
    print(f"{'process':24}{'thread':26}{'app':>8}{'bare':>8}{'excess':>9}")
    for k in sorted(keys, key=lambda k: mean["bare"][k] - mean["app"][k]):
        a, b = mean["app"][k], mean["bare"][k]
        if max(a, b) >= 0.005:
            print(f"{k[0]:24}{k[1]:26}{a:>7.3f}s{b:>7.3f}s{a - b:>+8.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
