"""Learn by playing: the lesson (``manni/ui/tutorial.py``) in place of your match."""

from __future__ import annotations

from ..game import Game
from .dom import by_id
from .feature import Feature


class Lesson(Feature):
    def tutorial(self, el) -> None:
        """Start (or restart) the lesson; your match waits, unsaved over, until you leave."""
        page = self.page
        if page.game.tutorial is None:
            page.waiting = page.game
        for name in ("menu-dialog", "rules-dialog"):
            by_id(name).close()
        page.game = Game.new_tutorial(page.settings, page.t)
        page.after(True)

    def leave_tutorial(self, el) -> None:
        page = self.page
        if page.game.tutorial is None:
            return
        page.game = page.waiting or Game.new(page.settings, None, page.t)
        page.waiting = None
        page.after(True)

    ACTIONS = {"tutorial": tutorial, "leave-tutorial": leave_tutorial}
