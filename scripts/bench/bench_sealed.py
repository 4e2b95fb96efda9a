"""CPU time per seat per sealed deal, in CPython, for each rule set.

    python3 scripts/bench/bench_sealed.py [--runs 5] [--rules classic,manille]

Plays whole deals with one SealedSeat per seat in this process (every message to every
page, random legal decisions) and times each page's own work (``time.process_time``
around its start, act and receive calls). Prints, per rule set, the median over runs of
the mean and of the largest per-seat time. Nothing else should run beside it.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from manni.actions import Discard, Play  # noqa: E402
from manni.cards import cards_of  # noqa: E402
from manni.rules import get_rules  # noqa: E402
from manni.sealed.seat import SealedSeat  # noqa: E402

VARIANTS = {"classic": {}, "hornafjordur": {}, "trjamann": {}, "laugavatn": {}, "manille": {}}


def one_deal(rules: str, seed: int) -> list[float]:
    n = get_rules(rules).seats
    pages = [SealedSeat("0" * 32, 1, s, rules, VARIANTS[rules], seed % n) for s in range(n)]
    spent = [0.0] * n
    rnd = random.Random(seed)

    def timed(seat, fn, *args):
        t = time.process_time()
        out = fn(*args)
        spent[seat] += time.process_time() - t
        return out

    queue = [m for p in pages for m in timed(p.seat, p.start)]
    while True:
        while queue:
            msg = queue.pop(0)
            for p in pages:
                queue += timed(p.seat, p.receive, msg)
        if all(p.stage == "done" for p in pages):
            return spent
        page = pages[pages[0].turn]
        if page.stage == "exchange":
            action = rnd.choice(page.swap.legal_actions())
            if isinstance(action, Discard):
                action = Discard(tuple(page.mine[p] for p in action.cards))
        else:
            probe = page.tricks.copy()
            probe.hands[page.seat] = page.hand()
            action = Play(rnd.choice(cards_of(probe.legal_cards())))
        queue.append(timed(page.seat, page.act, action))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rules", default=",".join(VARIANTS))
    args = ap.parse_args()
    print(f"{'rule set':<14}{'seats':>6}{'mean s/seat':>13}{'max s/seat':>12}   (median of {args.runs})")
    for rules in args.rules.split(","):
        runs = [one_deal(rules, seed) for seed in range(args.runs)]
        mean = statistics.median(sum(r) / len(r) for r in runs)
        worst = statistics.median(max(r) for r in runs)
        print(f"{rules:<14}{len(runs[0]):>6}{mean:>13.3f}{worst:>12.3f}")


if __name__ == "__main__":
    main()
