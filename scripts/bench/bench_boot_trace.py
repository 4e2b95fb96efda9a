#!/usr/bin/env python3
"""What a first visit's CPU time is spent on: by thread and trace event, the app against
bare Pyodide.

scripts/bench/bench_boot_cpu.py says which threads work more on the app's page; this says at
what. Each page is opened in a fresh profile (as in scripts/bench/bench_boot.py, unthrottled)
under a Chromium trace, and the thread time (`tdur`) of its events is added up from
navigation to playable (the page's user-timing mark: `manni:playable` on the app's page,
`manni:runtime-started` on the bare one). A thread's outermost events are counted under
their own names; a generic task (running a posted task, a microtask checkpoint, an I/O
wake-up) under the names of the events it holds, and what it does besides as "(task)".
Tracing slows the pages down: compare the pages with each other, not with bench_boot.py.
Printed: the medians of each page, the rows by the app's excess over bare Pyodide.

    python3 scripts/bench/bench_boot_trace.py --runs 5
"""
from __future__ import annotations

import argparse
import base64
import collections
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_boot  # noqa: E402

CATEGORIES = ["toplevel", "devtools.timeline", "v8", "v8.wasm", "blink.user_timing", "loading",
              "cc"]
# Events that only run others: counted by what they hold.
WRAPPERS = {"ThreadPool_RunTask", "ThreadControllerImpl::RunTask",
            "BlinkScheduler_PerformMicrotaskCheckpoint", "EpollEvent"}
# The app's page marks both, Python's start before its table: its end is the first.
END_MARKS = ("manni:playable", "manni:runtime-started")
Key = tuple[str, str, str]  # (process, thread, event)


def thread_label(name: str) -> str:
    return "thread pool" if name.startswith("ThreadPool") else name


def cpu_by_event(events: list[dict]) -> collections.Counter[Key]:
    """Milliseconds of thread time by (process, thread, event) of the events that start
    between the first navigationStart and the page's end: its first mark of the first of
    END_MARKS it has (the trace's end, if none)."""
    procs = {e["pid"]: e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "process_name"}
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    navigations = [e["ts"] for e in events if e.get("name") == "navigationStart"]
    start = min(navigations) if navigations else float("-inf")
    marks = {name: [e["ts"] for e in events if e.get("name") == name and e.get("ph") != "M"]
             for name in END_MARKS}
    end = next((min(ts) for ts in marks.values() if ts), float("inf"))
    spans = sorted((e for e in events if e.get("ph") == "X" and "tdur" in e
                    and start <= e["ts"] <= end),
                   key=lambda e: (e["pid"], e["tid"], e["ts"], -e.get("dur", 0)))
    out: collections.Counter[Key] = collections.Counter()
    open_spans: dict[tuple, list[tuple[float, dict]]] = {}
    for e in spans:
        where = (e["pid"], e["tid"])
        key = (procs.get(e["pid"], "?"), thread_label(threads.get(where, "?")))
        stack = open_spans.setdefault(where, [])
        while stack and stack[-1][0] <= e["ts"]:
            stack.pop()
        ms = e["tdur"] / 1000
        if not stack:
            out[key + ("(task)" if e["name"] in WRAPPERS else e["name"],)] += ms
        elif len(stack) == 1 and stack[0][1]["name"] in WRAPPERS:
            out[key + (e["name"],)] += ms
            out[key + ("(task)",)] -= ms
        stack.append((e["ts"] + e.get("dur", 0), e))
    return out


def traced_visit(p, url: str) -> list[dict]:
    """One first visit's trace events, up to playable."""
    with bench_boot.fresh_page(p, False, bench_boot.PHASE_PROBE) as page:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES,
                                                   "recordMode": "recordAsMuchAsPossible"},
                                   "transferMode": "ReturnAsStream"})
        bench_boot.open_until_ready(page, url)
        done: dict = {}
        cdp.on("Tracing.tracingComplete", lambda e: done.update(e))
        cdp.send("Tracing.end")
        while not done:
            page.wait_for_timeout(50)
        chunks = []
        while True:
            r = cdp.send("IO.read", {"handle": done["stream"], "size": 1 << 20})
            chunks.append(base64.b64decode(r["data"]) if r.get("base64Encoded")
                          else r["data"].encode())
            if r.get("eof"):
                break
    trace = json.loads(b"".join(chunks))
    return trace["traceEvents"] if isinstance(trace, dict) else trace


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="first visits per page (default 5)")
    ap.add_argument("--rows", type=int, default=30, help="rows printed (default 30)")
    args = ap.parse_args()
    problem = bench_boot.check_vendored()
    if problem:
        print(f"bench_boot_trace.py: {problem}", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    pages = ("app", "bare")
    res: dict[str, list[collections.Counter[Key]]] = {name: [] for name in pages}
    with bench_boot.GzipServer() as server, sync_playwright() as p:
        for i in range(args.runs):
            for name in (pages if i % 2 == 0 else pages[::-1]):
                res[name].append(cpu_by_event(traced_visit(p, server.url + bench_boot.PAGES[name])))
                print(f"run {i + 1}/{args.runs} {name}", file=sys.stderr)

    def med(name: str, pick) -> float:
        return statistics.median(sum(v for k, v in c.items() if pick(k)) for c in res[name])

    print(f"Thread time from navigation to playable, first visits, {args.runs} runs, traced,"
          " medians in ms")
    print(f"{'':62}{'app':>8}{'bare':>8}{'excess':>8}")
    print(f"{'all':62}{med('app', bool):>8.0f}{med('bare', bool):>8.0f}"
          f"{med('app', bool) - med('bare', bool):>+8.0f}")
    threads = sorted({k[:2] for rs in res.values() for c in rs for k in c})
    rows = [(f"{t[0]} / {t[1]}", med("app", lambda k, t=t: k[:2] == t),
             med("bare", lambda k, t=t: k[:2] == t)) for t in threads]
    for label, a, b in sorted(rows, key=lambda r: r[2] - r[1]):
        if max(a, b) >= 5:
            print(f"{label:62.62}{a:>8.0f}{b:>8.0f}{a - b:>+8.0f}")
    print()
    events = {k for rs in res.values() for c in rs for k in c}
    rows = [(" / ".join(k), med("app", lambda x, k=k: x == k), med("bare", lambda x, k=k: x == k))
            for k in events]
    rows.sort(key=lambda r: -abs(r[1] - r[2]))
    for label, a, b in rows[:args.rows]:
        print(f"{label:62.62}{a:>8.1f}{b:>8.1f}{a - b:>+8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
