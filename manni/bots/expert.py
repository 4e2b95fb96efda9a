"""Expert: Hard's search with the time a player who wants the strongest opponent grants it.

About a second a move (``budget_ms``, at least ``min_worlds`` sampled worlds: what a
mid-range phone samples in that second), the last tricks solved exactly from further out,
three times Hard's worlds in the exchange, and the exchange scored with the match in mind.
It thinks in the same ~25 ms slices as Hard (``steps()`` yields between them), so the page
keeps painting; ``worlds`` fixes the work instead, for tests and tournaments.
"""

from __future__ import annotations

from .hard import HardBot

WORLDS = 250  # the tournament's budget: ~1 s of a phone (Hard's 40 worlds are ~150 ms there)


class ExpertBot(HardBot):
    level = "expert"
    exchange_scale = 3
    match_aware_exchange = True

    def __init__(self, seed: int = 0, budget_ms: float | None = 1000, worlds: int | None = None,
                 exchange_worlds: int | None = None, min_worlds: int = WORLDS, endgame: int = 5,
                 max_nodes: int = 4000, **kw) -> None:
        super().__init__(seed, budget_ms=budget_ms, worlds=worlds,
                         exchange_worlds=exchange_worlds, min_worlds=min_worlds,
                         endgame=endgame, max_nodes=max_nodes, **kw)
