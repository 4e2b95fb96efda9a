"""Records out and in: export, import (through the input boundary, replayed in slices
while the match plays on) and the damaged saved match set aside at start-up."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ...inputs import MAX_RECORD_BYTES
from ...lazy import Later
from ...record import ReplayError, parse, replay_steps
from ..game import Game
from ..settings import BAD_RECORD_KEY
from .dom import by_id, download, nn, on, trace
from .driver import think
from .feature import Feature

if TYPE_CHECKING:
    from ...net import seat_record
    from .. import seat_view
else:  # neither the friends' code nor a seat's record is imported for the first table
    seat_record = Later("manni.net.seat_record")
    seat_view = Later("manni.ui.seat_view")


class Records(Feature):
    def __init__(self, page) -> None:
        super().__init__(page)
        self.import_seq = 0

    def bind(self) -> None:
        on(by_id("import-file"), "change", self.page.guard(self.on_file))

    def export(self, el) -> None:
        g = self.page.game
        m = g.match  # None on a guest's page: it exports what its seat saw
        out = g.export_file() if m is None else (f"manni-{m.rules.name}-{m.seed}.json",
                                                  g.record_json())
        if out is not None:
            download(*out)

    def import_text(self, el) -> None:
        area = by_id("import-text")
        if int(area.textLength) > MAX_RECORD_BYTES:  # refused before the text reaches Python
            self.refuse_import("too_large")
            return
        try:
            text = str(area.value or "")
        except Exception:
            text = ""
        if not text.strip():
            by_id("menu-message").textContent = self.page.t("notice.import_empty")
            return
        asyncio.ensure_future(self.import_record(text))

    def on_file(self, event) -> None:
        files = nn(event.target.files)
        if files is None or files.length == 0:
            return
        file = files.item(0)
        if float(file.size) > MAX_RECORD_BYTES:  # never read
            event.target.value = ""
            self.refuse_import("too_large")
            return
        asyncio.ensure_future(self._read_file(file, event.target))

    async def _read_file(self, file, input_el) -> None:
        try:
            text = str(await file.text())
        except Exception:
            text = ""
        input_el.value = ""
        await self.import_record(text)

    def refuse_import(self, key: str) -> None:
        name = {"too_large": "notice.import_too_large",
                "too_deep": "notice.import_too_deep"}.get(key, "notice.import_bad")
        msg = self.page.t(name, limit=f"{MAX_RECORD_BYTES:,}")
        by_id("menu-message").textContent = msg
        self.page.notices.show(msg, kind="error")

    async def import_record(self, text: str) -> None:
        page = self.page
        self.import_seq += 1
        seq = self.import_seq
        settings = page.settings_copy()
        try:
            obj = parse(text)
            if seat_record.is_seat_record(obj):
                self.show_seat_record(seat_record.from_json(obj))
                return
            match = await think(replay_steps(obj),
                                lambda: seq == self.import_seq and page.tabs.active)
            if match is None:
                return  # another import, or another tab took the match
            game = Game.from_match(match, settings, page.t)
            game.view  # a record may replay yet not be viewable: prove it now
        except ReplayError as e:
            self.refuse_import(e.key)
            return
        except Exception:
            page.report(trace())
            self.refuse_import("invalid")
            return
        page.settings = settings
        page.game = game
        by_id("import-text").value = ""
        by_id("menu-dialog").close()
        page.after(True)
        if page.alerts.unsaved:
            page.notices.show(page.t("notice.imported_unsaved"), kind="warning")
        else:
            page.notices.show(page.t("notice.imported"), kind="info")

    def show_seat_record(self, rec) -> None:
        """A seat's record is shown, not played: the match at the table goes on."""
        page = self.page
        by_id("import-text").value = ""
        by_id("menu-dialog").close()
        by_id("review-body").innerHTML = seat_view.seat_record_html(rec, page.t)
        dialog = by_id("review-dialog")
        if not dialog.open:
            dialog.showModal()
        page.notices.show(page.t("notice.imported_seat"), kind="info")

    # -- the damaged saved match ------------------------------------------------------------
    def damaged_text(self) -> str | None:
        return self.page.damaged or self.page.storage.get(BAD_RECORD_KEY)

    def download_damaged(self, el) -> None:
        text = self.damaged_text()
        if text:
            download("manni-damaged-save.json", text)

    def delete_damaged(self, el) -> None:
        page = self.page
        page.storage.remove(BAD_RECORD_KEY)
        page.damaged = None
        page.alerts.damaged = False
        by_id("damaged-tools").hidden = True
        page.notices.render_alerts()

    ACTIONS = {"export": export, "import-text": import_text,
               "download-damaged": download_damaged, "delete-damaged": delete_damaged}
