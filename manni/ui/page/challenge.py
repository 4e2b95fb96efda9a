"""Challenge a friend: ``?challenge=`` opens the challenger's deals against the same bots;
a damaged link is refused with its reason and the saved match goes on."""

from __future__ import annotations

import asyncio

from .. import challenge
from ..game import Game
from .dom import attr, drop_query, nn, q
from .feature import Feature


class Challenge(Feature):
    def load(self, query: str) -> tuple[Game, tuple[str, str]] | None:
        """The challenge the address opens, with its notice; None without one (or with a
        damaged one, which the start-up alerts list)."""
        page, t = self.page, self.page.t
        try:
            text = challenge.parse(query)
            if text is None:
                return None
            match = challenge.challenge_match(text)
        except challenge.ChallengeError as e:
            page.alerts.set_aside.append(
                t("alert.challenge_bad", reason=t(f"challenge.bad_{e.key}")))
            drop_query()
            return None
        game = Game.from_match(match, page.settings_copy(), t)
        game.announce_deal()
        drop_query()  # a reload resumes it
        return game, (t("challenge.opened"), "info")

    def copy(self, el) -> None:
        link = nn(q(self.page.game_el, "[data-challenge-link]"))
        if link is not None:
            asyncio.ensure_future(self.page.notices.copy(str(attr(link, "href") or ""),
                                                         "net.copied", "net.copy_failed"))

    ACTIONS = {"challenge-copy": copy}
