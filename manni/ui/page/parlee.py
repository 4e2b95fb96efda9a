"""The parlée at the table: your questions to your partner, and the sheet that holds them."""

from __future__ import annotations

from ...lazy import Later
from .dom import attr
from .feature import Feature

parlee = Later("manni.ui.parlee")  # imported at the first table of four


class Parlee(Feature):
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
