"""Helpers for the Manille tests: trick situations, random legal play (asks included)."""
from __future__ import annotations

import random

from manni import Match
from manni.cards import HEARTS, mask_of, parse_card
from manni.climb import ClimbDeal
from manni.rules import get_rules
from manni.rules.manille import TRUMPS

MANILLE = get_rules("manille")


def codes(*cs: str) -> list[int]:
    return [parse_card(c) for c in cs]


def situation(trick: list[str], hand: list[str], trump: int = HEARTS) -> ClimbDeal:
    """A deal with ``trick`` on the table (led by seat 0) and ``hand`` for the seat in turn."""
    cut = TRUMPS[trump].trump * 13 + 5  # a seven of the trump suit: no bonus
    d = ClimbDeal(MANILLE, MANILLE.resolve_options({}), 1, 3, [0, 0, 0, 0], [], cut)
    d.contract = TRUMPS[trump]
    d.leader = 0
    d.trick = codes(*trick)
    d.hands[len(trick)] = mask_of(codes(*hand))
    return d


def random_step(m: Match, rnd: random.Random, ask_rate: float = 0.3) -> None:
    """One random legal action: sometimes a question from a seat of the side on lead."""
    d = m.deal
    if rnd.random() < ask_rate:
        askers = [s for s in range(4) if m.view(s).asks]
        if askers:
            seat = rnd.choice(askers)
            m.apply(rnd.choice(m.view(seat).asks), seat)
            return
    m.apply(rnd.choice(m.legal_actions()), d.turn)


def play_match(seed: int, options: dict | None = None, ask_rate: float = 0.3,
               limit: int = 100_000) -> Match:
    m = Match("manille", options or {}, seed)
    rnd = random.Random(seed)
    while not m.finished and len(m.actions) < limit:
        random_step(m, rnd, ask_rate)
    return m
