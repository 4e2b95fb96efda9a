"""Medium: rule-based play with card counting and void tracking; the exchange by sampling,
aware of the match score (near the target, what the leading opponent scores counts too).

The card policy is :func:`manni.bots.policy.medium_play`, also the rollout policy of the
searches, so it stays cheap.
"""

from __future__ import annotations

from ..actions import Play
from ..cards import SUIT_MASKS
from ..states import Phase
from .base import Bot, models_exchange
from .declaring import decide, handles
from .knowledge import Knowledge
from .partners import (medium_partner_play, partner_holds, partnership,
                       question_before_partners_lead, questions, table_of)
from .policy import beaters, lowest, medium_play
from .search import evaluate_exchange, match_leaders


class MediumBot(Bot):
    level = "medium"
    exchange_worlds = {"swap": 60, "discard": 24}  # Take/Keep, discard sets

    def question(self, view):
        """Before the partner's lead (option ``partner_ask``): ``partner_questions``."""
        if not (self.options.get("ask", True) and self.options.get("partner_ask", True)):
            return None
        return question_before_partners_lead(view)

    def steps(self, view):
        if handles(view):
            action = yield from decide(view, "medium", self.rng)
            return action
        if view.phase == Phase.EXCHANGE:
            if not models_exchange(view):
                return self.any_choice(view)
            worlds = (self.options.get("exchange_worlds")
                      or self.exchange_worlds["swap" if view.discard_limit is None else "discard"])
            action = yield from evaluate_exchange(view, self.rng, worlds, medium_play,
                                                  match_aware=True)
            return action
        k = Knowledge(view)
        if partnership(k.rules):
            return _partner_move(view, k, self.options.get("ask", True))
        c = medium_play(view.seat, view.hand, view.legal, view.trick, view.leader,
                        k.unseen | view.hand, k.voids, k.info)
        if self.options.get("match_aware", True):
            c = _deny_the_leader(view, k, c)
        return Play(c)
        yield  # pragma: no cover


def _partner_move(view, k: Knowledge, ask: bool):
    """Partnership games: one question before leading (is the partner holding the card over
    ours?), a low lead to the partner's master if it said so, else the Medium policy."""
    t = table_of(k.rules, view.contract)
    if ask:
        q = questions(view, t, 1)
        if q:
            return q[0]
    if not view.trick:
        for s in range(4):
            mine = view.legal & SUIT_MASKS[s]
            if mine and s != t.trump and any(partner_holds(view, c) and not mine & t.above[c]
                                             and not k.unseen & ~(1 << c) & t.above[c]
                                             for c in range(13 * s, 13 * s + 13)):
                low = min((c for c in range(13 * s, 13 * s + 13) if mine >> c & 1),
                          key=lambda c: (t.points[c], t.power[c]))
                return Play(low)
    return Play(medium_partner_play(view.seat, view.hand, view.legal, view.trick, view.leader,
                                    k.unseen | view.hand, k.voids, t))


def _deny_the_leader(view, k: Knowledge, card: int) -> int:
    """Near the end of a match, take a trick the leading opponent is winning (the cheapest
    card that beats theirs) rather than let it score; otherwise ``card``."""
    info, trick = k.info, view.trick
    if info.nolo or not trick:
        return card
    win = info.contract.trick_winner(trick)
    if (view.leader + win) % view.seats not in match_leaders(view, k):
        return card
    can = beaters(view.legal, trick[win], info)
    if not can or can >> card & 1:
        return card
    return lowest(can, info.power)
