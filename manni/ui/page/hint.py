"""The hint: the Expert bot's choice for you, from your SeatView only."""

from __future__ import annotations

import asyncio

from ..game import Game
from .dom import trace
from .driver import think
from .feature import Feature
from .later_files import arrived

HINT_SECONDS = 15      # a hint's reasons stay up longer than a refusal
HINT_BUDGET_MS = 1000  # the Expert bot's time cap for a hint (as for an Expert opponent)


class Hint(Feature):
    def hint(self, el) -> None:
        g = self.page.game
        if g.hint_busy or not g.can_hint():
            return
        g.hint_busy = True
        self.page.render()
        asyncio.ensure_future(self.compute(self.page.gen, g))

    async def compute(self, gen: int, g: Game) -> None:
        """``g.hint_steps`` in slices like the opponents; dropped if anything changes
        meanwhile (undo, a tap, import, new match: each bumps ``page.gen``)."""
        page = self.page
        found = None
        try:
            await arrived("manni.bots")
            found = await think(g.hint_steps(HINT_BUDGET_MS),
                                lambda: gen == page.gen and g is page.game)
        except Exception:
            page.report(trace())
        g.hint_busy = False
        if g is not page.game:
            return
        text = ""
        if found is not None and gen == page.gen and g.can_hint():
            text = g.set_hint(*found)
        page.render()
        if text:
            page.notices.show(text, HINT_SECONDS, kind="hint")

    ACTIONS = {"hint": hint}
