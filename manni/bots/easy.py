"""Easy: legal and plausible, cheap. Follows low, wins cheaply, sheds losers; no memory."""

from __future__ import annotations

from ..actions import KEEP, TAKE, Discard, Play
from ..states import Phase
from ..cards import cards_of
from .base import Bot, finish, models_exchange
from .declaring import decide, handles
from .partners import easy_partner_play, partnership, table_of
from .policy import contract_info, easy_discards, easy_play, easy_takes


class EasyBot(Bot):
    level = "easy"

    def choose(self, view):
        if handles(view):
            return finish(decide(view, "easy", self.rng))
        info = contract_info(view.contract)
        if view.phase == Phase.EXCHANGE:
            if not models_exchange(view):
                return self.any_choice(view)
            if view.discard_limit is None:
                return TAKE if easy_takes(view.hand, info) else KEEP
            return Discard(easy_discards(view.hand, view.discard_limit, info, view.discard_minimum))
        if partnership(view.ruleset):
            t = table_of(view.ruleset, view.contract)
            return Play(easy_partner_play(view.seat, view.hand, view.legal, view.trick,
                                          view.leader, t))
        return Play(easy_play(view.hand, view.legal, view.trick, info))


class RandomBot(Bot):
    """A uniformly random legal action: the baseline the levels are measured against."""

    level = "random"

    def choose(self, view):
        rng = self.rng
        if view.phase == Phase.EXCHANGE:
            if view.discard_limit is None:
                if TAKE in view.choices:
                    return TAKE if rng.random() < 0.5 else KEEP
                return self.any_choice(view)
            hand = cards_of(view.hand)
            n = rng.randint(view.discard_minimum, view.discard_limit)
            return Discard(tuple(sorted(rng.sample(hand, n))))
        return Play(rng.choice(cards_of(view.legal)))
