"""Par in the background: once a deal is over, Expert replays it in your seat (in slices,
like the opponents' thinking), and the result is kept with the match."""

from __future__ import annotations

import asyncio

from ...lazy import Later
from .. import par_view
from .dom import trace
from .feature import Feature
from .later_files import arrived

engine_par = Later("manni.par")  # with the bots, after the first table


async def idle_think(page, steps, still_wanted):
    """``think`` that works only while the page waits for you: the opponents' thinking
    (whose caps are in wall time) never shares the browser with par."""
    while True:
        while still_wanted() and page.game.bot_seat() is not None:
            await asyncio.sleep(0.05)
        if not still_wanted():
            return None
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
        await asyncio.sleep(0)


class Par(Feature):
    def __init__(self, page) -> None:
        super().__init__(page)
        self.busy = False
        self.broken: object = None  # a match whose par failed (not tried again)
        self.plays: tuple = (None, {})  # (match, {deal index: the deal as par played it})

    def played(self, g, index: int):
        """The deal as par played it, if this page has it (for the review)."""
        match, deals = self.plays
        return deals.get(index) if match is g.match else None

    def keep(self, match, index: int, deal) -> None:
        if self.plays[0] is not match:
            self.plays = (match, {})
        self.plays[1][index] = deal

    async def replay(self, g, index: int, match=None):
        """The deal as par plays it in ``match`` (the game's by default): kept, or computed
        now (after a reload)."""
        match = g.match if match is None else match
        deal = self.played(g, index) if match is g.match else None
        if deal is not None or not par_view.enabled(g):
            return deal
        await arrived("manni.bots")
        deal = await idle_think(self.page, engine_par.par_deal_steps(match, index,
                                                                     g.settings.level),
                                lambda: g is self.page.game and g.match is match)
        if deal is not None:
            self.keep(match, index, deal)
        return deal

    def kick(self) -> None:
        """Start on the first finished deal without par, unless par is running already."""
        g = self.page.game
        if self.busy or g.match is None or g.match is self.broken:
            return
        index = par_view.wanted(g)
        if index is None:
            return
        self.busy = True
        asyncio.ensure_future(self.compute(g, g.match, index))

    async def compute(self, g, match, index: int) -> None:
        """Dropped when the match is another (undo, import, new match): the next draw
        starts again from what is wanted then."""
        page = self.page
        level = g.settings.level
        found = None
        try:
            deal = await self.replay(g, index, match)
            if deal is not None:
                found = deal.score()[match.rules.side_of[0]]
        except Exception:
            page.report(trace())
            self.broken = match
        self.busy = False
        if g is not page.game:
            return
        if found is not None and g.match is match:
            match.par[index], match.par_level = found, level
            page.save()
        page.render()  # shows it, and starts on the next deal still without par
