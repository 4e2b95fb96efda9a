"""The statistics dialog and its reset (asked twice)."""

from __future__ import annotations

from ..stats import STATS_KEY, Stats, reset_confirm_html, stats_html
from .dom import by_id, nn, q
from .feature import Feature


class Statistics(Feature):
    def stats(self, el) -> None:
        by_id("menu-dialog").close()
        by_id("stats-body").innerHTML = stats_html(self.page.stats, self.page.t)
        dialog = by_id("stats-dialog")
        if not dialog.open:
            dialog.showModal()

    def reset_stats(self, el) -> None:
        box = nn(el.closest(".stats-reset"))
        if box is not None:
            box.innerHTML = reset_confirm_html(self.page.t)
            q(box, "[data-action=reset-stats-confirm]").focus()

    def reset_stats_confirm(self, el) -> None:
        page = self.page
        page.stats = Stats()
        page.storage.set(STATS_KEY, page.stats.to_json())
        self.stats(el)

    ACTIONS = {"stats": stats, "reset-stats": reset_stats,
               "reset-stats-confirm": reset_stats_confirm}
