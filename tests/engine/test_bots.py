"""Bots: legal actions only, no access to hidden cards, each level beats random play."""

from __future__ import annotations

import random

import pytest

from manni import Match
from manni.actions import Discard, Keep, Play, Take
from manni.bots import LEVELS, Bot, hint, make_bot


def _drive(match, bots, max_deals):
    """Play ``match`` with ``bots`` by seat through the checked API (apply raises if illegal)."""
    while not match.finished and len(match.deals) <= max_deals:
        if match.phase == "deal-over":
            if len(match.deals) == max_deals:
                break
            match.start_next_deal()
            continue
        seat = match.turn
        view = match.view(seat)
        action = bots[seat].choose(view)
        if isinstance(action, Discard):
            assert len(action.cards) <= view.discard_limit
        match.apply(action, seat)


def test_api_shape():
    assert LEVELS == ("easy", "medium", "hard")
    for level in LEVELS:
        bot = make_bot(level, seed=1)
        assert isinstance(bot, Bot)
        assert bot.level == level
    with pytest.raises(ValueError):
        make_bot("grandmaster")


@pytest.mark.parametrize("rules,options", [("classic", {}), ("classic", {"minus_points": True}),
                                           ("hornafjordur", {})])
def test_easy_always_legal(rules, options):
    for seed in range(150):
        m = Match(rules, options, seed=seed)
        _drive(m, [make_bot("easy", seed=seed + s) for s in range(3)], 3)


def test_steps_generator_returns_the_action():
    m = Match("hornafjordur", seed=3)
    for level in LEVELS:
        bot = make_bot(level, seed=5, budget_ms=50) if level == "hard" else make_bot(level, seed=5)
        gen = bot.steps(m.view(m.turn))
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                action = stop.value
                break
        m.check(action, m.turn)
