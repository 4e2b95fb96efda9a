"""The page: the ONLY module of manni.ui that touches ``js`` / ``pyscript`` / ``pyodide``.

It reads and writes localStorage, binds one delegated listener per event type on the
document, renders ``manni.ui.render`` into ``#game`` and drives the opponents with
``bot.steps()``, awaiting ``asyncio.sleep`` between slices so the page never freezes.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import asdict

from pyodide.ffi import create_proxy, to_js
import js
from js import document

window = js  # what pyscript.window is on the main thread; PyScript starts after the table

from ..errors import ManniError
from ..inputs import MAX_RECORD_BYTES, InputError, parse_json
from ..net import protocol as net_protocol
from ..net.guest import GuestTable
from ..net.host import HostTable
from ..net.links import host_peer_id, invite_url, is_id, new_id, parse_connection, query
from ..net.protocol import ProtocolError
from ..record import ReplayError, match_from_record, match_to_record, parse, replay_steps
from ..states import MatchPhase
from ..text import LANGUAGES, Translator, language_name, pick_language
from ..text.translate import has_catalog, install
from . import lobby, render, review_view
from .alerts import Alerts, elsewhere_html
from .game import Game
from .netgame import GuestGame, HostGame
from .rules_page import rules_html
from .settings import (BAD_RECORD_KEY, DEFAULT_LEVELS, EXCHANGES, MOTION_MS, NET_GUEST_KEY,
                       NET_HOST_KEY, NET_RECORD_KEY, RECORD_KEY, SETTINGS_KEY, SPEEDS, VARIANTS, Settings,
                       bot_levels, parse_seed, variant_of)
from .stats import STATS_KEY, Stats, reset_confirm_html, stats_html
from .tabs import CHANNEL, TabSync

# What a tab whose match continues in another tab may still do (nothing that saves).
WHILE_ELSEWHERE = {"take-back", "export", "download-damaged", "dismiss-alert", "close-dialog"}
NOTICE_SECONDS = 5
INFO_SECONDS = 3.5     # an information notice goes by itself, sooner
HINT_SECONDS = 15      # a hint's reasons stay up longer than a refusal
HINT_BUDGET_MS = 1000  # the Expert bot's time cap for a hint (as for an Expert opponent)


CATALOG_URL = "./static/vendor/locale/{}.json"  # every other language's (scripts/vendor.py)


async def fetch_catalog(lang: str) -> bool:
    """Whether ``lang``'s catalog is here, fetching it if it is not yet."""
    if has_catalog(lang):
        return True
    try:
        response = await window.fetch(CATALOG_URL.format(lang))
        if not response.ok:
            return False
        install(lang, str(await response.text()))
    except Exception:  # offline and not cached, or a damaged file (nothing was kept)
        return False
    return True


def _trace() -> str:
    import traceback  # only on errors: keep start-up imports minimal
    return traceback.format_exc()
_proxies: list = []  # keep the JS-callable proxies alive for the page's lifetime


def _on(target, event: str, fn) -> None:
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def _by_id(name):
    return document.getElementById(name)


def _nn(value):
    """JS null arrives as ``pyodide.ffi.jsnull`` (not None) in this Pyodide: map it to None."""
    if value is None or type(value).__name__ == "JsNull":
        return None
    return value


def _q(root, selector):
    return _nn(root.querySelector(selector))


def _attr(el, name) -> str | None:
    return _nn(el.getAttribute(name))


class _NoMotion:
    before = after = sound = staticmethod(lambda *args: None)


class Storage:
    """localStorage, or nothing (disabled storage): never raises. ``set`` says whether the
    value was stored (it fails when storage is full or refuses writes)."""

    def __init__(self) -> None:
        try:
            self.ls = _nn(window.localStorage)
        except Exception:
            self.ls = None
        self.ok = self.ls is not None

    def get(self, key: str) -> str | None:
        if not self.ok:
            return None
        try:
            value = self.ls.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        if not self.ok:
            return False
        try:
            self.ls.setItem(key, value)
            return True
        except Exception:
            return False

    def remove(self, key: str) -> None:
        if self.ok:
            try:
                self.ls.removeItem(key)
            except Exception:
                pass


class App:
    def __init__(self) -> None:
        self.storage = Storage()
        # The bots package is imported when an opponent first moves (or the menu opens),
        # not during start-up.
        self.levels: tuple[str, ...] = DEFAULT_LEVELS
        self._levels_checked = False
        self.settings, self.settings_aside = Settings.load(self.storage.get(SETTINGS_KEY), self.levels)
        wanted = self.settings.lang or self.browser_language()
        self.t = Translator(wanted)
        # A catalog static/js/runtime.mjs could not fetch with the page: English till it comes.
        self.lang_pending = wanted if self.t.lang != wanted else None
        self.table = _by_id("table")
        self.game_el = _by_id("game")
        self.gen = 0
        self.task: asyncio.Future | None = None
        self.notice_seq = 0
        self.review_seq = 0
        self.waiting: Game | None = None  # your match, while the lesson is on
        self.stats = Stats.from_json(self.storage.get(STATS_KEY))
        self.game: Game  # made by boot(), before any handler runs
        self.alerts = Alerts()
        self.damaged: str | None = None  # this start-up's unreadable saved match
        self.tabs = TabSync()
        self.channel = None
        self.import_seq = 0
        self.net: NetLink | None = None  # while at a table with friends
        self.net_el = _by_id("net")

    @staticmethod
    def browser_language() -> str:
        try:
            prefs = [str(x) for x in window.navigator.languages]
        except Exception:
            prefs = []
        return pick_language(prefs or [str(window.navigator.language or "")])

    # -- start-up --------------------------------------------------------------------------
    def start(self) -> None:
        self.fill_static_text()
        try:
            notice = self.start_net()
            if self.net is None:
                notice = self.load_game() or notice
        except Exception:  # a fault of ours must not stop the page: start afresh
            self.report(_trace())
            self.settings, notice = Settings(), None
            self.game = Game.new(self.settings, None, self.t)
        self.bind()
        if self.net is None:  # a table with friends is not a match other tabs take over
            self.open_channel()
        _by_id("announcer").textContent = ""
        self.save()
        self.render()
        self.table.setAttribute("aria-busy", "false")
        if notice:
            self.show_notice(notice[0], kind=notice[1])
        if self.lang_pending:
            asyncio.ensure_future(self.switch_language(self.lang_pending, remember=False))
        self.restart_driver()

    # -- tables with friends -------------------------------------------------------------
    def start_net(self) -> tuple[str, str] | None:
        """``?table=ID`` (a guest) or ``?host=ID`` (this browser's own table): set up
        ``self.game`` and ``self.net``; a notice (text, kind) if there is one to show."""
        params = query(str(window.location.search or ""))
        table = params.get("table") or params.get("host")
        if table is None:
            return None
        try:
            conn = parse_connection(params)
        except ProtocolError:
            return self.t("net.bad_link"), "error"
        if not is_id(table):
            return self.t("net.bad_link"), "error"
        if "host" in params:
            return self.resume_host(table, conn)
        saved = self.saved_guest()
        if saved.get("table") == table:
            gt = GuestTable(table, saved["token"], saved["name"])
            gt.joined = True
        else:
            gt = GuestTable(table, new_id(), saved.get("name", ""))
        net = self.enter_net(GuestGame(gt, self.settings), conn)
        if gt.joined:
            net.open()
        return None

    def saved_guest(self) -> dict:
        try:
            data = parse_json(self.storage.get(NET_GUEST_KEY) or "{}", max_bytes=1024)
            if isinstance(data, dict) and is_id(data.get("table")) and is_id(data.get("token")) \
                    and isinstance(data.get("name"), str):
                return data
        except InputError:
            pass
        return {}

    def resume_host(self, table: str, conn) -> tuple[str, str]:
        try:
            ht = HostTable.from_json(self.storage.get(NET_HOST_KEY) or "")
            if ht.table != table:
                raise KeyError(table)
            settings = Settings.from_dict(self._settings_dict(), self.levels)
            game = HostGame.resume(self.storage.get(NET_RECORD_KEY) or "", settings, ht)
            settings.variant = variant_of(game.match.rules.name, game.match.options)
            settings.target = game.match.options.get("target", settings.target)
        except Exception:
            window.history.replaceState(None, "", str(window.location.pathname))
            return self.t("net.host_lost"), "warning"
        self.enter_net(game, conn).open()
        return self.t("net.resumed"), "info"

    def enter_net(self, game, conn) -> "NetLink":
        self.leave_net()
        self.game = game
        net = self.net = NetLink(self, game, conn)
        self.table.setAttribute("data-net", "host" if net.is_host else "guest")
        net.set_status("connecting")
        return net

    def leave_net(self) -> None:
        if self.net is None:
            return
        if self.net.is_host:
            for s in self.net.game.table.seats:
                if s.conn is not None:
                    self.net.send(s.conn, net_protocol.closed("host_left"))
        self.net.js.stop()
        self.net = None
        self.net_el.innerHTML = ""
        self.net_el.hidden = True
        for name in ("data-net", "data-link"):
            self.table.removeAttribute(name)
        _by_id("net-status").textContent = ""
        window.history.replaceState(None, "", str(window.location.pathname))

    def sync_net(self) -> None:
        """Another match on the table (new, imported, the lesson) ends the table with friends."""
        if self.net is not None and self.game is not self.net.game:
            self.leave_net()

    def guard_net(self, fn):
        def handler(*args):
            try:
                fn(*args)
            except Exception:
                self.report(_trace())
        return handler

    def changed(self) -> None:
        """Something changed at the table (a guest acted, came or went): save, tell
        everyone, redraw, and let the bots move."""
        self.save()
        self.render()
        self.restart_driver()

    def do_host_table(self, el) -> None:
        s = Settings.from_dict({**self._settings_dict(), "variant": _by_id("opt-variant").value,
                                "target": _by_id("opt-target").value,
                                "level": _by_id("opt-level").value}, self.levels)
        name = str(_by_id("net-name").value or "").strip() or self.t("net.host_default")
        try:
            conn = parse_connection(query(str(window.location.search or "")))
        except ProtocolError:
            conn = parse_connection({})
        try:
            ht = HostTable(new_id(), name, s.level)
        except ProtocolError:
            ht = HostTable(new_id(), self.t("net.host_default"), s.level)
        self.settings = s
        game = HostGame.host(s, ht)
        _by_id("menu-dialog").close()
        net = self.enter_net(game, conn)
        window.history.replaceState(None, "", f"{window.location.pathname}?host={ht.table}{conn.link_params()}")
        net.open()
        self.changed()

    def do_join_table(self, el) -> None:
        net = self.net
        if net is None or net.is_host:
            return
        try:
            name = net_protocol.clean_name(str(_by_id("join-name").value or ""))
        except ProtocolError:
            self.show_notice(self.t("net.name_needed"), kind="warning")
            return
        gt = net.game.table
        gt.name, gt.joined = name, True
        net.join_message = ""
        self.storage.set(NET_GUEST_KEY, json.dumps({"table": gt.table, "token": gt.token, "name": name}))
        self.render()
        net.open()

    def do_start_table(self, el) -> None:
        net = self.net
        if net is None or not net.is_host or net.game.started:
            return
        level = str(_by_id("net-level").value or "")
        if level in self.levels:
            net.game.table.level = level
        net.game.start()
        self.changed()

    def do_stand_in(self, el) -> None:
        net = self.net
        seat = _attr(el, "data-seat")
        if net is None or not net.is_host or seat not in ("1", "2"):
            return
        s = net.game.table.seats[int(seat)]
        if net.game.table.set_stand_in(int(seat), not s.stand_in):
            self.changed()

    def _invite(self, el) -> str:
        holder = _nn(el.closest("[data-invite]"))
        return str(_attr(holder, "data-invite") or "") if holder is not None else ""

    def do_copy_invite(self, el) -> None:
        url = self._invite(el)
        if url:
            asyncio.ensure_future(self._copy(url))

    async def _copy(self, url: str) -> None:
        try:
            await window.manniNet.copy(url)
            self.show_notice(self.t("net.copied"), kind="info")
        except Exception:
            self.show_notice(self.t("net.copy_failed"), kind="warning")

    def do_share_invite(self, el) -> None:
        url = self._invite(el)
        if url:
            asyncio.ensure_future(self._share(url))

    async def _share(self, url: str) -> None:
        try:
            await window.manniNet.share(url, self.t("net.share_title"))
        except Exception:
            pass  # the player closed the share sheet

    def load_game(self) -> tuple[str, str] | None:
        """Resume the saved match (or the ?seed=N one). What cannot be used is set aside and
        listed in ``self.alerts``; returns a passing notice (text, kind), if any."""
        notice = None
        if self.settings_aside:
            self.alerts.set_aside.append(self.t("alert.settings_bad"))
        try:
            seed = parse_seed(str(window.location.search or ""))
        except ManniError:
            seed = None
            self.alerts.set_aside.append(self.t("alert.seed_bad"))
            self.drop_query()
        saved = self.storage.get(RECORD_KEY)
        resumed = None
        if saved:
            try:
                resumed = Game.from_record_text(saved, self.settings, self.t)
                resumed.view  # a record may replay yet not be viewable: prove it now
            except Exception:  # damaged or foreign: keep it for download, start afresh
                resumed = None
                self.set_aside_record(saved)
        if seed is not None:
            if resumed is not None and resumed.match.seed == seed:
                self.game = resumed
            else:
                self.game = Game.new(self.settings, seed, self.t)
                notice = self.t("notice.seed", seed=seed), "info"
            self.drop_query()  # a reload must resume this match, not restart it
        elif resumed is not None:
            self.game = resumed
            resumed.say(self.t("say.resumed"))
        else:
            self.game = Game.new(self.settings, None, self.t)
        return notice

    def set_aside_record(self, saved: str) -> None:
        """Keep an unreadable saved match under BAD_RECORD_KEY (and in memory) for download."""
        self.damaged = saved
        self.alerts.damaged = True
        kept = self.storage.set(BAD_RECORD_KEY, saved)
        if not kept:  # no room for a copy: move it instead
            self.storage.remove(RECORD_KEY)
            kept = self.storage.set(BAD_RECORD_KEY, saved)
        self.alerts.set_aside.append(self.t("alert.record_bad" if kept else "alert.record_bad_unkept"))

    @staticmethod
    def drop_query() -> None:
        try:
            window.history.replaceState(None, "", str(window.location.pathname))
        except Exception:
            pass

    def fill_static_text(self) -> None:
        t = self.t
        document.documentElement.lang = t.lang
        for el in document.querySelectorAll("[data-i18n]"):
            el.textContent = t(el.getAttribute("data-i18n"))
        for el in document.querySelectorAll("[data-i18n-aria]"):
            el.setAttribute("aria-label", t(el.getAttribute("data-i18n-aria")))
        for el in document.querySelectorAll("[data-boot-text]"):  # boot.js's texts, see index.html
            el.textContent = t("boot." + el.getAttribute("data-boot-text"))
        for el in document.querySelectorAll("[data-boot-aria]"):
            el.setAttribute("aria-label", t("boot." + el.getAttribute("data-boot-aria")))
        document.title = t("app.title")
        self._options("opt-variant", [(v, t(f"variant.{v}")) for v in VARIANTS])
        self._options("opt-level", [(v, t(f"level.{v}")) for v in self.levels])
        self._options("opt-speed", [(v, t(f"speed.{v}")) for v in SPEEDS])
        self._options("opt-exchange", [(v, t(f"exchange.{v}")) for v in EXCHANGES])

    def _options(self, select_id: str, items) -> None:
        sel = _by_id(select_id)
        sel.innerHTML = ""
        for value, label in items:
            opt = document.createElement("option")
            opt.value = value
            opt.textContent = label
            sel.appendChild(opt)

    def bind(self) -> None:
        _on(document, "click", self.guard(self.on_click))
        _on(document, "keydown", self.guard(self.on_key))
        _on(_by_id("opt-speed"), "change", self.guard(self.on_speed))
        _on(_by_id("opt-lang"), "change", self.guard(self.on_lang))
        for name in ("opt-sound", "opt-haptics"):
            _on(_by_id(name), "change", self.guard(self.on_feedback))
        _on(_by_id("opt-variant"), "change", self.guard(lambda event: self.sync_menu()))
        _on(_by_id("import-file"), "change", self.guard(self.on_file))
        _on(_by_id("review-dialog"), "close", self.guard(self.on_review_closed))
        _on(window, "resize", self.guard(self.place_notice))

    def guard(self, fn):
        def handler(event):
            try:
                fn(event)
            except Exception:
                self.report(_trace())
        return handler

    def report(self, text: str) -> None:
        window.console.error("Manni UI error:\n" + text)

    # -- storage -----------------------------------------------------------------------------
    def save(self) -> None:
        self.sync_net()
        if self.net is not None:
            self.net.save()
            return
        """Save the match and settings, unless another tab has the match; a failed save
        shows the "not being saved" alert until a save succeeds."""
        if not self.tabs.active or self.game.tutorial is not None:
            return  # another tab has the match; the lesson is never saved over your match
        ok = self.storage.set(RECORD_KEY, self.game.record_json())
        g = self.game
        if g.phase == MatchPhase.MATCH_OVER and self.stats.count_match(g.match, g.settings.level):
            ok = self.storage.set(STATS_KEY, self.stats.to_json()) and ok
        ok = self.storage.set(SETTINGS_KEY, self.settings.to_json()) and ok
        if self.alerts.unsaved == ok:
            self.alerts.unsaved = not ok
            self.render_alerts()

    def render_alerts(self) -> None:
        el = _by_id("alerts")
        html = self.alerts.html(self.t)
        el.innerHTML = html
        el.hidden = not html

    def download(self, name: str, text: str) -> None:
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                      dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = url
        a.download = name
        document.body.appendChild(a)
        a.click()
        a.remove()
        asyncio.ensure_future(self._revoke(url))

    @staticmethod
    async def _revoke(url) -> None:
        await asyncio.sleep(60)
        window.URL.revokeObjectURL(url)

    def damaged_text(self) -> str | None:
        return self.damaged or self.storage.get(BAD_RECORD_KEY)

    def do_download_damaged(self, el) -> None:
        text = self.damaged_text()
        if text:
            self.download("manni-damaged-save.json", text)

    def do_delete_damaged(self, el) -> None:
        self.storage.remove(BAD_RECORD_KEY)
        self.damaged = None
        self.alerts.damaged = False
        _by_id("damaged-tools").hidden = True
        self.render_alerts()

    def do_dismiss_alert(self, el) -> None:
        self.alerts.dismissed = True
        self.render_alerts()

    # -- two tabs: the newer one has the match (manni/ui/tabs.py) ----------------------------
    def open_channel(self) -> None:
        try:
            self.channel = window.BroadcastChannel.new(CHANNEL)
            _on(self.channel, "message", self.guard(self.on_tab_message))
        except Exception:
            self.channel = None
        self.claim()

    def own_game(self) -> Game:
        """The player's match (not the lesson, while it is on)."""
        if self.game.tutorial is not None and self.waiting is not None:
            return self.waiting
        return self.game

    def claim(self) -> None:
        if self.net is not None:
            return
        self.post(self.tabs.claim(match_to_record(self.own_game().match), float(window.Date.now())))

    def post(self, text: str) -> None:
        if self.channel is not None:
            self.channel.postMessage(text)

    def on_tab_message(self, event) -> None:
        data = event.data
        if not isinstance(data, str) or self.net is not None:
            return
        outcome = self.tabs.on_message(data, match_to_record(self.own_game().match))
        if outcome is None:
            return
        what, value = outcome
        if what == "pause":  # another tab took the match: stop, hand over, say so
            self.gen += 1
            self.post(value)
            for dialog in document.querySelectorAll("dialog[open]"):
                dialog.close()
            self.hide_notice()
            self.render()
            return
        try:  # "adopt": the other tab's match as it stood when it stopped
            settings = Settings.from_dict(self._settings_dict(), self.levels)
            game = Game.from_match(match_from_record(value), settings, self.t)
            game.view
        except Exception:
            self.report(_trace())
            return
        self.settings, self.game, self.waiting = settings, game, None
        self.after(True)

    def do_take_back(self, el) -> None:
        """Play here again: the match as the other tab saved it (its handover follows)."""
        if self.tabs.active:
            return
        saved = self.storage.get(RECORD_KEY)
        self.game, self.waiting = self.own_game(), None  # a lesson is left
        if saved and saved != self.game.record_json():
            settings = Settings.load(self.storage.get(SETTINGS_KEY), self.levels)[0]
            try:
                game = Game.from_record_text(saved, settings, self.t)
                game.view
                self.settings, self.game = settings, game
            except Exception:
                pass  # unreadable: go on with this tab's own match
        self.stats = Stats.from_json(self.storage.get(STATS_KEY))  # the other tab may have counted
        self.claim()
        self.after(True)

    # -- drawing -----------------------------------------------------------------------------
    def render(self) -> None:
        self.render_alerts()
        document.querySelector(".header-tools").hidden = not self.tabs.active
        if not self.tabs.active:
            self.game_el.innerHTML = elsewhere_html(self.t)
            self.table.setAttribute("data-tab", "elsewhere")
            self.table.setAttribute("data-turn", "")
            return
        self.table.setAttribute("data-tab", "active")
        g = self.game
        active = _nn(document.activeElement)
        focus_card = focus_action = None
        in_game = False
        if active is not None and self.game_el.contains(active):
            in_game = True
            focus_card = _attr(active, "data-card")
            focus_action = _attr(active, "data-action")
        self.sync_net()
        if self.net is not None and not self.net.render():
            return
        motion = self.motion()
        motion.before()
        self.game_el.innerHTML = render.table_html(g)
        for name, value in render.table_attrs(g).items():
            self.table.setAttribute(name, value)
        s = self.settings
        trick_ms = SPEEDS[s.speed][1]
        motion.after(json.dumps({
            "events": g.take_motions(), "ms": MOTION_MS[s.speed], "pause": trick_ms,
            "brisk": s.speed == "fastest",  # no waiting: the deal at once, the hand not slid
            "turn": g.phase in (MatchPhase.EXCHANGE, MatchPhase.PLAY) and g.waits_for_you(),
            "sound": s.sound, "haptics": s.haptics}))
        said = g.take_announcements()
        if said:
            _by_id("announcer").textContent = " ".join(said[-4:])
        if _by_id("scores-dialog").open:
            _by_id("scores-body").innerHTML = render.score_sheet(g)
        if in_game:
            self.restore_focus(focus_card, focus_action)
        self.place_notice()

    @staticmethod
    def motion():
        """static/js/motion.mjs, or a stand-in that does nothing if it did not load."""
        try:
            return window.manniMotion
        except AttributeError:
            return _NoMotion

    def restore_focus(self, card, action) -> None:
        el = None
        if card:
            el = _q(self.game_el, f'[data-card="{card}"]')
        elif action:
            el = _q(self.game_el, f'[data-action="{action}"]:not([disabled])')
        if el is None:
            el = (_q(self.game_el, ".result [data-action]")
                  or _q(self.game_el, ".actions [data-action]")
                  or _q(self.game_el, "#hand .playable, #hand .selectable")
                  or _q(self.game_el, "#hand [data-card]"))
        if el is not None:
            el.focus()

    def show_notice(self, text: str, seconds: float | None = None, kind: str = "warning") -> None:
        """A message in ``#notice`` by kind: "error" (something failed), "warning" (a
        refusal), "info" (goes by itself, sooner) or "hint" (the hint's reasons). Errors and
        warnings interrupt (role alert); info and hints are placed over the trick."""
        el = _by_id("notice")
        el.textContent = text
        el.className = f"notice {kind}"
        el.setAttribute("data-kind", kind)
        el.setAttribute("role", "status" if kind in ("info", "hint") else "alert")
        el.hidden = False
        self.place_notice()
        self.notice_seq += 1
        if seconds is None:
            seconds = INFO_SECONDS if kind == "info" else NOTICE_SECONDS
        asyncio.ensure_future(self._hide_notice(self.notice_seq, seconds))

    def place_notice(self, event=None) -> None:
        """Put an info or hint notice over the trick, as wide and as tall as it at most, so
        it never covers the contract or your hand; others keep the stylesheet's place."""
        el = _by_id("notice")
        style = el.style
        trick = _q(self.game_el, ".trick")
        if el.hidden or trick is None or _attr(el, "data-kind") not in ("info", "hint"):
            for name in ("top", "left", "max-width", "max-height"):
                style.removeProperty(name)
            return
        box, table = trick.getBoundingClientRect(), self.table.getBoundingClientRect()
        style.top = f"{box.top - table.top + box.height / 2:.0f}px"
        style.left = f"{box.left - table.left + box.width / 2:.0f}px"
        style.maxWidth = f"{max(box.width, 160):.0f}px"
        style.maxHeight = f"{box.height:.0f}px"

    async def _hide_notice(self, seq: int, seconds: float = NOTICE_SECONDS) -> None:
        await asyncio.sleep(seconds)
        if seq == self.notice_seq:
            _by_id("notice").hidden = True

    def hide_notice(self) -> None:
        self.notice_seq += 1
        _by_id("notice").hidden = True

    # -- events ------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = _nn(event.target)
        if target is None or not hasattr(target, "closest"):
            return
        el = _nn(target.closest("[data-card], [data-action]"))
        if el is None:
            return
        card = _attr(el, "data-card")
        if card and self.game_el.contains(el):
            self.after(self.game.tap_card(str(card)), player=True)
            return
        action = _attr(el, "data-action")
        if not self.tabs.active and action not in WHILE_ELSEWHERE:
            return
        handler = getattr(self, "do_" + (action or "").replace("-", "_"), None)
        if handler is not None:
            handler(el)

    def after(self, ok: bool, player: bool = False) -> None:
        """After a tap: show a refusal, or save, redraw and let the opponents move."""
        g = self.game
        if not ok:
            if g.notice:
                self.show_notice(g.notice, kind="warning")
            return
        self.hide_notice()
        if self.net is not None:
            self.net.flush()
        self.save()
        self.render()
        self.restart_driver()

    def on_key(self, event) -> None:
        key = event.key
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        active = _nn(document.activeElement)
        if active is None or not active.hasAttribute("data-card"):
            return
        cards = list(self.game_el.querySelectorAll("#hand [data-card]"))
        codes = [str(c.getAttribute("data-card")) for c in cards]
        mine = str(active.getAttribute("data-card"))
        i = codes.index(mine) if mine in codes else 0
        j = {"ArrowLeft": i - 1, "ArrowRight": i + 1, "Home": 0, "End": len(cards) - 1}[key]
        if cards:
            cards[max(0, min(len(cards) - 1, j))].focus()
            event.preventDefault()

    # -- controls ----------------------------------------------------------------------------
    def do_take_manni(self, el) -> None:
        self.after(self.game.take_manni())

    def do_keep_hand(self, el) -> None:
        self.after(self.game.keep_hand())

    def do_confirm_discard(self, el) -> None:
        self.after(self.game.confirm_discard())

    def do_declare(self, el) -> None:
        self.after(self.game.declare(str(_attr(el, "data-contract"))))

    def do_overcall(self, el) -> None:
        self.after(self.game.overcall(str(_attr(el, "data-contract"))))

    def do_pass(self, el) -> None:
        self.after(self.game.overcall(None))

    def do_next_deal(self, el) -> None:
        self.after(self.game.next_deal())

    def do_undo(self, el) -> None:
        self.after(self.game.undo())

    def do_show_hands(self, el) -> None:
        if self.game.toggle_hands():
            self.render()

    def do_hint(self, el) -> None:
        g = self.game
        if g.hint_busy or not g.can_hint():
            return
        g.hint_busy = True
        self.render()
        asyncio.ensure_future(self.compute_hint(self.gen, g))

    async def compute_hint(self, gen: int, g: Game) -> None:
        """The Expert bot's choice for seat 0, from seat 0's SeatView only (``g.hint_steps``),
        in slices like the opponents; dropped if anything changes meanwhile (undo, a tap,
        import, new match: each bumps ``self.gen``)."""
        found = None
        try:
            found = await self.think(g.hint_steps(HINT_BUDGET_MS),
                                     lambda: gen == self.gen and g is self.game)
        except Exception:
            self.report(_trace())
        g.hint_busy = False
        if g is not self.game:
            return
        text = ""
        if found is not None and gen == self.gen and g.can_hint():
            text = g.set_hint(*found)
        self.render()
        if text:
            self.show_notice(text, HINT_SECONDS, kind="hint")

    # -- review of a finished deal -----------------------------------------------------------
    def do_review(self, el) -> None:
        g = self.game
        deals = g.reviewable()
        if not deals:
            return
        chosen = _attr(el, "data-deal-index")
        index = int(chosen) if chosen and str(chosen).isdigit() else deals[-1]
        if index not in deals:
            return
        dialog, body = _by_id("review-dialog"), _by_id("review-body")
        if not dialog.open:
            dialog.showModal()
        self.review_seq += 1
        done = g.reviews.get(g.review_key(index))
        if done is not None:
            body.innerHTML = review_view.review_html(done, self.t, deals, index)
            return
        body.innerHTML = review_view.busy_html(self.t)
        asyncio.ensure_future(self.compute_review(g, index, self.review_seq))

    async def compute_review(self, g: Game, index: int, seq: int) -> None:
        """Hard looks at each of your decisions, in slices like the opponents; dropped if the
        dialog closes or another review is asked for meanwhile."""
        dialog = _by_id("review-dialog")
        try:
            found = await self.think(g.review_steps(index),
                                     lambda: seq == self.review_seq and g is self.game and dialog.open)
        except Exception:
            self.report(_trace())
            return
        if found is None or seq != self.review_seq or g is not self.game:
            return
        g.reviews[g.review_key(index)] = found
        self.reviewed(g, found)
        _by_id("review-body").innerHTML = review_view.review_html(found, self.t, g.reviewable(), index)

    def reviewed(self, g: Game, review) -> None:
        """A review is done: statistics count your agreement with Hard."""
        if self.stats.count_review(g.match, review):
            self.storage.set(STATS_KEY, self.stats.to_json())

    # -- learn by playing ------------------------------------------------------------------------
    def do_tutorial(self, el) -> None:
        """Start (or restart) the lesson; your match waits, unsaved over, until you leave."""
        if self.game.tutorial is None:
            self.waiting = self.game
        for name in ("menu-dialog", "rules-dialog"):
            _by_id(name).close()
        self.game = Game.new_tutorial(self.settings, self.t)
        self.after(True)

    def do_leave_tutorial(self, el) -> None:
        if self.game.tutorial is None:
            return
        self.game = self.waiting or Game.new(self.settings, None, self.t)
        self.waiting = None
        self.after(True)

    # -- how to play ----------------------------------------------------------------------------
    def do_rules(self, el) -> None:
        """The rules page of a rule set: the one chosen in the New match dialog (its link),
        the one a chooser button names, else the current match's."""
        variant = _attr(el, "data-variant")
        source = _attr(el, "data-from")
        if not variant and source:
            variant = _by_id(source).value
        _by_id("rules-body").innerHTML = rules_html(str(variant or self.settings.variant), self.t)
        dialog = _by_id("rules-dialog")
        if not dialog.open:
            dialog.showModal()
        dialog.scrollTop = 0

    # -- statistics ---------------------------------------------------------------------------
    def do_stats(self, el) -> None:
        _by_id("menu-dialog").close()
        _by_id("stats-body").innerHTML = stats_html(self.stats, self.t)
        dialog = _by_id("stats-dialog")
        if not dialog.open:
            dialog.showModal()

    def do_reset_stats(self, el) -> None:
        box = _nn(el.closest(".stats-reset"))
        if box is not None:
            box.innerHTML = reset_confirm_html(self.t)
            _q(box, "[data-action=reset-stats-confirm]").focus()

    def do_reset_stats_confirm(self, el) -> None:
        self.stats = Stats()
        self.storage.set(STATS_KEY, self.stats.to_json())
        self.do_stats(el)

    def on_review_closed(self, event) -> None:
        # Nothing of a review stays in the page once it is closed.
        self.review_seq += 1
        _by_id("review-body").innerHTML = ""

    def do_menu(self, el) -> None:
        self.open_menu()

    def do_new_match(self, el) -> None:
        self.open_menu()

    def open_menu(self) -> None:
        if not self._levels_checked:
            self._levels_checked = True
            levels = bot_levels()
            if levels != self.levels:
                self.levels = levels
                self._options("opt-level", [(v, self.t(f"level.{v}")) for v in levels])
        if not _by_id("opt-lang").options.length:  # each catalog read only when needed
            self._options("opt-lang", [(v, language_name(v)) for v in LANGUAGES])
            for opt, code in zip(_by_id("opt-lang").options, LANGUAGES):
                opt.lang = code  # each name is read in its own language
        _by_id("opt-lang").value = self.t.lang
        s = self.settings
        _by_id("opt-variant").value = s.variant
        _by_id("opt-target").value = str(s.target)
        _by_id("opt-level").value = s.level
        _by_id("opt-speed").value = s.speed
        _by_id("opt-practice").checked = self.game.practice and self.game.tutorial is None
        _by_id("opt-exchange").value = s.exchange
        _by_id("opt-overcalls").checked = s.overcalls
        _by_id("opt-sound").checked = s.sound
        _by_id("opt-haptics").checked = s.haptics
        self.sync_menu()
        _by_id("menu-message").textContent = ""
        _by_id("damaged-tools").hidden = not self.damaged_text()
        match = self.game.match
        _by_id("share-note").textContent = self.t("menu.share", seed=match.seed) if match else ""
        _by_id("menu-dialog").showModal()

    def sync_menu(self) -> None:
        """Show only the fields the chosen rule set has an option for."""
        from ..rules import get_rules
        rules, _ = VARIANTS.get(str(_by_id("opt-variant").value), VARIANTS["classic"])
        known = get_rules(rules).options
        for name in ("target", "exchange", "overcalls"):
            _by_id(f"field-{name}").hidden = name not in known

    def do_scores(self, el) -> None:
        _by_id("scores-body").innerHTML = render.score_sheet(self.game)
        _by_id("scores-dialog").showModal()

    def do_last_trick(self, el) -> None:
        _by_id("last-body").innerHTML = render.last_trick(self.game)
        _by_id("last-dialog").showModal()

    def do_close_dialog(self, el) -> None:
        dialog = _nn(el.closest("dialog"))
        if dialog is not None:
            dialog.close()

    def do_start_match(self, el) -> None:
        s = Settings.from_dict({
            "variant": _by_id("opt-variant").value,
            "target": _by_id("opt-target").value,
            "level": _by_id("opt-level").value,
            "speed": _by_id("opt-speed").value,
            "lang": self.settings.lang,
            "exchange": _by_id("opt-exchange").value,
            "overcalls": bool(_by_id("opt-overcalls").checked),
            "sound": self.settings.sound,
            "haptics": self.settings.haptics,
        }, self.levels)
        self.settings = s
        self.game = Game.new(s, None, self.t, practice=bool(_by_id("opt-practice").checked))
        _by_id("menu-dialog").close()
        self.after(True)

    def on_speed(self, event) -> None:
        if not self.tabs.active:
            return
        self.settings = Settings.from_dict({**self._settings_dict(), "speed": event.target.value}, self.levels)
        self.game.settings.speed = self.settings.speed
        self.save()

    def on_lang(self, event) -> None:
        lang = str(event.target.value)
        if lang in LANGUAGES:
            asyncio.ensure_future(self.switch_language(lang))

    async def switch_language(self, lang: str, remember: bool = True) -> None:
        """Switch the whole page to another language at once (no reload), fetching its
        catalog if needed; ``remember``: keep it as the player's choice."""
        if not await fetch_catalog(lang):
            if remember:
                _by_id("opt-lang").value = self.t.lang
                _by_id("menu-message").textContent = self.t("menu.lang_unavailable")
            return
        if remember:
            self.settings.lang = lang
            self.hide_notice()
        self.t = self.game.t = self.game.t.in_language(lang)
        self.fill_static_text()
        self.render()  # the other dialogs are closed: the switch is in the (modal) menu
        _by_id("menu-message").textContent = ""
        _by_id("share-note").textContent = self.t("menu.share", seed=self.game.match.seed)
        self.save()

    def on_feedback(self, event) -> None:
        """The sound and vibration switches: kept at once; turning sound on plays one."""
        name = "sound" if _attr(event.target, "id") == "opt-sound" else "haptics"
        on = bool(event.target.checked)
        setattr(self.settings, name, on)
        if on and name == "sound":
            self.motion().sound("turn")
        self.save()

    def _settings_dict(self) -> dict:
        return asdict(self.settings)

    def do_export(self, el) -> None:
        m = self.game.match
        if m is None:
            return  # a guest has no record: the host keeps it
        self.download(f"manni-{m.rules.name}-{m.seed}.json", self.game.record_json())

    # -- import: through the input boundary, replayed in slices while the match plays on ----
    def do_import_text(self, el) -> None:
        area = _by_id("import-text")
        if int(area.textLength) > MAX_RECORD_BYTES:  # refused before the text reaches Python
            self.refuse_import("too_large")
            return
        try:
            text = str(area.value or "")
        except Exception:
            text = ""
        if not text.strip():
            _by_id("menu-message").textContent = self.t("notice.import_empty")
            return
        asyncio.ensure_future(self.import_record(text))

    def on_file(self, event) -> None:
        files = _nn(event.target.files)
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
        msg = self.t(name, limit=f"{MAX_RECORD_BYTES:,}")
        _by_id("menu-message").textContent = msg
        self.show_notice(msg, kind="error")

    async def import_record(self, text: str) -> None:
        self.import_seq += 1
        seq = self.import_seq
        settings = Settings.from_dict(self._settings_dict(), self.levels)
        try:
            match = await self.think(replay_steps(parse(text)),
                                     lambda: seq == self.import_seq and self.tabs.active)
            if match is None:
                return  # another import, or another tab took the match
            game = Game.from_match(match, settings, self.t)
            game.view  # a record may replay yet not be viewable: prove it now
        except ReplayError as e:
            self.refuse_import(e.key)
            return
        except Exception:
            self.report(_trace())
            self.refuse_import("invalid")
            return
        self.settings = settings
        self.leave_net()
        self.game = game
        _by_id("import-text").value = ""
        _by_id("menu-dialog").close()
        self.after(True)
        if self.alerts.unsaved:
            self.show_notice(self.t("notice.imported_unsaved"), kind="warning")
        else:
            self.show_notice(self.t("notice.imported"), kind="info")

    # -- opponents ---------------------------------------------------------------------------
    @staticmethod
    async def think(steps, still_wanted):
        """Run a bot's ``steps()`` generator, letting the browser in between slices; its
        result, or None once ``still_wanted()`` turns false (undo, import, new match)."""
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return stop.value
            await asyncio.sleep(0)
            if not still_wanted():
                return None

    def restart_driver(self) -> None:
        self.gen += 1
        self.task = asyncio.ensure_future(self.drive(self.gen))

    async def drive(self, gen: int) -> None:
        try:
            while gen == self.gen:
                g = self.game
                seat = g.bot_seat()
                if seat is None:
                    return
                move_ms, trick_ms = SPEEDS[self.settings.speed]
                v = g.view
                wait = move_ms
                if g.phase == MatchPhase.PLAY and not v.trick and v.history:
                    wait = max(wait, trick_ms)  # let the completed trick be seen
                # The bot thinks during the pause, which then only tops its time up: a move
                # takes the longer of the two, not their sum.
                started = time.perf_counter()
                action = await self.think(g.opponent(seat).steps(g.opponent_view(seat)),
                                          lambda: gen == self.gen)
                if action is None:
                    return
                await asyncio.sleep(max(0.0, wait / 1000 - (time.perf_counter() - started)))
                if gen != self.gen:
                    return
                g.apply_opponent(seat, action)
                self.save()
                self.render()
        except Exception:
            self.report(_trace())


# -- tables with friends ----------------------------------------------------------------------
class NetLink:
    """The page's side of a table with friends: the transport (``window.manniNet``, PeerJS)
    on one side, the pure table (``HostGame``/``GuestGame``) on the other. Every message is
    built and checked in ``manni.net``; this only moves text and draws."""

    def __init__(self, app: App, game, conn) -> None:
        self.app, self.game, self.conn = app, game, conn
        self.js = window.manniNet
        self.proxy = create_proxy(app.guard_net(self.on_event))
        _proxies.append(self.proxy)
        self.is_host = isinstance(game, HostGame)
        self.join_message = ""

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
        self.app.table.setAttribute("data-link", status)
        _by_id("net-status").textContent = lobby.link_text(self.app.t, status)

    # -- host ---------------------------------------------------------------------------
    def host_event(self, event: str, conn: str, text: str) -> None:
        g, table = self.game, self.game.table
        if event == "open":
            self.set_status("open")
        elif event == "connect":
            self.send(conn, net_protocol.ask())
        elif event == "error":
            window.console.warn(f"Manni table: connection error {text}")
        elif event == "data":
            out = table.receive(conn, text, g.match)
            for line in table.log:
                window.console.warn("Manni table: " + line)
            table.log.clear()
            for to, reply in out.replies:
                self.send(to, reply)
            if out.apply is not None:
                g.apply_guest(*out.apply)
            if out.apply is not None or out.changed:
                self.app.changed()
        elif event == "close":
            if table.disconnect(conn):
                self.app.changed()

    def broadcast(self) -> None:
        for to, text in self.game.table.broadcast(self.game.match):
            self.send(to, text)

    # -- guest --------------------------------------------------------------------------
    def guest_event(self, event: str, text: str) -> None:
        g = self.game
        if event == "open":
            self.set_status("open")
            self.send("", g.table.hello())
        elif event == "close":
            self.set_status("reconnecting")
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
            if isinstance(msg, net_protocol.State):
                g.on_state()
            elif isinstance(msg, net_protocol.Refused):
                said = g.refusal_text(msg)
                if msg.key in ("full", "table") and g.table.seat is None:  # our own hello
                    self.join_message = said
                    self.app.storage.remove(NET_GUEST_KEY)
                    self.js.stop()
                self.app.show_notice(said, kind="error")
            elif isinstance(msg, net_protocol.Closed):
                self.set_status("closed")
            elif isinstance(msg, net_protocol.Ask):
                self.set_status("open")
                self.send("", g.table.hello())
            self.app.render()

    def flush(self) -> None:
        if not self.is_host:
            while self.game.outbox:
                self.send("", self.game.outbox.pop(0))

    # -- storage and drawing ------------------------------------------------------------
    def save(self) -> None:
        if self.is_host:
            g = self.game
            self.app.storage.set(NET_HOST_KEY, g.table.to_json())
            self.app.storage.set(NET_RECORD_KEY, g.record_json())
            self.broadcast()

    def render(self) -> bool:
        """Draw ``#net``; True if the table below should be drawn too."""
        g, t, app = self.game, self.app.t, self.app
        url = invite_url(str(window.location.href), g.table.table, self.conn) if self.is_host else ""
        playing = g.started if self.is_host else (g.ready and g.table.seat is not None)
        if self.is_host:
            html = lobby.host_bar(g, url) if playing else lobby.host_lobby(
                g, url, app.levels, bool(self.js.canShare()))
        elif playing:
            html = ""
        elif not g.table.joined or self.join_message:
            html = lobby.guest_join(t, g.table.name, self.join_message)
        else:
            html = lobby.guest_wait(t, g.table.names_from_here(), 0)
        self.app.net_el.innerHTML = html
        self.app.net_el.hidden = not html
        qr = _by_id("invite-qr")
        if qr is not None and _nn(qr) is not None:
            self.js.qr(qr, url)
        if not playing:
            app.game_el.innerHTML = ""
            app.table.setAttribute("data-phase", "lobby")
            app.table.setAttribute("data-turn", "you" if self.is_host else "opponent")
        return playing


_app: App | None = None


def start() -> App:
    global _app
    try:
        _app = App()
        _app.start()
    except Exception as e:
        window.console.error(_trace())
        try:
            t = _app.t if _app is not None else Translator()
            window.manniBoot.fail(t.t_or("error.start", "the game could not start."), str(e))
        except Exception:
            pass
        raise
    return _app
