"""Medium's card play near the end of a match: it takes tricks from the leading opponent."""

from __future__ import annotations

import dataclasses

from manni import Match
from manni.actions import Play
from manni.bots import make_bot
from manni.bots.policy import beaters, contract_info

from engine_support import bots_choose, deals_over, drive


def _shed_positions(seed: int):
    """(view, winner) where Medium, following, plays a card that loses to an opponent's
    winning card although it holds one that beats it."""
    m = Match("classic", seed=seed)
    out = []

    def look(match, seat, action, when):
        if when != "before" or match.phase != "play" or not match.deal.trick:
            return
        view = match.view(seat)
        info = contract_info(view.contract)
        trick = view.trick
        win = info.contract.trick_winner(trick)
        can = beaters(view.legal, trick[win], info)
        if can and not can >> action.card & 1:
            out.append((view, (view.leader + win) % 3))
    bots = [make_bot("medium", seed=s, exchange_worlds=4) for s in range(3)]
    drive(m, bots_choose(bots), deals_over(1), look)
    return out


def test_medium_takes_the_trick_from_the_match_leader():
    positions = [p for seed in range(6) for p in _shed_positions(seed)]
    assert len(positions) >= 5
    for view, winner in positions:
        bot = make_bot("medium", seed=1)
        assert bot.choose(view) == make_bot("medium", seed=1, match_aware=False).choose(view)
        plus = [0, 0, 0]
        plus[winner] = 8  # two from the target, ahead of us
        near = dataclasses.replace(view, plus=tuple(plus))
        info = contract_info(view.contract)
        trick = view.trick
        can = beaters(view.legal, trick[info.contract.trick_winner(trick)], info)
        action = bot.choose(near)
        assert isinstance(action, Play) and can >> action.card & 1
        assert min(info.power[c] for c in range(52) if can >> c & 1) == info.power[action.card]
        # Another opponent near the target changes nothing about this trick.
        plus = [0, 0, 0]
        plus[3 - winner - view.seat] = 8
        other = dataclasses.replace(view, plus=tuple(plus))
        assert bot.choose(other) == bot.choose(view)
