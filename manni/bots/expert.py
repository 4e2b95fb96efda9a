"""Expert: the strongest level, for players who want it, given about a second a move.

Hard's search (sequential halving over the candidate cards on shared sampled worlds, the
Medium policy playing the worlds out) with seven times the work, about what a second buys a
phone-class page, and its exchange scored with the match in mind. It thinks in the same
~10 ms slices as Hard (``steps()`` yields between them), so the page keeps painting; the
page stops it at ``budget_ms``, and ``budget_ms=None`` fixes the work for tests and
tournaments.
"""

from __future__ import annotations

from .hard import WORK, HardBot

# ~140 ms of CPython a move, ~1 s in a phone-class page (Pyodide ~1.8x CPython, a 4x
# throttled CPU), where the page's cap stops it.
EXPERT_WORK = 7 * WORK


class ExpertBot(HardBot):
    level = "expert"
    match_aware_exchange = True

    def __init__(self, seed: int = 0, budget_ms: float | None = 1000,
                 work: int = EXPERT_WORK, **kw) -> None:
        super().__init__(seed, budget_ms=budget_ms, work=work, **kw)
