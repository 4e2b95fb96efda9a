"""The parlée at the table: your questions to your partner, and the sheet that holds them."""

from __future__ import annotations

import asyncio

from ...lazy import Later
from ..settings import ASK_WINDOW_MS
from .dom import attr, trace
from .feature import Feature

parlee = Later("manni.ui.parlee")  # imported at the first table of four


class Parlee(Feature):
    def __init__(self, page) -> None:
        super().__init__(page)
        self.leaving: tuple | None = None  # (match, lead) a guest's page leaves to its partner

    def lead_soon(self) -> None:
        """A guest's page with "let my partner lead unless I ask": its questions are offered
        for ``ASK_WINDOW_MS``, then the host is told that the partner may lead (a solo or
        host's page waits so in its driver)."""
        net, g = self.page.friends.net, self.page.game
        if net is None or net.is_host or not g.ready:
            return
        key = (g.match_id(), parlee.partner_lead(g.view) if g.ask_window() else None)
        if key[1] is not None and key != self.leaving:  # a match after "play again": new leads
            self.leaving = key
            asyncio.ensure_future(self._leave(g, key))

    async def _leave(self, g, key: tuple) -> None:
        try:
            await asyncio.sleep(ASK_WINDOW_MS / 1000)
            net = self.page.friends.net
            if net is None or net.status != "open":  # told once it is back (its state comes)
                self.leaving = None
                return
            # not if a question was sent from this state meanwhile (its answer is on its way)
            if (self.page.game is g and g.ask_window() and g.sent_n != g.state.n
                    and (g.match_id(), parlee.partner_lead(g.view)) == key):
                g.let_lead = key[1]
                self.page.changed()
        except Exception:
            self.page.report(trace())

    def ask(self, el) -> None:
        self.page.after(self.page.game.ask(str(attr(el, "data-ask") or "")))

    def toggle_sheet(self, el) -> None:
        g = self.page.game
        g.sheet_open = not g.sheet_open
        self.page.render()

    def let_lead(self, el) -> None:
        if parlee.leave_lead(self.page.game):
            self.page.changed()  # a guest's page sends it to the host (GuestGame.let_lead)

    ACTIONS = {"ask": ask, "parlee": toggle_sheet, "let-lead": let_lead}
