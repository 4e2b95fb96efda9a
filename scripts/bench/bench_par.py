"""How long par takes for one deal (Expert in seat 0, Medium elsewhere, fixed work), and
its longest slice (the page's longest pause while it works), per rule set.

CPython:  PYTHONPATH=. python3 scripts/bench/bench_par.py
Pyodide:  node scripts/pyodide_run.mjs "$(cat scripts/bench/bench_par.py)"
Chromium: PYTHONPATH=. python3 scripts/bench/bench_par.py --browser [--phone] [--seeds N]
First deals played by Easy in every seat (seeds 0-4 of each rule set, or 0 to N-1);
medians and maxima.
--browser runs this file in static/bench.html (Pyodide in headless Chromium; needs
`python3 scripts/vendor.py` and playwright); --phone throttles its CPU 4x, as
bench_bots_browser.py --phone does (phone-class).
"""
import sys
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


def case_line(rules: str, options: dict, seeds=SEEDS) -> str:
    totals, slices = [], []
    for seed in seeds:
        m = finished(rules, options, seed)
        t = time.perf_counter()
        _, longest = timed_steps(par_steps(m, 0, LEVEL))
        totals.append(time.perf_counter() - t)
        slices.append(longest)
    return (f"{rules:13} {str(options):16} par median {median(totals):.2f} s, "
            f"max {max(totals):.2f} s; longest slice {1000 * max(slices):.0f} ms")


def main(seeds=SEEDS) -> None:
    for rules, options in CASES:
        print(case_line(rules, options, seeds), flush=True)


def in_browser(phone: bool, seeds=SEEDS) -> int:
    """Each case in static/bench.html, one call each, printed as it ends."""
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_bots_browser import PHONE_CPU, bench_page, built_from_tree
    if not built_from_tree("bench_par.py"):
        return 1
    source = Path(__file__).read_text(encoding="utf-8")
    with bench_page(phone) as (page, runtime):
        throttle = f", CPU throttled {PHONE_CPU}x (phone-class)" if phone else ""
        print(f"headless Chromium {runtime['browser']} + Pyodide {runtime['pyodide']} "
              f"(Python {runtime['python']}){throttle}", flush=True)
        for rules, options in CASES:
            code = f"{source}\nprint(case_line({rules!r}, {options!r}, {seeds!r}))"
            print(page.evaluate("(code) => window.manniRun(code)", code).strip(), flush=True)
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    n = args[args.index("--seeds") + 1] if "--seeds" in args[:-1] else "5"
    if not n.isdigit() or int(n) < 1 or set(args) - {"--browser", "--phone", "--seeds", n}:
        sys.exit("usage: bench_par.py [--browser [--phone]] [--seeds N]")
    if "--phone" in args and "--browser" not in args:
        sys.exit("bench_par.py: --phone goes with --browser")
    if "--browser" in args:
        sys.exit(in_browser("--phone" in args, range(int(n))))
    main(range(int(n)))
