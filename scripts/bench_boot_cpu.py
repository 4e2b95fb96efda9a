#!/usr/bin/env python3
"""Where a first visit's CPU time goes: by process and thread, the app against bare Pyodide.

Unthrottled on a machine of few cores, whatever the page makes any process do while Python
starts lengthens the start by about as much: this adds up, from navigation to playable, the
CPU time of every thread of Chromium's processes (the browser, the renderer, the GPU and
network services), of Playwright's driver and of this script (its server), read from /proc
(Linux), for alternating first visits of the pages, each in a fresh profile as in
scripts/bench_boot.py. Printed: each page's medians, then the threads by the app's excess
over bare Pyodide (means, 10 ms clock ticks).

    python3 scripts/bench_boot_cpu.py --runs 8
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_boot  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def processes() -> dict[int, tuple[int, str]]:
    """pid -> (parent pid, command line) of every process."""
    out = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                stat = Path(f"/proc/{name}/stat").read_text()
                cmd = Path(f"/proc/{name}/cmdline").read_bytes().replace(b"\0", b" ").decode(
                    errors="replace")
            except OSError:
                continue
            out[int(name)] = (int(stat.rsplit(")", 1)[1].split()[1]), cmd)
    return out


def kind(cmd: str) -> str:
    """Chromium's name for a process: browser, renderer, gpu-process, utility:<service>."""
    m = re.search(r"--type=(\S+)", cmd)
    if not m:
        return "browser"
    if m.group(1) != "utility":
        return m.group(1)
    sub = re.search(r"--utility-sub-type=(\S+)", cmd)
    return "utility:" + (sub.group(1).split(".")[-1] if sub else "?")


def watched(profile: str) -> dict[int, str]:
    """pid -> a name, for the browser started on `profile` and its descendants, Playwright's
    driver and this process."""
    procs = processes()
    roots = [pid for pid, (_, cmd) in procs.items() if profile in cmd and "--type=" not in cmd]
    children = collections.defaultdict(list)
    for pid, (parent, _) in procs.items():
        children[parent].append(pid)
    out, todo = {}, roots
    while todo:
        pid = todo.pop()
        out[pid] = kind(procs[pid][1])
        todo += children[pid]
    for pid, (_, cmd) in procs.items():
        if "run-driver" in cmd:
            out[pid] = "playwright-driver"
    out[os.getpid()] = "this script"
    return out


def cpu_times(pids: dict[int, str]) -> dict[tuple[int, int], tuple[str, str, float]]:
    """(pid, tid) -> (process, thread name without its number, CPU seconds so far)."""
    out = {}
    for pid, name in pids.items():
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
            except OSError:
                continue
            comm = re.sub(r"\d+$", "", stat[stat.index("(") + 1:stat.rindex(")")])
            fields = stat.rsplit(")", 1)[1].split()
            out[(pid, int(tid))] = (name, comm, (int(fields[11]) + int(fields[12])) / TICK)
    return out


def visit(p, url: str) -> tuple[float, collections.Counter]:
    """One first visit: (playable in ms, CPU seconds by (process, thread))."""
    with tempfile.TemporaryDirectory(prefix="manni-cpu-") as profile:
        ctx = p.chromium.launch_persistent_context(
            profile, **bench_boot.launch_args(), viewport={"width": 360, "height": 740})
        try:
            ctx.add_init_script(bench_boot.PHASE_PROBE)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto("about:blank")
            pids = watched(profile)
            before = cpu_times(pids)
            ready = bench_boot.measure(page, url)["ready"]
            after = cpu_times(watched(profile))
        finally:
            ctx.close()
    spent: collections.Counter = collections.Counter()
    for key, (name, comm, t) in after.items():
        spent[(name, comm)] += t - before.get(key, (name, comm, 0.0))[2]
    return ready, spent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=8, help="first visits per page (default 8)")
    args = ap.parse_args()
    if not Path("/proc/self/task").is_dir():
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
