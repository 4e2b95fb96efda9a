"""``python -m manni bench``: how many random legal deals per second the engine plays."""

from __future__ import annotations

import random
import statistics
import time

from .actions import Discard
from .cards import cards_of
from .match import Match
from .rules import RULE_SETS
from .states import Phase

EXCHANGE, PLAY = Phase.EXCHANGE, Phase.PLAY  # module constants: the loops below are timed


def _random_exchange(deal, rnd: random.Random) -> None:
    ex = deal.rules.exchange
    while deal.phase is EXCHANGE:
        limit = ex.limit(deal)
        if limit is not None:
            hand = cards_of(deal.hands[deal.turn])
            deal.apply(Discard(tuple(rnd.sample(hand, rnd.randint(ex.minimum(deal), limit)))))
        else:
            deal.apply(rnd.choice(deal.legal_actions()))


def checked_deal(rules: str, seed: int, rnd: random.Random) -> None:
    """A whole deal through the checked API: shuffle, legal_actions() + apply() with undo."""
    deal = Match(rules, seed=seed).deal
    _random_exchange(deal, rnd)
    while deal.phase is PLAY:
        deal.apply(rnd.choice(deal.legal_actions()))


def played_out(deal, rnd: random.Random) -> None:
    """The search path: copy() + legal_cards() masks + unchecked play(), 12 tricks."""
    deal = deal.copy()
    while deal.phase is PLAY:
        legal = cards_of(deal.legal_cards())
        deal.play(legal[rnd.randrange(len(legal))])


def measure_checked(rules: str, deals: int, repeats: int) -> float:
    rates = []
    for r in range(repeats):
        rnd = random.Random(r)
        t0 = time.perf_counter()
        for i in range(deals):
            checked_deal(rules, i, rnd)
        rates.append(deals / (time.perf_counter() - t0))
    return statistics.median(rates)


def measure_search(rules: str, deals: int, repeats: int) -> float:
    rnd = random.Random(0)
    starts = []
    for i in range(deals):
        deal = Match(rules, seed=i).deal
        _random_exchange(deal, rnd)
        starts.append(deal)
    rates = []
    for r in range(repeats):
        rnd = random.Random(r)
        t0 = time.perf_counter()
        for deal in starts:
            played_out(deal, rnd)
        rates.append(deals / (time.perf_counter() - t0))
    return statistics.median(rates)


def run(deals: int = 500, repeats: int = 5) -> list[dict]:
    rows = []
    for name in RULE_SETS:
        rows.append({"rules": name,
                     "checked_deals_per_s": round(measure_checked(name, deals, repeats)),
                     "search_deals_per_s": round(measure_search(name, deals, repeats))})
    return rows
