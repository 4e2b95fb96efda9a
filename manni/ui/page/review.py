"""The review of a finished deal: Hard looks at each of your decisions."""

from __future__ import annotations

import asyncio

from ...lazy import Later
from ..game import Game
from ..stats import STATS_KEY
from .dom import attr, by_id, on, q, trace
from .driver import think
from .feature import Feature

review_view = Later("manni.ui.review_view")  # imported after the first table (static/main.py)


class Review(Feature):
    def __init__(self, page) -> None:
        super().__init__(page)
        self.seq = 0

    def bind(self) -> None:
        on(by_id("review-dialog"), "close", self.page.guard(self.on_closed))

    def review(self, el) -> None:
        page = self.page
        g = page.game
        deals = g.reviewable()
        if not deals:
            return
        chosen = attr(el, "data-deal-index")
        index = int(chosen) if chosen and str(chosen).isdigit() else deals[-1]
        if index not in deals:
            return
        dialog, body = by_id("review-dialog"), by_id("review-body")
        if not dialog.open:
            dialog.showModal()
        self.seq += 1
        done = g.reviews.get(g.review_key(index))
        if done is not None:
            body.innerHTML = review_view.review_html(done, page.t, deals, index,
                                                     page.par.played(g, index))
            return
        body.innerHTML = review_view.busy_html(page.t)
        asyncio.ensure_future(self.compute(g, index, self.seq))

    async def compute(self, g: Game, index: int, seq: int) -> None:
        """In slices like the opponents; dropped if the dialog closes or another review is
        asked for meanwhile."""
        page = self.page
        dialog = by_id("review-dialog")
        try:
            found = await think(g.review_steps(index),
                                lambda: seq == self.seq and g is page.game and dialog.open)
        except Exception:
            page.report(trace())
            if seq == self.seq and dialog.open:  # said in the dialog, not left "looking"
                by_id("review-body").innerHTML = review_view.failed_html(page.t)
            return
        if found is None or seq != self.seq or g is not page.game:
            return
        g.reviews[g.review_key(index)] = found
        if page.stats.count_review(g.match, found):  # statistics count your agreement with Hard
            page.storage.set(STATS_KEY, page.stats.to_json())
        try:  # beside it, the deal as par played it
            par_deal = await page.par.replay(g, index)
        except Exception:
            page.report(trace())
            par_deal = None
        if seq != self.seq or g is not page.game or not dialog.open:
            return
        by_id("review-body").innerHTML = review_view.review_html(found, page.t, g.reviewable(),
                                                                 index, par_deal)

    def step(self, el) -> None:
        """Par's trick beside yours: the previous, the next, or the first that differs."""
        page = self.page
        g = page.game
        section = q(by_id("review-body"), ".review-par[data-step]")
        if section is None:
            return
        index = int(attr(section, "data-deal-index") or 0)
        review, deal = g.reviews.get(g.review_key(index)), page.par.played(g, index)
        if review is None or deal is None:
            return
        now, total = int(attr(section, "data-step") or 1), int(attr(section, "data-tricks") or 1)
        first = attr(section, "data-first-trick")
        to = review_view.next_step(now, total, attr(el, "data-dir") or "",
                                   int(first) if first else None)
        if to == now:
            return
        section.setAttribute("data-step", str(to))
        q(section, ".compare").outerHTML = review_view.compare_body(review, deal, to, page.t)
        q(section, ".compare-at").textContent = review_view.step_label(to, total, page.t)
        for d, off in review_view.step_disabled(to, total).items():
            button = q(section, f'[data-dir="{d}"]')
            if off:
                button.setAttribute("aria-disabled", "true")
            else:
                button.removeAttribute("aria-disabled")

    def on_closed(self, event) -> None:
        # Nothing of a review stays in the page once it is closed.
        self.seq += 1
        by_id("review-body").innerHTML = ""

    ACTIONS = {"review": review, "review-step": step}
