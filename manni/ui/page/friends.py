"""Tables with friends: ``?table=ID`` (a guest), ``?host=ID`` (this browser's own table),
the lobby's buttons. The transport is ``NetLink`` (``net_link.py``).

The network code is imported when a table is named or hosted, not with the first table
(static/main.py imports it once the page is up)."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING

from ...inputs import InputError, parse_json
from ...rules import get_rules
from ..settings import (NET_GUEST_KEY, NET_HOST_KEY, NET_HOST_SEALED_KEY, NET_RECORD_KEY,
                        TABLE_PARAMS, Settings, settings_from_options, variant_of)
from .dom import attr, by_id, nn, window
from .feature import Feature

if TYPE_CHECKING:
    from .net_link import NetLink


class Friends(Feature):
    def __init__(self, page) -> None:
        super().__init__(page)
        self.net: NetLink | None = None  # while at a table with friends
        self.net_el = by_id("net")

    def start(self) -> tuple[str, str] | None:
        """Set up ``page.game`` and ``self.net`` from the address, if it names a table; a
        notice (text, kind) if there is one to show."""
        t = self.page.t
        search = str(window.location.search or "")
        if not any(p in search for p in TABLE_PARAMS):  # none named: no network code yet
            return None
        from ...net.guest import GuestTable
        from ...net.links import is_id, new_id, parse_connection, query
        from ...net.protocol import ProtocolError
        from ..netgame import GuestGame
        params = query(search)
        table = params.get("table") or params.get("host")
        if table is None:
            return None
        try:
            conn = parse_connection(params)
        except ProtocolError:
            return t("net.bad_link"), "error"
        if not is_id(table):
            return t("net.bad_link"), "error"
        if "host" in params:
            return self.resume_host(table, conn)
        saved = self.saved_guest()
        if saved.get("table") == table:
            gt = GuestTable(table, saved["token"], saved["name"])
            gt.joined = True
        else:  # the token net.js said "arriving" with, if it did: the seat kept for it
            arrival = window.manniNet.arrival
            token = str(arrival.token) if arrival and str(arrival.table) == table else ""
            gt = GuestTable(table, token if is_id(token) else new_id(), saved.get("name", ""))
        net = self.enter(GuestGame(gt, self.page.settings), conn)
        if gt.joined:
            net.open()
        return None

    def saved_guest(self) -> dict:
        from ...net.links import is_id
        try:
            data = parse_json(self.page.storage.get(NET_GUEST_KEY) or "{}", max_bytes=1024)
            if isinstance(data, dict) and is_id(data.get("table")) and is_id(data.get("token")) \
                    and isinstance(data.get("name"), str):
                return data
        except InputError:
            pass
        return {}

    def resume_host(self, table: str, conn) -> tuple[str, str]:
        from ...net.host import HostTable
        from ..netgame import HostGame
        page = self.page
        try:
            ht = HostTable.from_json(page.storage.get(NET_HOST_KEY) or "")
            if ht.table != table:
                raise KeyError(table)
            settings = page.settings_copy()
            if ht.sealed and ht.started:
                from ..sealed_game import SealedHostGame
                sealed = SealedHostGame.resume_sealed(
                    settings, ht, page.storage.get(NET_HOST_SEALED_KEY) or "")
                game: HostGame = sealed
                rules, options = sealed.play.rules.name, sealed.play.options
            else:
                game = HostGame.resume(page.storage.get(NET_RECORD_KEY) or "", settings, ht)
                rules, options = game.match.rules.name, game.match.options
            settings.variant = variant_of(rules, options)
            settings_from_options(settings, rules, options)
        except Exception:
            window.history.replaceState(None, "", str(window.location.pathname))
            return page.t("net.host_lost"), "warning"
        self.enter(game, conn).open()
        return page.t("net.resumed"), "info"

    def enter(self, game, conn) -> NetLink:
        from .net_link import NetLink
        self.leave()
        self.page.game = game
        net = self.net = NetLink(self.page, game, conn)
        self.page.table.setAttribute("data-net", "host" if net.is_host else "guest")
        net.set_status("connecting")
        self.page.talk.mount()
        return net

    def leave(self) -> None:
        if self.net is None:
            return
        if self.net.is_host:
            from ...net import protocol as net_protocol
            for s in self.net.game.table.seats:
                if s.conn is not None:
                    self.net.send(s.conn, net_protocol.closed("host_left"))
        self.net.js.stop()
        self.net = None
        self.page.talk.unmount()
        self.net_el.innerHTML = ""
        self.net_el.hidden = True
        for name in ("data-net", "data-link", "data-seat", "data-sealed", "data-audit"):
            self.page.table.removeAttribute(name)
        by_id("net-status").textContent = ""
        window.history.replaceState(None, "", str(window.location.pathname))

    def match_changed(self) -> None:
        """Another match on the table (new, imported, the lesson) ends the table with
        friends; a move at it goes to the others (the host's state, a guest's action)."""
        net = self.net
        if net is None:
            return
        if self.page.game is not net.game:
            self.leave()
        elif net.is_host:
            net.broadcast()
        else:
            net.flush()

    # -- the lobby's buttons --------------------------------------------------------------
    def host_table(self, el) -> None:
        from ...net.host import HostTable
        from ...net.links import new_id, parse_connection, query
        from ...net.protocol import ProtocolError
        from ..netgame import HostGame
        page = self.page
        s = Settings.from_dict({**page.settings_dict(), "variant": by_id("opt-variant").value,
                                "target": by_id("opt-target").value,
                                "manche": by_id("opt-manche").value,
                                "talk": by_id("opt-talk").value == "on",
                                "level": by_id("opt-level").value}, page.levels)
        seats = get_rules(s.rules_and_options()[0]).seats
        name = str(by_id("net-name").value or "").strip() or page.t("net.host_default")
        try:
            conn = parse_connection(query(str(window.location.search or "")))
        except ProtocolError:
            conn = parse_connection({})
        try:
            ht = HostTable(new_id(), name, s.level, seats)
        except ProtocolError:
            ht = HostTable(new_id(), page.t("net.host_default"), s.level, seats)
        page.settings = s
        game = HostGame.host(s, ht)
        by_id("menu-dialog").close()
        net = self.enter(game, conn)
        window.history.replaceState(
            None, "", f"{window.location.pathname}?host={ht.table}{conn.link_params()}")
        net.open()
        page.changed()

    def join_table(self, el) -> None:
        net = self.net
        if net is None or net.is_host:
            return
        from ...net import protocol as net_protocol
        try:
            name = net_protocol.clean_name(str(by_id("join-name").value or ""))
        except net_protocol.ProtocolError:
            self.page.notices.show(self.page.t("net.name_needed"), kind="warning")
            return
        gt = net.game.table
        gt.name, gt.joined = name, True
        net.join_message = ""
        self.page.storage.set(NET_GUEST_KEY, json.dumps(
            {"table": gt.table, "token": gt.token, "name": name}))
        self.page.render()
        net.open()

    def start_table(self, el) -> None:
        net = self.net
        if net is None or not net.is_host or net.game.started:
            return
        level = str(by_id("net-level").value or "")
        if level in self.page.levels:
            net.game.table.level = level
        if net.game.want_sealed:
            from ..sealed_game import SealedHostGame
            self.page.game = net.game = SealedHostGame.seal(net.game)
            self.page.table.setAttribute("data-sealed", "shuffling")
        else:
            net.game.start()
        self.page.changed()

    def sealed_switch(self, el) -> None:
        """The lobby's "Sealed deal" box (docs/sealed-deal.md)."""
        net = self.net
        if net is not None and net.is_host and not net.game.started:
            net.game.want_sealed = bool(el.checked)
            self.page.render()

    def pick_partner(self, el) -> None:
        """The lobby of a partnership game: the seat tapped becomes the host's partner."""
        net = self.net
        seat = str(attr(el, "data-seat") or "")
        if net is None or not net.is_host or not seat.isdigit():
            return
        welcomes = net.game.choose_partner(int(seat))
        if welcomes is None:
            return
        for conn, text in welcomes:
            net.send(conn, text)
        self.page.changed()

    def stand_in(self, el) -> None:
        net = self.net
        seat = attr(el, "data-seat")
        if net is None or not net.is_host or seat not in [str(i) for i in range(
                1, len(net.game.table.seats))]:
            return
        s = net.game.table.seats[int(seat)]
        if net.game.table.set_stand_in(int(seat), not s.stand_in):
            self.page.changed()

    @staticmethod
    def _invite(el) -> str:
        holder = nn(el.closest("[data-invite]"))
        return str(attr(holder, "data-invite") or "") if holder is not None else ""

    def copy_invite(self, el) -> None:
        url = self._invite(el)
        if url:
            asyncio.ensure_future(self.page.notices.copy(url, "net.copied", "net.copy_failed"))

    def share_invite(self, el) -> None:
        url = self._invite(el)
        if url:
            asyncio.ensure_future(self._share(url))

    async def _share(self, url: str) -> None:
        try:
            await window.manniNet.share(url, self.page.t("net.share_title"))
        except Exception:
            pass  # the player closed the share sheet

    ACTIONS = {"host-table": host_table, "join-table": join_table, "start-table": start_table,
               "stand-in": stand_in, "copy-invite": copy_invite, "share-invite": share_invite,
               "pick-partner": pick_partner, "sealed-switch": sealed_switch}
