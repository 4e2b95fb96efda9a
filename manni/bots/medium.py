"""Medium: rule-based play with card counting and void tracking; the exchange by sampling,
aware of the match score (near the target, what the leading opponent scores counts too).

The card policy is :func:`manni.bots.policy.medium_play`, also the rollout policy of the
searches, so it stays cheap.
"""

from __future__ import annotations

from ..actions import Play
from ..states import Phase
from .base import Bot, models_exchange
from .declaring import decide, handles
from .knowledge import Knowledge
from .policy import medium_play
from .search import evaluate_exchange


class MediumBot(Bot):
    level = "medium"
    exchange_worlds = {"swap": 60, "discard": 24}  # Take/Keep, discard sets

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
        c = medium_play(view.seat, view.hand, view.legal, view.trick, view.leader,
                        k.unseen | view.hand, k.voids, k.info)
        return Play(c)
        yield  # pragma: no cover
