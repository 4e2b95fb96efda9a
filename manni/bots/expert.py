"""Expert: the strongest level, for players who want it, given about a second a move.

Its card play is the information-set search of :mod:`.ismcts` (the tournaments' reference
measured stronger than Hard's determinized search), with at least ``iterations`` iterations
and then on until ``budget_ms``, its own reward counting the match score like Hard's
utility. Its exchange and declarations are Hard's with three times the worlds, scored with
the match in mind. It thinks in the same ~25 ms slices as Hard (``steps()`` yields between
them), so the page keeps painting; ``budget_ms=None`` fixes the work for tests and
tournaments.
"""

from __future__ import annotations

from .hard import HardBot
from .ismcts import IsmctsBot

# The tournament's budget: ~80 ms a move in CPython, about 0.6 s of a mid-range phone
# (Pyodide ~1.8x CPython, a 4x throttled CPU), where the page's second stops it.
ITERATIONS = 2000


class ExpertExchange(HardBot):
    level = "expert"
    exchange_scale = 3
    match_aware_exchange = True


class ExpertBot(IsmctsBot):
    level = "expert"
    exchange_level = ExpertExchange
    match_aware = True

    def __init__(self, seed: int = 0, budget_ms: float | None = 1000,
                 iterations: int = ITERATIONS, **kw) -> None:
        super().__init__(seed, iterations=iterations, budget_ms=budget_ms, **kw)
