"""The shell every feature stands on: the match, settings and storage, saving, drawing the
table, taps and the one table from ``data-action`` to handler, the bots' driver."""

from __future__ import annotations

import asyncio
import json
import types
from dataclasses import asdict

from ...errors import ManniError
from ...states import MatchPhase
from ...text import Translator, pick_language
from .. import render, tables
from ..alerts import Alerts, elsewhere_html
from ..game import Game
from ..settings import (BAD_RECORD_KEY, DEFAULT_LEVELS, EXCHANGES, MANCHE_TARGETS, MOTION_MS,
                        RECORD_KEY, SETTINGS_KEY, SPEEDS, VARIANTS, Settings, parse_rules,
                        parse_daily, parse_seed, variant_of)
from ..stats import STATS_KEY, Stats
from ..tabs import TabSync
from ..title import game_title, long_name
from . import driver
from .dom import (Storage, attr, by_id, document, drop_query, fill_marked, fill_options, motion,
                  nn, on, q, trace, window)
from .challenge import Challenge
from .daily import Daily
from .feature import Feature
from .friends import Friends
from .hint import Hint
from .how_to_play import HowToPlay
from .lesson import Lesson
from .menu import Menu
from .notices import Notices
from .other_tabs import OtherTabs
from .par import Par
from .parlee import Parlee
from .records import Records
from .review import Review
from .statistics import Statistics
from .talk import Talk
from .table import TableControls

# What a tab whose match continues in another tab may still do (nothing that saves).
WHILE_ELSEWHERE = {"take-back", "export", "download-damaged", "dismiss-alert", "close-dialog"}


class Page(Feature):
    def __init__(self) -> None:
        super().__init__(self)
        self.storage = Storage()
        # The bots package is imported when an opponent first moves (or the menu opens),
        # not during start-up.
        self.levels: tuple[str, ...] = DEFAULT_LEVELS
        self.settings, self.settings_aside = Settings.load(self.storage.get(SETTINGS_KEY),
                                                           self.levels)
        wanted = self.settings.lang or self.browser_language()
        self.t = Translator(wanted)
        # A catalog static/js/runtime.mjs could not fetch with the page: English till it comes.
        self.lang_pending = wanted if self.t.lang != wanted else None
        self.table = by_id("table")
        self.game_el = by_id("game")
        self.gen = 0  # bumped by anything that makes running bot work moot
        self.task: asyncio.Future | None = None
        self.waiting: Game | None = None  # your match, while the lesson is on
        self.stats = Stats.from_json(self.storage.get(STATS_KEY))
        self.game: Game  # made by start(), before any handler runs
        self.alerts = Alerts()
        self.damaged: str | None = None  # this start-up's unreadable saved match
        self.tabs = TabSync()
        self.notices = Notices(self)
        self.friends = Friends(self)
        self.talk = Talk(self)
        self.other_tabs = OtherTabs(self)
        self.records = Records(self)
        self.menu = Menu(self)
        self.par = Par(self)
        self.daily = Daily(self)
        self.challenge = Challenge(self)
        self.parlee = Parlee(self)
        self.features: tuple[Feature, ...] = (
            self, self.notices, TableControls(self), self.friends, self.talk, self.other_tabs,
            self.records, self.menu, Hint(self), Review(self), Lesson(self), HowToPlay(self),
            Statistics(self), self.parlee, self.par, self.daily,
            self.challenge)
        self.actions: dict[str, types.MethodType] = {}
        for feature in self.features:
            for name, fn in type(feature).ACTIONS.items():
                assert name not in self.actions, name
                self.actions[name] = types.MethodType(fn, feature)

    @staticmethod
    def browser_language() -> str:
        try:
            prefs = [str(x) for x in window.navigator.languages]
        except Exception:
            prefs = []
        return pick_language(prefs or [str(window.navigator.language or "")])

    # -- start-up --------------------------------------------------------------------------
    def start(self) -> None:
        Game.link_base = self.daily.base()
        self.fill_static_text()
        try:
            notice = self.friends.start()
            if self.friends.net is None:
                notice = self.load_game() or notice
        except Exception:  # a fault of ours must not stop the page: start afresh
            self.report(trace())
            self.settings, notice = Settings(), None
            self.game = Game.new(self.settings, None, self.t)
        self.bind_all()
        if self.friends.net is None:  # a table with friends is not a match other tabs take over
            self.other_tabs.open_channel()
        by_id("announcer").textContent = ""
        self.save()
        self.render()
        self.table.setAttribute("aria-busy", "false")
        if notice:
            self.notices.show(notice[0], kind=notice[1])
        if self.lang_pending:
            asyncio.ensure_future(self.menu.switch_language(self.lang_pending, remember=False))
        self.restart_driver()

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
            drop_query()
        try:
            rules = parse_rules(str(window.location.search or ""))
        except ManniError:
            rules = None
            self.alerts.set_aside.append(self.t("alert.rules_bad"))
            drop_query()
        saved = self.storage.get(RECORD_KEY)
        resumed = None
        if saved:
            try:
                resumed = Game.from_record_text(saved, self.settings, self.t)
                resumed.view  # a record may replay yet not be viewable: prove it now
            except Exception:  # damaged or foreign: keep it for download, start afresh
                resumed = None
                self.set_aside_record(saved)
        challenge = self.challenge.load(str(window.location.search or ""))
        if challenge is not None:
            self.game, notice = challenge
        elif parse_daily(str(window.location.search or "")):
            self.game, notice = self.daily.make(rules or self.settings.variant, resumed)
            drop_query()  # a reload resumes it
        elif rules is not None:
            self.settings.variant = rules
            if seed is not None and resumed is not None and resumed.match.seed == seed \
                    and variant_of(resumed.match.rules.name, resumed.match.options) == rules:
                self.game = resumed
            else:
                self.game = Game.new(self.settings, seed, self.t)
                notice = self.t("notice.rules", name=self.t(f"variant.{rules}")), "info"
            drop_query()
        elif seed is not None:
            if resumed is not None and resumed.match.seed == seed:
                self.game = resumed
            else:
                self.game = Game.new(self.settings, seed, self.t)
                notice = self.t("notice.seed", seed=seed), "info"
            drop_query()  # a reload must resume this match, not restart it
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
        self.alerts.set_aside.append(
            self.t("alert.record_bad" if kept else "alert.record_bad_unkept"))

    def fill_static_text(self) -> None:
        t = self.t
        document.documentElement.lang = t.lang
        # data-boot-*: boot.js's texts (see index.html), under "boot." in the catalogs
        fill_marked(lambda name, key: t(f"boot.{key}" if name.startswith("data-boot-") else key))
        self.shown_title: str | None = None  # the header's and the tab's: set again
        if hasattr(self, "game"):
            self.show_title()
        fill_options("opt-variant", [(v, t(f"variant.{v}")) for v in VARIANTS])
        fill_options("opt-level", [(v, t(f"level.{v}")) for v in self.levels])
        fill_options("opt-speed", [(v, t(f"speed.{v}")) for v in SPEEDS])
        fill_options("opt-exchange", [(v, t(f"exchange.{v}")) for v in EXCHANGES])
        fill_options("opt-manche", [(str(n), t("menu.manche_points", n=n)) for n in MANCHE_TARGETS])
        fill_options("opt-talk", [(v, t(f"menu.talk_{v}")) for v in ("on", "off")])

    def bind_all(self) -> None:
        for feature in self.features:
            feature.bind()

    def bind(self) -> None:
        on(document, "click", self.guard(self.on_click))
        on(document, "keydown", self.guard(self.on_key))

    def guard(self, fn):
        """``fn`` as a listener: a fault of ours is reported, never thrown into the page."""
        def handler(*args):
            try:
                fn(*args)
            except Exception:
                self.report(trace())
        return handler

    @staticmethod
    def report(text: str) -> None:
        window.console.error("Manni UI error:\n" + text)

    def settings_copy(self) -> Settings:
        return Settings.from_dict(self.settings_dict(), self.levels)

    def settings_dict(self) -> dict:
        return asdict(self.settings)

    # -- the match changing, saving, drawing ----------------------------------------------
    def match_changed(self) -> None:
        """The match changed (an action, a new match, undo): tell the table with friends."""
        self.friends.match_changed()

    def changed(self) -> None:
        """The match changed: save, redraw, and let the bots move."""
        self.match_changed()
        self.save()
        self.render()
        self.restart_driver()

    def save(self) -> None:
        """Save the match and settings, unless another tab has the match; a failed save
        shows the "not being saved" alert until a save succeeds."""
        if self.friends.net is not None:
            self.friends.net.save()
            return
        if not self.tabs.active or self.game.tutorial is not None:
            return  # another tab has the match; the lesson is never saved over your match
        ok = self.storage.set(RECORD_KEY, self.game.record_json())
        g = self.game
        if g.phase == MatchPhase.MATCH_OVER and self.stats.count_match(g.match, g.settings.level):
            ok = self.storage.set(STATS_KEY, self.stats.to_json()) and ok
        if self.daily.count():
            ok = self.storage.set(STATS_KEY, self.stats.to_json()) and ok
        ok = self.storage.set(SETTINGS_KEY, self.settings.to_json()) and ok
        if self.alerts.unsaved == ok:
            self.alerts.unsaved = not ok
            self.notices.render_alerts()

    def show_title(self) -> None:
        """The header and the tab's title name the game played (``title.game_title``)."""
        name = game_title(self.game, self.t)
        if name != self.shown_title:
            self.shown_title = name
            document.title = name
            for el in document.querySelectorAll('[data-i18n="app.title"]'):
                el.textContent = name
                el.classList.toggle("long", long_name(name))

    def render(self) -> None:
        self.notices.render_alerts()
        self.show_title()
        document.querySelector(".header-tools").hidden = not self.tabs.active
        if not self.tabs.active:
            self.game_el.innerHTML = elsewhere_html(self.t)
            self.table.setAttribute("data-tab", "elsewhere")
            self.table.setAttribute("data-turn", "")
            return
        self.table.setAttribute("data-tab", "active")
        g = self.game
        active = nn(document.activeElement)
        focus_card = focus_action = None
        in_game = False
        if active is not None and self.game_el.contains(active):
            in_game = True
            focus_card = attr(active, "data-card")
            focus_action = attr(active, "data-action")
        if self.friends.net is not None and not self.friends.net.render():
            return
        m = motion()
        m.before()
        self.game_el.innerHTML = tables.table_html(g)
        for name, value in render.table_attrs(g).items():
            self.table.setAttribute(name, value)
        s = self.settings
        trick_ms = SPEEDS[s.speed][1]
        m.after(json.dumps({
            "events": g.take_motions(), "ms": MOTION_MS[s.speed], "pause": trick_ms,
            "brisk": s.speed == "fastest",  # no waiting: the deal at once, the hand not slid
            "turn": g.phase in (MatchPhase.EXCHANGE, MatchPhase.PLAY) and g.waits_for_you(),
            "sound": s.sound, "haptics": s.haptics}))
        said = g.take_announcements()
        if said:
            by_id("announcer").textContent = " ".join(said[-4:])
        if by_id("scores-dialog").open:
            by_id("scores-body").innerHTML = tables.score_sheet(g)
        if in_game:
            self.restore_focus(focus_card, focus_action)
        self.notices.place()
        self.par.kick()

    def restore_focus(self, card, action) -> None:
        el = None
        if card:
            el = q(self.game_el, f'[data-card="{card}"]')
        elif action:
            el = q(self.game_el, f'[data-action="{action}"]:not([disabled])')
        if el is None:
            el = (q(self.game_el, ".result [data-action]")
                  or q(self.game_el, ".actions [data-action]")
                  or q(self.game_el, "#hand .playable, #hand .selectable")
                  or q(self.game_el, "#hand [data-card]"))
        if el is not None:
            el.focus()

    def restart_driver(self) -> None:
        self.gen += 1
        self.task = asyncio.ensure_future(driver.drive(self, self.gen))

    # -- taps --------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = nn(event.target)
        if target is None or not hasattr(target, "closest"):
            return
        el = nn(target.closest("[data-card], [data-action]"))
        if el is None:
            return
        card = attr(el, "data-card")
        if card and self.game_el.contains(el):
            self.after(self.game.tap_card(str(card)))
            return
        action = attr(el, "data-action") or ""
        if not self.tabs.active and action not in WHILE_ELSEWHERE:
            return
        handler = self.actions.get(action)
        if handler is not None:
            handler(el)

    def after(self, ok: bool) -> None:
        """After a tap: show a refusal, or tell the table, save, redraw and let the bots move."""
        g = self.game
        if not ok:
            if g.notice:
                self.notices.show(g.notice, kind="warning")
            return
        self.notices.hide()
        self.changed()

    def on_key(self, event) -> None:
        key = event.key
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        active = nn(document.activeElement)
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

    def close_dialog(self, el) -> None:
        dialog = nn(el.closest("dialog"))
        if dialog is not None:
            dialog.close()

    ACTIONS = {"close-dialog": close_dialog}
