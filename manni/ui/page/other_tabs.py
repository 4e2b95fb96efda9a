"""Two tabs: the newer one has the match (the rules are ``manni/ui/tabs.py``); this posts
and listens on the BroadcastChannel."""

from __future__ import annotations

from ...record import match_from_record, match_to_record
from ..game import Game
from ..settings import RECORD_KEY, SETTINGS_KEY, Settings
from ..stats import STATS_KEY, Stats
from ..tabs import CHANNEL
from .dom import document, on, trace, window
from .feature import Feature


class OtherTabs(Feature):
    def __init__(self, page) -> None:
        super().__init__(page)
        self.channel = None

    def open_channel(self) -> None:
        try:
            self.channel = window.BroadcastChannel.new(CHANNEL)
            on(self.channel, "message", self.page.guard(self.on_message))
        except Exception:
            self.channel = None
        self.claim()

    def own_game(self) -> Game:
        """The player's match (not the lesson, while it is on)."""
        page = self.page
        if page.game.tutorial is not None and page.waiting is not None:
            return page.waiting
        return page.game

    def claim(self) -> None:
        page = self.page
        if page.friends.net is not None:
            return
        self.post(page.tabs.claim(match_to_record(self.own_game().match), float(window.Date.now())))

    def post(self, text: str) -> None:
        if self.channel is not None:
            self.channel.postMessage(text)

    def on_message(self, event) -> None:
        page = self.page
        data = event.data
        if not isinstance(data, str) or page.friends.net is not None:
            return
        outcome = page.tabs.on_message(data, match_to_record(self.own_game().match))
        if outcome is None:
            return
        what, value = outcome
        if what == "pause":  # another tab took the match: stop, hand over, say so
            page.gen += 1
            self.post(value)
            for dialog in document.querySelectorAll("dialog[open]"):
                dialog.close()
            page.notices.hide()
            page.render()
            return
        try:  # "adopt": the other tab's match as it stood when it stopped
            settings = page.settings_copy()
            game = Game.from_match(match_from_record(value), settings, page.t)
            game.view
        except Exception:
            page.report(trace())
            return
        page.settings, page.game, page.waiting = settings, game, None
        page.after(True)

    def take_back(self, el) -> None:
        """Play here again: the match as the other tab saved it (its handover follows)."""
        page = self.page
        if page.tabs.active:
            return
        saved = page.storage.get(RECORD_KEY)
        page.game, page.waiting = self.own_game(), None  # a lesson is left
        if saved and saved != page.game.record_json():
            settings = Settings.load(page.storage.get(SETTINGS_KEY), page.levels)[0]
            try:
                game = Game.from_record_text(saved, settings, page.t)
                game.view
                page.settings, page.game = settings, game
            except Exception:
                pass  # unreadable: go on with this tab's own match
        page.stats = Stats.from_json(page.storage.get(STATS_KEY))  # the other tab may have counted
        self.claim()
        page.after(True)

    ACTIONS = {"take-back": take_back}
