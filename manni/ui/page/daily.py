"""The deal of the day: ``?daily`` (``&rules=NAME``) or the menu opens today's short match,
the same for everyone; its first attempt counts in the statistics, a replay is practice. At
its end, the share text (``daily_view``) to copy or hand to the system's share sheet."""

from __future__ import annotations

import asyncio

from ...daily import daily_match, today
from .. import daily_view
from ..game import Game
from ..stats import STATS_KEY
from .dom import by_id, nn, q, window
from .feature import Feature


class Daily(Feature):
    def base(self) -> str:
        return str(window.location.origin) + str(window.location.pathname)

    def make(self, variant: str, current: Game | None) -> tuple[Game, tuple[str, str]]:
        """Today's deal of ``variant``: the one under way if it is the current match, else
        a new one (practice if today's was begun already). Returns (game, notice)."""
        page, t = self.page, self.page.t
        day = today()
        m = current.match if current is not None else None
        name = t(f"variant.{variant}")
        if current is not None and m is not None and m.daily == day \
                and daily_view.variant(m) == variant:
            return current, (t("notice.daily", date=day, rules=name), "info")
        match = daily_match(day, variant)
        first = page.stats.daily_begin(daily_view.key(match))
        match.practice = not first
        page.storage.set(STATS_KEY, page.stats.to_json())
        game = Game.from_match(match, page.settings_copy(), t)
        game.announce_deal()
        notice = t("daily.practice") if match.practice else t("notice.daily", date=day, rules=name)
        return game, (notice, "info")

    def open(self, el) -> None:
        """The menu's Deal of the day, for the variant chosen in the form."""
        page = self.page
        variant = str(by_id("opt-variant").value or page.settings.variant)
        page.game, notice = self.make(variant, page.game)
        by_id("menu-dialog").close()
        page.after(True)
        page.notices.show(notice[0], kind=notice[1])

    def count(self) -> bool:
        """Once the first attempt is over and every par known: into the statistics."""
        g = self.page.game
        m = g.match
        if m is None or m.daily is None or m.practice or m.challenge is not None:
            return False
        result = daily_view.against_par(g)
        return result is not None and self.page.stats.daily_done(daily_view.key(m), result)

    # -- the share text ---------------------------------------------------------------------
    def _text(self) -> str:
        el = nn(q(self.page.game_el, "[data-share-text]"))
        return str(el.textContent) if el is not None else ""

    def copy(self, el) -> None:
        text = self._text()
        if text:
            asyncio.ensure_future(self.page.notices.copy(text, "daily.copied", "daily.copy_failed"))

    def share(self, el) -> None:
        text = self._text()
        if text:
            asyncio.ensure_future(self._share(text))

    async def _share(self, text: str) -> None:
        from pyodide.ffi import to_js
        if not hasattr(window.navigator, "share"):  # no share sheet here: copy instead
            await self.page.notices.copy(text, "daily.copied", "daily.copy_failed")
            return
        try:
            await window.navigator.share(to_js({"text": text},
                                               dict_converter=window.Object.fromEntries))
        except Exception:
            pass  # the player closed the share sheet

    ACTIONS = {"daily": open, "daily-copy": copy, "daily-share": share}
