"""The search's kernel in CPython: sampling a world, and playing it out with the Medium policy.

    python3 scripts/bench/bench_kernel.py            # every rule set, 7 repeats
    python3 scripts/bench/bench_kernel.py --repeats 3 --deals 1

The positions are every third move (with a choice of cards) of Medium's deals, seeds 0 to
``deals``-1, in each rule set. Prints, per rule set, the median over repeats of the CPU time
(``time.process_time``) per sampled world (``Knowledge.sample``) and per card played in
``search.rollout`` with ``medium_play`` for every seat (in a partnership game such as Manille,
``search.partner_rollout`` with ``medium_partner_play``): what Hard's and Expert's searches
spend nearly all their time on.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from manni.bots import make_bot  # noqa: E402
from manni.bots.knowledge import Knowledge  # noqa: E402
from manni.bots.partners import medium_partner_play, partnership, table_of  # noqa: E402
from manni.bots.policy import medium_play  # noqa: E402
from manni.bots.search import partner_rollout, points_so_far, rollout  # noqa: E402
from manni.match import Match  # noqa: E402
from manni.rules import RULE_SETS  # noqa: E402
from manni.states import MatchPhase, Phase  # noqa: E402


def positions(rules: str, deals: int) -> list[Knowledge]:
    views = []
    for seed in range(deals):
        m = Match(rules, seed=seed)
        bots = [make_bot("medium", seed=s) for s in range(m.rules.seats)]
        deal = m.deal  # one deal (a partnership game deals the next one at once)
        while m.phase in (MatchPhase.EXCHANGE, MatchPhase.PLAY) and m.deal is deal:
            v = m.view(m.turn)
            if v.phase == Phase.PLAY and v.legal & (v.legal - 1):
                views.append(v)
            m.apply(bots[m.turn].choose(v), m.turn)
    return [Knowledge(v) for v in views[::3]]


def measure(ks: list[Knowledge], worlds: int, repeats: int) -> tuple[float, float]:
    """(µs per sampled world, µs per card played out), medians over ``repeats``."""
    per_world, per_card = [], []
    tables = {}  # a partnership game's table and points so far, made once a position as Hard does
    for k in ks:
        if partnership(k.rules):
            t = table_of(k.rules, k.view.contract)
            tables[k] = (t, points_so_far(k.view, t))
    for r in range(repeats):
        rng = random.Random(r)
        t0 = time.process_time()
        sampled = [(k, k.sample(rng)) for k in ks for _ in range(worlds)]
        t1 = time.process_time()
        for k, hands in sampled:
            v = k.view
            if k in tables:
                t, points = tables[k]
                partner_rollout(hands, v.leader, v.trick, points, k.voids, t, medium_partner_play)
            else:
                rollout(hands, v.leader, v.trick, v.tricks, k.voids, k.info, medium_play)
        t2 = time.process_time()
        cards = sum(h.bit_count() for _, hands in sampled for h in hands)
        per_world.append((t1 - t0) * 1e6 / len(sampled))
        per_card.append((t2 - t1) * 1e6 / cards)
    return statistics.median(per_world), statistics.median(per_card)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=10, help="Medium deals per rule set")
    ap.add_argument("--worlds", type=int, default=20, help="worlds per position")
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args()
    print(f"CPython {sys.version.split()[0]}; medians of {args.repeats} repeats, CPU time")
    print(f"{'rules':14} {'positions':>9} {'µs/world':>9} {'µs/card':>8}")
    for rules in RULE_SETS:
        ks = positions(rules, args.deals)
        world, card = measure(ks, args.worlds, args.repeats)
        print(f"{rules:14} {len(ks):>9} {world:>9.2f} {card:>8.2f}")


if __name__ == "__main__":
    main()
