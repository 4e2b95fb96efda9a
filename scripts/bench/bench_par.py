"""How long par takes for one deal (Expert in seat 0, Medium elsewhere, fixed work), and
its longest slice (the page's longest pause while it works), per rule set.

CPython:  PYTHONPATH=. python3 scripts/bench/bench_par.py
Pyodide:  node scripts/pyodide_run.mjs "$(cat scripts/bench/bench_par.py)"
First deals played by Easy in every seat (seeds 0-4 of each rule set); medians and maxima.
"""
import time

from manni.bots import make_bot
from manni.bots.base import timed_steps
from manni.match import Match
from manni.par import par_steps

CASES = [("classic", {}), ("hornafjordur", {}), ("trjamann", {}), ("laugavatn", {}),
         ("manille", {"talk": True}), ("manille", {"talk": False})]
LEVEL, SEEDS = "medium", range(5)


def median(xs: list[float]) -> float:
    """(The page's trimmed standard library has no ``statistics``.)"""
    xs = sorted(xs)
    n = len(xs)
    return (xs[(n - 1) // 2] + xs[n // 2]) / 2


def finished(rules: str, options: dict, seed: int) -> Match:
    m = Match(rules, options, seed=seed)
    bots = {s: make_bot("easy", seed=s) for s in range(m.rules.seats)}
    while not m.deal_scores:
        s = m.turn
        m.apply(bots[s].choose(m.view(s)), s)
    return m


def main() -> None:
    for rules, options in CASES:
        totals, slices = [], []
        for seed in SEEDS:
            m = finished(rules, options, seed)
            t = time.perf_counter()
            _, longest = timed_steps(par_steps(m, 0, LEVEL))
            totals.append(time.perf_counter() - t)
            slices.append(longest)
        print(f"{rules:13} {str(options):16} par median {median(totals):.2f} s, "
              f"max {max(totals):.2f} s; longest slice {1000 * max(slices):.0f} ms")


main()
