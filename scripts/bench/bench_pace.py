#!/usr/bin/env python3
"""How long an opponent's move takes at the table, as the player waits for it.

Boots index.html from 127.0.0.1 in headless Chromium, starts a Classic match at one level
and speed, and plays the player's cards (the first playable) for a number of tricks while
a MutationObserver notes when each move lands (#table[data-actions]). Prints, over the
opponents' moves, the median / p95 / max time from the move before (which includes the
speed's pause: 600 ms a card and 1300 ms after a finished trick at normal speed). Not a
test; it only prints figures.

Usage: python3 scripts/bench/bench_pace.py [--level hard] [--speed normal] [--tricks 8] [--phone]
--phone throttles the page's CPU 4x (DevTools' CPU throttling, as bench_boot.py --phone).
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
from manni_page import WATCH_MOVES, boot, start_match, step  # noqa: E402
from manni.ui.settings import SPEEDS  # noqa: E402

PHONE_CPU = 4  # as bench_boot.py and bench_bots_browser.py


def waits(level: str, speed: str, tricks: int, phone: bool, seed: int) -> list[tuple[bool, float]]:
    """The opponents' moves in play: (did it follow a finished trick, ms since the move
    before)."""
    from playwright.sync_api import sync_playwright
    with StaticServer() as server, sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        try:
            page = browser.new_page(viewport={"width": 360, "height": 740})
            boot(page, f"{server.url}/index.html?snapshot=0&seed={seed}")
            if phone:
                cdp = page.context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})
            st = start_match(page, "classic", 20, level=level, speed=speed)
            while st["phase"] == "exchange":
                st = step(page)
            page.evaluate(WATCH_MOVES)
            for _ in range(tricks):
                if st["phase"] != "play":
                    break
                st = step(page)
            moves = page.evaluate("window.__moves")
        finally:
            browser.close()
    # A move made while it was not the player's turn is an opponent's.
    return [(a[4], b[0] - a[0]) for a, b in zip(moves, moves[1:])
            if a[2] != "you" and a[3] == "play" and b[1] == a[1] + 1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="hard")
    ap.add_argument("--speed", default="normal")
    ap.add_argument("--tricks", type=int, default=8, help="the player's cards to play")
    ap.add_argument("--seed", type=int, default=1, help="the page's ?seed= (the deals)")
    ap.add_argument("--phone", action="store_true",
                    help=f"throttle the page's CPU {PHONE_CPU}x (phone-class)")
    args = ap.parse_args()
    problem = check_vendored()
    if problem:
        print(f"bench_pace.py: {problem}", file=sys.stderr)
        return 1
    got = waits(args.level, args.speed, args.tricks, args.phone, args.seed)
    if not got:
        print("bench_pace.py: no opponent moves were seen", file=sys.stderr)
        return 1
    where = f"phone-class (CPU {PHONE_CPU}x)" if args.phone else "unthrottled"
    print(f"{args.level} at {args.speed} speed, {where}, ms from the move before:")
    move_ms, trick_ms = SPEEDS[args.speed]
    for after_trick, pause, what in ((False, move_ms, "within a trick"),
                                     (True, max(move_ms, trick_ms), "leading a trick")):
        w = sorted(ms for done, ms in got if done == after_trick)
        if w:
            p95 = w[min(len(w) - 1, round(0.95 * (len(w) - 1)))]
            print(f"  {what:16} (pause {pause} ms): {len(w):3} moves, median "
                  f"{statistics.median(w):.0f}, p95 {p95:.0f}, max {w[-1]:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
