"""The page's side of a table with friends: the transport (``window.manniNet``, PeerJS) on
one side, the pure table (``HostGame``/``GuestGame``) on the other. Every message is built
and checked in ``manni.net``; this only moves text and draws ``#net``."""

from __future__ import annotations

import asyncio
import json
import time

from pyodide.ffi import to_js

from ...net import chat as net_chat
from ...net import protocol as net_protocol
from ...net import room as net_room
from ...net.links import host_peer_id, invite_url
from ...net.protocol import ProtocolError
from .. import lobby, render, talk
from ..netgame import HostGame
from ...net import sealed_net
from ..settings import (NET_GUEST_KEY, NET_HOST_KEY, NET_HOST_SEALED_KEY, NET_RECORD_KEY,
                        NET_SEALED_KEY, NET_SEAT_KEY)
from .dom import by_id, nn, proxy, q, trace, window

RESEND_S = 2.0  # a guest's act the host has not answered is sent again after this long,
RESENDS = 5     # this many times at most (a reconnect's hello brings the table's state)
SLICE_S = 0.010  # a sealed page's crypto runs in slices of about this long
CLOCK_POLL_S = 1.0  # a sealed host's clock looks this often
NO_PATH_NOTICE_S = 15.0  # a guest's page tries again every 11.5 s (net.js)


class NetLink:
    def __init__(self, page, game, conn) -> None:
        self.page, self.game, self.conn = page, game, conn
        self.js = window.manniNet
        self.proxy = proxy(page.guard(self.on_event))
        self.is_host = isinstance(game, HostGame)
        self.join_message = ""
        self.cut = ""  # "offline" (no network) or "no_server" (no signaling server), or ""
        self.status = ""
        self.resending = False  # a guest's page waits to send its act again
        self.pumping = False  # a sealed page is taking its inbox, one message a slice
        self.clocking = False  # a sealed host's clock runs (SealedHostGame.clock)

    # -- transport ----------------------------------------------------------------------
    def options(self):
        from js import Object
        return to_js(self.conn.peer_options(), dict_converter=Object.fromEntries)

    def open(self) -> None:
        if self.is_host:
            self.js.host(host_peer_id(self.game.table.table), self.options(), self.proxy)
        else:
            self.js.join(host_peer_id(self.game.table.table), self.options(), self.proxy)

    def send(self, conn: str, text: str) -> None:
        self.js.send(conn, text)

    def on_event(self, event, conn, text) -> None:
        event, conn, text = str(event), str(conn), str(text)
        if self.is_host:
            self.host_event(event, conn, text)
        else:
            self.guest_event(event, text)

    def set_status(self, status: str) -> None:
        if self.cut and status in ("connecting", "reconnecting", "host_gone", "no_path"):
            status = self.cut  # our own network or server is down, not the host's
        self.status = status
        self.page.table.setAttribute("data-link", status)
        seats = () if self.is_host else self.game.table.seats()
        host = seats[0].name if seats else ""
        key = "host_no_server" if self.is_host and status == "no_server" else status
        by_id("net-status").textContent = lobby.link_text(self.page.t, key, host)

    # -- host ---------------------------------------------------------------------------
    def host_event(self, event: str, conn: str, text: str) -> None:
        g, table = self.game, self.game.table
        if event in ("open", "no_server"):
            self.set_status(event)
        elif event == "connect":
            self.send(conn, net_protocol.ask())
        elif event == "error":
            window.console.warn(f"Manni table: connection error {text}")
        elif event == "no_path":  # told again at each of the guest's tries, gone when they stop
            self.page.notices.show(self.page.t("net.host_no_path"), NO_PATH_NOTICE_S, "warning")
        elif event == "data":
            out = table.receive(conn, text, self.source())
            for line in table.log:
                window.console.warn("Manni table: " + line)
            table.log.clear()
            if out.sealed is not None:
                g.take_guest(*out.sealed, conn)
                self.pump()
            if out.apply is not None:
                g.apply_guest(*out.apply)
                out.changed = True
            self.page.talk.outcome(out)
        elif event == "close":
            if table.disconnect(conn):
                self.page.changed()

    def source(self):
        """What the host's table reads the match from: the match, or a sealed play."""
        return self.game.play if self.game.sealed else self.game.match

    def broadcast(self) -> None:
        for to, text in self.game.table.broadcast(self.source()):
            self.send(to, text)
        self.pump()

    # -- a sealed table: the inbox, one message a slice -----------------------------------
    def pump(self) -> None:
        if self.game.sealed and self.is_host and not self.clocking:
            self.clocking = True
            asyncio.ensure_future(self._clock())
        if self.game.sealed and self.game.inbox and not self.pumping:
            self.pumping = True
            asyncio.ensure_future(self._pump())

    async def _pump(self) -> None:
        try:
            g = self.game
            while g is self.game and g.inbox:
                done = await self.sliced(g.steps(), lambda: g is self.game)
                if g is not self.game:
                    break
                if self.is_host:
                    for to, text in done:
                        self.send(to, text)
                    for line in g.table.log:
                        window.console.warn("Manni table: " + line)
                    g.table.log.clear()
                else:
                    said = done
                    if said:
                        window.console.warn("Manni table: " + said)
                    self.flush()
                self.save_sealed()
                await asyncio.sleep(0)
            if g is self.game:
                self.page.changed()
        except Exception:
            self.page.report(trace())
        finally:
            self.pumping = False

    async def _clock(self) -> None:
        """The sealed host's clock, every CLOCK_POLL_S while this link is the page's."""
        try:
            while self.page.friends.net is self and self.game.sealed:
                await asyncio.sleep(CLOCK_POLL_S)
                if self.game.sealed and self.game.clock(time.monotonic()):
                    self.broadcast()  # the ruling before the next deal's messages
                    self.page.changed()
        except Exception:
            self.page.report(trace())
        finally:
            self.clocking = False

    @staticmethod
    async def sliced(steps, still_wanted):
        """Run a sealed steps generator in slices of about SLICE_S (each step is a few
        curve multiplications), letting the browser in between; its result."""
        while True:
            started = time.perf_counter()
            try:
                while time.perf_counter() - started < SLICE_S:
                    next(steps)
            except StopIteration as stop:
                return stop.value
            await asyncio.sleep(0)
            if not still_wanted():
                steps.close()
                return None

    def save_sealed(self) -> None:
        g = self.game
        if self.is_host:
            self.page.storage.set(NET_HOST_SEALED_KEY, json.dumps(g.saved()))
        elif g.play is not None:
            self.page.storage.set(NET_SEALED_KEY, json.dumps(g.play.saved()))

    # -- guest --------------------------------------------------------------------------
    def guest_event(self, event: str, text: str) -> None:
        g = self.game
        if event == "open":
            self.cut = ""
            self.set_status("open")
            self.send("", g.table.hello())
        elif event == "close":
            self.set_status("reconnecting")
        elif event == "no_path":
            self.set_status("no_path")
        elif event in ("offline", "no_server", "online"):
            self.cut = "" if event == "online" else event
            if self.status != "open" and self.status != "closed":
                self.set_status("reconnecting" if self.status in (
                    "offline", "no_server") else self.status)
        elif event == "error":
            if text == "peer-unavailable":
                self.set_status("host_gone")
            else:
                window.console.warn(f"Manni table: {text}")
        elif event == "data":
            try:
                msg = g.table.receive(text)
            except ProtocolError as e:
                window.console.warn(f"Manni table: ignored a message from the host: {e}")
                return
            if msg is None:
                return  # a chat line seen already
            if isinstance(msg, net_chat.ChatLine):
                self.page.talk.show(msg)
                return  # nothing else to redraw
            if isinstance(msg, sealed_net.Sealed):
                if g.sealed:
                    g.inbox.append(msg.msg)
                    self.pump()
                return  # drawn once taken
            if isinstance(msg, sealed_net.SealedTable):
                if not g.sealed:
                    from ..sealed_guest import SealedGuestGame
                    g = self.page.game = self.game = SealedGuestGame.from_guest(g)
                g.sync(self.page.storage.get(NET_SEALED_KEY))
                self.save_sealed()
                self.flush()
                self.pump()
            if isinstance(msg, (net_protocol.Welcome, net_room.Watching)):
                g.sync_translator()
                if g.sealed:
                    g.resend()  # this seat's messages the host has not relayed yet
                    self.flush()
            if isinstance(msg, net_protocol.State):
                g.resume_record(self.page.storage.get(NET_SEAT_KEY))
                g.on_state()
                self.page.parlee.lead_soon()
                if g.seat_record is not None:
                    self.page.storage.set(NET_SEAT_KEY, g.kept_record())
                self.page.talk.count()
            elif isinstance(msg, net_protocol.Refused):
                if msg.key == "duplicate":
                    return  # an act sent again that the host had applied: its state follows
                said = g.refusal_text(msg)
                if msg.key in ("full", "table") and g.table.seat is None:  # our own hello
                    self.join_message = said
                    self.page.storage.remove(NET_GUEST_KEY)
                    self.js.stop()
                self.page.notices.show(said, kind="error")
            elif isinstance(msg, net_protocol.Closed):
                self.set_status("closed")
                if msg.reason == "left":
                    self.page.storage.remove(NET_GUEST_KEY)
                    self.js.stop()
                    self.page.notices.show(self.page.t("net.left"), kind="info")
            elif isinstance(msg, net_protocol.Ask):
                self.set_status("open")
                self.send("", g.table.hello())
            self.page.render()

    def flush(self) -> None:
        if not self.is_host:
            while self.game.outbox:
                self.send("", self.game.outbox.pop(0))
            if self.game.unanswered is not None and not self.resending:
                self.resending = True
                asyncio.ensure_future(self.resend_later())

    async def resend_later(self) -> None:
        try:
            for _ in range(RESENDS):
                await asyncio.sleep(RESEND_S)
                if self.status == "open" and not self.game.resend():
                    return
                self.flush()
        finally:
            self.resending = False

    # -- storage and drawing ------------------------------------------------------------
    def save(self) -> None:
        """The host keeps its table and record (to resume after a reload); a guest keeps
        nothing but its seat (saved when it joins)."""
        if self.is_host:
            self.page.storage.set(NET_HOST_KEY, self.game.table.to_json())
            if self.game.sealed:
                self.save_sealed()
            else:
                self.page.storage.set(NET_RECORD_KEY, self.game.record_json())
            self.page.talk.count()

    def render(self) -> bool:
        """Draw ``#net``; True if the table below should be drawn too."""
        g, page = self.game, self.page
        url = (invite_url(str(window.location.href), g.table.table, self.conn)
               if self.is_host else "")
        watching = not self.is_host and g.watching
        playing = g.started if self.is_host else (
            g.ready and (g.table.seat is not None or watching))
        net_el = page.friends.net_el
        if self.is_host:
            shown = q(net_el, "details.room-bar[open]") is not None
            html = (lobby.host_bar(g, url) if playing else lobby.host_lobby(
                g, url, page.levels, bool(self.js.canShare()))) + page.talk.room_html(shown)
        elif playing:
            html = talk.guest_room(g)
        elif not g.table.joined or self.join_message:
            html = lobby.guest_join(page.t, g.table.name, self.join_message)
        else:
            html = lobby.guest_wait(page.t, g.table.names_from_here(), 0)
        if playing and g.sealed:
            html = lobby.sealed_bar(g) + html
            page.table.setAttribute("data-sealed", g.sealed_stage())
            audit = g.audit()
            if audit:
                page.table.setAttribute("data-audit", audit)
            else:
                page.table.removeAttribute("data-audit")
        net_el.innerHTML = html
        net_el.hidden = not html
        qr = by_id("invite-qr")
        if qr is not None and nn(qr) is not None:
            self.js.qr(qr, url)
        page.talk.render()
        if watching:
            page.table.setAttribute("data-seat", "spectator")
        else:
            page.table.removeAttribute("data-seat")
        if not playing:
            page.game_el.innerHTML = ""
            page.table.setAttribute("data-phase", "lobby")
            page.table.setAttribute("data-turn", "you" if self.is_host else "opponent")
        elif watching:  # drawn here: the spectator's own table, with no hand in it
            page.game_el.innerHTML = talk.spectator_html(g)
            for name, value in render.table_attrs(g).items():
                page.table.setAttribute(name, value)
            g.take_motions()
            return False
        return playing
