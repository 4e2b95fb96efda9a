#!/usr/bin/env python3
"""A long session in one tab: does memory grow or do the bots slow down over many deals?

Boots index.html from 127.0.0.1 in headless Chromium, once plainly (?snapshot=0) and once
restored from the runtime snapshot (a first visit makes it, the return visit restores it),
and on each plays N deals at the fastest speed (the player's first playable card; a match
that ends is followed by a new one). Every few deals it prints the renderer processes'
resident memory, the JS heap and the DOM's node count; at the end, the opponents' decision
times (the time from the move before to theirs: at the fastest speed, all thinking) over the
first and the last deals. Not a test; it only prints figures.

Usage: python3 scripts/bench/bench_soak.py [--deals 20] [--every 5] [--level hard]
                                    [--boots plain,snapshot]
Needs: npm ci && python3 scripts/vendor.py, and playwright (requirements-dev.txt).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from browser import StaticServer, check_vendored, launch_args  # noqa: E402
from manni_page import BOOTS, WATCH_MOVES, boot_as, start_match, step  # noqa: E402

MB = 1024 * 1024
MEMORY = """() => ({heap: performance.memory.usedJSHeapSize,
  nodes: document.getElementsByTagName('*').length})"""


def renderer_rss(browser) -> int:
    """Bytes resident in the browser's renderer processes (from /proc)."""
    cdp = browser.new_browser_cdp_session()
    try:
        procs = cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        cdp.detach()
    total = 0
    for proc in procs:
        if proc["type"] != "renderer":
            continue
        try:
            status = Path(f"/proc/{proc['id']}/status").read_text()
        except OSError:
            continue
        kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
        total += kb * 1024
    return total


def decisions(moves: list) -> list[float]:
    """ms an opponent took for each of its moves (from the move before)."""
    return [b[0] - a[0] for a, b in zip(moves, moves[1:])
            if a[2] != "you" and b[1] == a[1] + 1 and a[3] in ("play", "exchange")]


def summary(ms: list[float]) -> str:
    if not ms:
        return "no moves"
    w = sorted(ms)
    p95 = w[min(len(w) - 1, round(0.95 * (len(w) - 1)))]
    return f"{len(w)} moves, median {statistics.median(w):.0f} ms, p95 {p95:.0f} ms"


def soak(browser, url: str, mode: str, deals: int, every: int, level: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    say(f"{mode} boot, {deals} deals at the fastest speed, {level} opponents:")
    try:
        page = context.new_page()
        boot_as(page, url, mode)
        st = start_match(page, "classic", 20, level=level, speed="fastest")
        page.evaluate(WATCH_MOVES)
        firsts: list[float] = []
        done = 0

        def report() -> None:
            m = page.evaluate(MEMORY)
            say(f"  after {done:3} deals: renderer {renderer_rss(browser) / MB:6.0f} MB,"
                         f" JS heap {m['heap'] / MB:5.1f} MB, {m['nodes']} elements")
        report()
        while done < deals:
            if st["phase"] == "match-over":
                st = start_match(page, "classic", 20, level=level, speed="fastest")
                continue
            before = st["phase"]
            st = step(page)
            if st["phase"] in ("deal-over", "match-over") and before == "play":
                done += 1
                if done == every:
                    firsts = decisions(page.evaluate("window.__moves"))
                if done == deals - every:
                    page.evaluate("window.__moves.length = 0")
                if done % every == 0:
                    report()
        lasts = decisions(page.evaluate("window.__moves"))
        say(f"  decisions, first {every} deals: {summary(firsts)}")
        say(f"  decisions, last {every} deals:  {summary(lasts)}")
    finally:
        context.close()


def say(line: str) -> None:
    print(line, flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--every", type=int, default=5, help="report memory every this many deals")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--boots", default=",".join(BOOTS), help="plain, snapshot or both")
    args = ap.parse_args()
    problem = check_vendored()
    if problem:
        print(f"bench_soak.py: {problem}", file=sys.stderr)
        return 1
    every = max(1, min(args.every, args.deals))
    from playwright.sync_api import sync_playwright
    with StaticServer() as server, sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        try:
            for mode in args.boots.split(","):
                soak(browser, f"{server.url}/index.html", mode, args.deals, every, args.level)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
