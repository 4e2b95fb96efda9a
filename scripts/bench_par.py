#!/usr/bin/env python3
"""Par's time per rule set in CPython: a finished first deal (Easy in every seat) of a few
seeds, then par (Expert in seat 0, ``--level`` elsewhere) timed; median and max seconds.

Usage: python3 scripts/bench_par.py [--level medium] [--seeds 5]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from manni.bots import make_bot  # noqa: E402
from manni.match import Match  # noqa: E402
from manni.par import par_of  # noqa: E402

CASES = [("classic", {}), ("hornafjordur", {}), ("trjamann", {}), ("laugavatn", {}),
         ("manille", {"talk": True}), ("manille", {"talk": False})]


def finished(rules: str, options: dict, seed: int) -> Match:
    m = Match(rules, options, seed=seed)
    bots = {s: make_bot("easy", seed=s) for s in range(m.rules.seats)}
    while not m.deal_scores:
        s = m.turn
        m.apply(bots[s].choose(m.view(s)), s)
    return m


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="medium")
    ap.add_argument("--seeds", type=int, default=5)
    args = ap.parse_args()
    for rules, options in CASES:
        times = []
        for seed in range(args.seeds):
            m = finished(rules, options, seed)
            t = time.perf_counter()
            par_of(m, 0, args.level)
            times.append(time.perf_counter() - t)
        print(f"{rules:13} {options!s:16} median {statistics.median(times):.2f} s"
              f"  max {max(times):.2f} s")


if __name__ == "__main__":
    main()
