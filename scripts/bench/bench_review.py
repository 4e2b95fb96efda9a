"""How long the review of one deal takes, and its longest slice (the page's longest pause).

CPython:  PYTHONPATH=. python3 scripts/bench/bench_review.py
Pyodide:  node scripts/pyodide_run.mjs "$(cat scripts/bench/bench_review.py)"
Deals played by Medium in every seat (seeds 11-16 of each rule set); medians.
"""
import time

from manni.bots import make_bot
from manni.bots.base import timed_steps
from manni.match import Match
from manni.review import review_steps


def median(xs: list[float]) -> float:
    """(The page's trimmed standard library has no ``statistics``.)"""
    xs = sorted(xs)
    n = len(xs)
    return (xs[(n - 1) // 2] + xs[n // 2]) / 2


def main() -> None:
    for rules in ("classic", "hornafjordur"):
        totals, slices = [], []
        for seed in range(11, 17):
            m = Match(rules, {"target": 20}, seed=seed)
            bots = {s: make_bot("medium", seed=s) for s in range(3)}
            while m.phase != "deal-over":
                s = m.turn
                m.apply(bots[s].choose(m.view(s)), s)
            t = time.perf_counter()
            _, longest = timed_steps(review_steps(m, 0))
            totals.append(time.perf_counter() - t)
            slices.append(longest)
        print(f"{rules}: review of a deal {median(totals):.2f} s (median of {len(totals)}), "
              f"longest slice {median(slices) * 1000:.0f} ms median, "
              f"{max(slices) * 1000:.0f} ms max")


if __name__ == "__main__":
    main()
