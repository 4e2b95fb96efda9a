"""``#notice`` (refusals, errors, information, hints) and the alert box (``#alerts``)."""

from __future__ import annotations

import asyncio

from .dom import attr, by_id, on, q, window
from .feature import Feature

NOTICE_SECONDS = 5
INFO_SECONDS = 3.5     # an information notice goes by itself, sooner
FOLDED_TRICK_PX = 96   # an empty trick shorter than this is folded away (the exchange)
MIN_NOTICE_PX = 80     # less room than this above the parlée's bar: over the seats
NOTICE_GAP_PX = 4


class Notices(Feature):
    def __init__(self, page) -> None:
        super().__init__(page)
        self.seq = 0

    def bind(self) -> None:
        on(window, "resize", self.page.guard(self.place))
        # a tap puts a notice away before its time (an info notice lets taps through)
        on(by_id("notice"), "click", self.page.guard(lambda event: self.hide()))

    async def copy(self, text: str, done: str, failed: str) -> None:
        """``text`` to the clipboard, then the notice ``done`` (or ``failed``: a catalog key)."""
        try:
            await window.navigator.clipboard.writeText(text)
            self.show(self.page.t(done), kind="info")
        except Exception:
            self.show(self.page.t(failed), kind="warning")

    def show(self, text: str, seconds: float | None = None, kind: str = "warning") -> None:
        """A message in ``#notice`` by kind: "error" (something failed), "warning" (a
        refusal), "info" (goes by itself, sooner) or "hint" (the hint's reasons). Errors and
        warnings interrupt (role alert); info and hints are placed over the trick."""
        el = by_id("notice")
        el.textContent = text
        el.className = f"notice {kind}"
        el.setAttribute("data-kind", kind)
        el.setAttribute("role", "status" if kind in ("info", "hint") else "alert")
        el.hidden = False
        self.place()
        self.seq += 1
        if seconds is None:
            seconds = INFO_SECONDS if kind == "info" else NOTICE_SECONDS
        asyncio.ensure_future(self._hide_later(self.seq, seconds))

    def place(self, event=None) -> None:
        """Put an info or hint notice over the trick, as wide and as tall as it at most, so
        it never covers the contract or your hand (while the empty trick is folded away, the
        felt below where it begins); others keep the stylesheet's place. Nor does it cover
        the parlée's bar, drawn over the felt's foot: it ends above it, over the seats if
        the open sheet leaves too little of the trick."""
        el = by_id("notice")
        style = el.style
        trick = q(self.page.game_el, ".trick")
        if el.hidden or trick is None or attr(el, "data-kind") not in ("info", "hint"):
            for name in ("top", "left", "max-width", "max-height"):
                style.removeProperty(name)
            return
        box, table = trick.getBoundingClientRect(), self.page.table.getBoundingClientRect()
        felt = q(self.page.game_el, ".felt").getBoundingClientRect()
        top, bottom = box.top, box.top + box.height
        middle, width = box.left + box.width / 2, max(box.width, 160)
        if box.height < FOLDED_TRICK_PX:  # from where it begins to the felt's edge
            bottom = max(bottom, felt.bottom)
        bar = q(self.page.game_el, ".felt > .talk-bar")
        if bar is not None:
            over = bar.getBoundingClientRect()
            if over.top < bottom and over.left < box.right and box.left < over.right:
                bottom = over.top - NOTICE_GAP_PX
                if bottom - top < MIN_NOTICE_PX:  # over the seats, as wide as the felt
                    top = felt.top + NOTICE_GAP_PX
                    middle, width = felt.left + felt.width / 2, felt.width - 2 * NOTICE_GAP_PX
        # Unrounded centre, height rounded down: its edges stay within top and bottom.
        style.top = f"{(top + bottom) / 2 - table.top:.2f}px"
        style.left = f"{middle - table.left:.2f}px"
        style.maxWidth = f"{int(width)}px"
        style.maxHeight = f"{int(bottom - top)}px"

    async def _hide_later(self, seq: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        if seq == self.seq:
            by_id("notice").hidden = True

    def hide(self) -> None:
        self.seq += 1
        by_id("notice").hidden = True

    def render_alerts(self) -> None:
        el = by_id("alerts")
        html = self.page.alerts.html(self.page.t)
        el.innerHTML = html
        el.hidden = not html

    def dismiss_alert(self, el) -> None:
        self.page.alerts.dismissed = True
        self.render_alerts()

    ACTIONS = {"dismiss-alert": dismiss_alert}
