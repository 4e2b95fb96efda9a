"""Around the match at a table with friends: the chat (a log the player opens, bubbles at
the sender's seat, quick phrases, the message box), the host's mutes and chat switch,
"play again", spectators and the seats offered to them.

Chat lines go into the page only as ``textContent``: whatever a message holds, it is text.
The words come from ``manni.ui.talk``; the messages from ``manni.net``.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ...lazy import Later
from ...states import MatchPhase
from ..stats import STATS_KEY
from .dom import attr, by_id, document, download, nn, on, q
from .feature import Feature

if TYPE_CHECKING:
    from ...net import chat as C
    from ...net import protocol as P
    from .. import talk
else:  # only at a table with friends: not imported for the first table
    C = Later("manni.net.chat")
    P = Later("manni.net.protocol")
    talk = Later("manni.ui.talk")

BUBBLE_SECONDS = 4
NET_LAST_KEY = "manni:net-last"  # the host's last finished match at the table (a record)
AWAY_POLL_S = 5  # how often the host's page looks again at guests away (seconds)

class Talk(Feature):
    def __init__(self, page) -> None:
        super().__init__(page)
        self.root = None      # #chat, while at a table with friends
        self.unread = 0
        self.shown_game = 0   # the guest's match whose end was counted

    @property
    def net(self):
        return self.page.friends.net

    def bind(self) -> None:
        on(document, "submit", self.page.guard(self.on_submit))
        on(document, "change", self.page.guard(self.on_change))

    # -- the chat's frame --------------------------------------------------------------------
    def mount(self) -> None:
        """Put the chat on the page (once per table)."""
        if self.root is not None:
            return
        t = self.page.t
        root = document.createElement("aside")
        root.id = "chat"
        root.className = "chat"
        root.setAttribute("aria-label", t("chat.title"))
        root.innerHTML = talk.chat_frame(t)
        bubbles = document.createElement("div")
        bubbles.id = "chat-bubbles"
        bubbles.className = "chat-bubbles"
        bubbles.setAttribute("aria-hidden", "true")
        self.page.table.appendChild(bubbles)
        tools = document.querySelector(".header-tools")
        tools.insertBefore(root, tools.firstChild)
        self.root = root
        self.unread = 0
        self.render()

    def unmount(self) -> None:
        for name in ("chat", "chat-bubbles"):
            el = nn(by_id(name))
            if el is not None:
                el.remove()
        self.root = None

    def render(self) -> None:
        """The tools under the log (they hold no chat text)."""
        net = self.net
        if self.root is None or net is None:
            return
        tools = by_id("chat-tools")
        note = talk.chat_note(net.game)
        if tools.getAttribute("data-note") != note or not tools.hasChildNodes():
            focused = nn(document.activeElement)
            typing = focused is not None and attr(focused, "data-chat-input") is not None
            draft = str(by_id("chat-input").value) if nn(by_id("chat-input")) is not None else ""
            tools.innerHTML = talk.chat_tools(self.page.t, note)
            tools.setAttribute("data-note", note)
            box = nn(by_id("chat-input"))
            if box is not None:
                box.value = draft
                if typing:
                    box.focus()

    def toggle(self, el) -> None:
        panel = by_id("chat-panel")
        opening = bool(panel.hidden)
        panel.hidden = not opening
        q(self.root, ".chat-toggle").setAttribute("aria-expanded", "true" if opening else "false")
        if opening:
            self.unread = 0
            self._unread()
            log = by_id("chat-log")
            log.scrollTop = log.scrollHeight

    def _unread(self) -> None:
        badge = q(self.root, ".chat-unread")
        badge.textContent = str(self.unread) if self.unread else ""
        badge.hidden = not self.unread

    # -- lines -----------------------------------------------------------------------------
    def page_seat(self, seat: int) -> int:
        """An absolute seat as this page draws it."""
        net = self.net
        return seat if net.is_host else net.game.table.from_here(seat)

    def show(self, line: C.ChatLine) -> None:
        """Add a line to the log and a bubble at the sender's seat, as text only."""
        if self.root is None:
            return
        who, what = talk.line_parts(self.page.t, line)
        seat = None if line.seat is None else self.page_seat(line.seat)  # None: a spectator
        item = document.createElement("li")
        item.setAttribute("data-chat-message", "")
        item.setAttribute("data-seat", "watch" if seat is None else str(seat))
        name = document.createElement("b")
        name.className = "who"
        name.textContent = who
        text = document.createElement("span")
        text.className = "what"
        text.textContent = what
        item.append(name, " ", text)
        log = by_id("chat-log")
        log.appendChild(item)
        while log.children.length > C.KEEP_LINES:
            log.firstElementChild.remove()
        log.scrollTop = log.scrollHeight
        if by_id("chat-panel").hidden:
            self.unread += 1
            self._unread()
        if seat is not None:  # a spectator has no seat to speak from
            self.bubble(seat, what)

    def bubble(self, seat: int, what: str) -> None:
        holder = nn(by_id("chat-bubbles"))
        where = q(self.page.game_el, f'.seat[data-seat="{seat}"]')
        if holder is None:
            return
        for old in holder.querySelectorAll(f'[data-seat="{seat}"]'):
            old.remove()
        el = document.createElement("div")
        el.className = f"chat-bubble seat-{seat}"
        el.setAttribute("data-seat", str(seat))
        el.textContent = what
        holder.appendChild(el)
        if where is not None:  # over the seat, kept inside the table
            box, table = where.getBoundingClientRect(), self.page.table.getBoundingClientRect()
            half = el.offsetWidth / 2 + 4
            x = min(max(box.left - table.left + box.width / 2, half), table.width - half)
            el.style.left = f"{x:.0f}px"
            el.style.top = f"{box.top - table.top + box.height / 2:.0f}px"
        asyncio.ensure_future(self._fade(el))

    @staticmethod
    async def _fade(el) -> None:
        await asyncio.sleep(BUBBLE_SECONDS)
        el.remove()

    # -- sending ---------------------------------------------------------------------------
    def say(self, text: str = "", phrase: str = "") -> bool:
        net = self.net
        if net is None:
            return False
        g = net.game
        if net.is_host:
            note = talk.chat_note(g)
            try:
                msg = C.Chat(C.clean_text(text)) if not phrase else C.Chat(phrase=phrase)
            except P.ProtocolError as e:
                t = self.page.t
                note = t.t_or(f"net.refused.{e.key}", t("net.refused.malformed"))
            if note:
                self.page.notices.show(note, kind="warning")
                return False
            out = g.table.say(0, msg)
            for to, reply in out.replies:
                net.send(to, reply)
            if out.said is not None:
                self.show(out.said)
            return True
        if not g.chat(text, phrase):
            self.page.notices.show(g.chat_notice, kind="warning")
            return False
        net.flush()
        return True

    def on_submit(self, event) -> None:
        """Enter in the message box (the form is never really submitted)."""
        form = nn(event.target)
        if form is None or attr(form, "data-chat-form") is None:
            return
        event.preventDefault()
        self.send(form)

    def send(self, el) -> None:
        box = nn(by_id("chat-input"))
        if box is not None and self.say(text=str(box.value or "")):
            box.value = ""

    def phrase(self, el) -> None:
        self.say(phrase=str(attr(el, "data-phrase") or ""))

    # -- the host's controls ---------------------------------------------------------------
    def _host(self):
        net = self.net
        return net if net is not None and net.is_host else None

    def _seat(self, el) -> int | None:
        seat = attr(el, "data-seat")
        net = self.net
        if net is None or not seat or not seat.isdigit():
            return None
        n = len(net.game.table.seats) if net.is_host else len(net.game.table.seats())
        return int(seat) if 0 < int(seat) < n else None

    def switch(self, el) -> None:
        net = self._host()
        if net is not None and net.game.table.set_chat(not net.game.table.chat_on):
            self.page.changed()

    def watchers_chat(self, el) -> None:
        net = self._host()
        if net is not None and net.game.table.set_watch_chat(not net.game.table.watch_chat):
            self.page.changed()

    def mute(self, el) -> None:
        net, seat = self._host(), self._seat(el)
        token = str(attr(el, "data-watcher") or "")
        if net is not None and token:
            table = net.game.table
            self.outcome(table.mute_watcher(token, not table.watcher_muted(token)))
        elif net is not None and seat is not None:
            table = net.game.table
            if table.set_muted(seat, seat not in table.gate.muted):
                self.page.changed()

    def offer(self, el) -> None:
        net, seat = self._host(), self._seat(el)
        if net is not None and seat is not None:
            table = net.game.table
            if table.offer(seat, seat not in table.offered):
                self.page.changed()

    def on_change(self, event) -> None:
        el = nn(event.target)
        net = self._host()
        if el is None or net is None or el.id != "watch-limit":
            return
        if net.game.table.set_watch_limit(int(str(el.value or "0"))):
            self.page.changed()

    def room_html(self, shown: bool) -> str:
        g = self.net.game  # a first match at a table has no last one (the key is another's)
        last = g.table.game > 1 and bool(self.page.storage.get(NET_LAST_KEY))
        return talk.host_room(g, shown, last)

    def export_last(self, el) -> None:
        """The match finished before "play again" (kept, and counted in the statistics)."""
        text = self.page.storage.get(NET_LAST_KEY)
        if text:
            download("manni-table-last-match.json", text)

    # -- play again ------------------------------------------------------------------------
    def play_again(self, el) -> None:
        net = self._host()
        if net is not None:
            self.outcome(net.game.table.propose_again(net.source()))
            asyncio.ensure_future(self._away_again())

    async def _away_again(self) -> None:
        """While "Play again" waits: a guest away long enough no longer holds it up
        (``HostTable.check_again``)."""
        while True:
            await asyncio.sleep(AWAY_POLL_S)
            net = self._host()
            if net is None or net.game.table.again is None:
                return
            out = net.game.table.check_again()
            if out.rematch:
                self.outcome(out)
                return

    def outcome(self, out) -> None:
        """After the host's table took a message or a tap: relay, rematch, redraw."""
        net = self.net
        for to, reply in out.replies:
            net.send(to, reply)
        if out.said is not None:
            self.show(out.said)
        if out.rematch:
            self.page.storage.set(NET_LAST_KEY, net.game.rematch())
        if out.changed or out.rematch:
            self.page.changed()

    def answer(self, el) -> None:
        net = self.net
        if net is not None and not net.is_host and net.game.answer_again(
                attr(el, "data-action") == "accept-again"):
            net.flush()
            self.page.render()

    def sit(self, el) -> None:
        net, seat = self.net, self._seat(el)
        if net is not None and not net.is_host and seat is not None and net.game.sit(seat):
            net.flush()

    # -- statistics --------------------------------------------------------------------------
    def count(self) -> None:
        """The finished match counts in this player's statistics (once)."""
        net, page = self.net, self.page
        g = net.game
        if net.is_host:
            if g.match is None:  # a sealed table: its judged deals
                m = g.play.match if g.play is not None else None
                if m is not None and m.finished and page.stats.count_match(m, "friends"):
                    page.storage.set(STATS_KEY, page.stats.to_json())
            elif g.phase == MatchPhase.MATCH_OVER and page.stats.count_match(g.match, "friends"):
                page.storage.set(STATS_KEY, page.stats.to_json())
        elif g.ready and not g.watching and g.table.room is not None and g.view.finished:
            mid = f"net:{g.table.table}:{g.table.room.game}"
            if page.stats.count_seen(mid, g.view):
                page.storage.set(STATS_KEY, page.stats.to_json())

    ACTIONS = {"chat-toggle": toggle, "chat-send": send, "chat-phrase": phrase,
               "chat-switch": switch, "chat-mute": mute, "chat-watchers": watchers_chat, "offer-seat": offer,
               "play-again": play_again, "accept-again": answer, "leave-again": answer,
               "sit": sit, "export-last": export_last}
