"""The table's own buttons: the exchange, declaring, the next deal, undo, the score sheet."""

from __future__ import annotations

from .. import tables
from .dom import attr, by_id
from .feature import Feature


class TableControls(Feature):
    def take_manni(self, el) -> None:
        self.page.after(self.page.game.take_manni())

    def keep_hand(self, el) -> None:
        self.page.after(self.page.game.keep_hand())

    def confirm_discard(self, el) -> None:
        self.page.after(self.page.game.confirm_discard())

    def declare(self, el) -> None:
        self.page.after(self.page.game.declare(str(attr(el, "data-contract"))))

    def overcall(self, el) -> None:
        self.page.after(self.page.game.overcall(str(attr(el, "data-contract"))))

    def pass_(self, el) -> None:
        self.page.after(self.page.game.overcall(None))

    def next_deal(self, el) -> None:
        self.page.after(self.page.game.next_deal())

    def undo(self, el) -> None:
        self.page.after(self.page.game.undo())

    def show_hands(self, el) -> None:
        if self.page.game.toggle_hands():
            self.page.render()

    def scores(self, el) -> None:
        by_id("scores-body").innerHTML = tables.score_sheet(self.page.game)
        by_id("scores-dialog").showModal()

    def last_trick(self, el) -> None:
        by_id("last-body").innerHTML = tables.last_trick(self.page.game)
        by_id("last-dialog").showModal()

    ACTIONS = {"take-manni": take_manni, "keep-hand": keep_hand,
               "confirm-discard": confirm_discard, "declare": declare, "overcall": overcall,
               "pass": pass_, "next-deal": next_deal, "undo": undo, "show-hands": show_hands,
               "scores": scores, "last-trick": last_trick}
