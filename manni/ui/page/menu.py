"""The menu: the New match form, speed, language, sound and vibration."""

from __future__ import annotations

import asyncio

from ...text import LANGUAGES, language_name
from ...text.translate import has_catalog, install
from ..game import Game
from ..settings import SETTINGS_KEY, VARIANTS, Settings, bot_levels, manche_target
from .dom import attr, by_id, fill_options, motion, on, window
from .feature import Feature
from .later_files import ready

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


class Menu(Feature):
    def __init__(self, page) -> None:
        super().__init__(page)
        self.levels_checked = False

    def bind(self) -> None:
        guard = self.page.guard
        on(by_id("opt-speed"), "change", guard(self.on_speed))
        on(by_id("opt-lang"), "change", guard(self.on_lang))
        for name in ("opt-sound", "opt-haptics"):
            on(by_id(name), "change", guard(self.on_feedback))
        on(by_id("opt-partner-leads"), "change", guard(self.on_partner_leads))
        on(by_id("opt-variant"), "change", guard(lambda event: self.sync()))

    def open(self, el=None) -> None:
        page = self.page
        if not self.levels_checked and ready("manni.bots"):  # else the defaults, for now
            self.levels_checked = True
            levels = bot_levels()
            if levels != page.levels:
                page.levels = levels
                fill_options("opt-level", [(v, page.t(f"level.{v}")) for v in levels])
        if not by_id("opt-lang").options.length:  # each catalog read only when needed
            fill_options("opt-lang", [(v, language_name(v)) for v in LANGUAGES])
            for opt, code in zip(by_id("opt-lang").options, LANGUAGES):
                opt.lang = code  # each name is read in its own language
        by_id("opt-lang").value = page.t.lang
        s = page.settings
        by_id("opt-variant").value = s.variant
        by_id("opt-target").value = str(s.target)
        by_id("opt-manche").value = str(s.manche)
        by_id("opt-talk").value = "on" if s.talk else "off"
        by_id("opt-level").value = s.level
        by_id("opt-speed").value = s.speed
        by_id("opt-practice").checked = page.game.practice and page.game.tutorial is None
        by_id("opt-exchange").value = s.exchange
        by_id("opt-overcalls").checked = s.overcalls
        by_id("opt-sound").checked = s.sound
        by_id("opt-haptics").checked = s.haptics
        by_id("opt-partner-leads").checked = s.partner_leads
        self.sync()
        by_id("menu-message").textContent = ""
        by_id("damaged-tools").hidden = not page.records.damaged_text()
        match = page.game.match
        by_id("share-note").textContent = page.t("menu.share", seed=match.seed) if match else ""
        by_id("menu-dialog").showModal()

    def sync(self) -> None:
        """Show only the fields the chosen rule set has an option for."""
        from ...rules import get_rules
        rules, _ = VARIANTS.get(str(by_id("opt-variant").value), VARIANTS["classic"])
        known = get_rules(rules).options
        manche = manche_target(rules)
        for name in ("exchange", "overcalls", "talk"):
            by_id(f"field-{name}").hidden = name not in known
        by_id("field-partner-leads").hidden = "talk" not in known and not self.table_talks()
        by_id("field-target").hidden = "target" not in known or manche
        by_id("field-manche").hidden = not manche

    def table_talks(self) -> bool:
        """Is there a parlée at the table on the page (a guest's: the host's rule set)?"""
        net, g = self.page.friends.net, self.page.game
        if net is not None and not net.is_host and not g.ready:
            return False
        v = g.view
        return v.ruleset.talk is not None and v.ruleset.talk.on(v.options)

    def start_match(self, el) -> None:
        page = self.page
        s = Settings.from_dict({
            "variant": by_id("opt-variant").value,
            "target": by_id("opt-target").value,
            "level": by_id("opt-level").value,
            "speed": by_id("opt-speed").value,
            "lang": page.settings.lang,
            "exchange": by_id("opt-exchange").value,
            "overcalls": bool(by_id("opt-overcalls").checked),
            "manche": by_id("opt-manche").value,
            "talk": by_id("opt-talk").value == "on",
            "sound": page.settings.sound,
            "haptics": page.settings.haptics,
            "partner_leads": bool(by_id("opt-partner-leads").checked),
        }, page.levels)
        page.settings = s
        page.game = Game.new(s, None, page.t, practice=bool(by_id("opt-practice").checked))
        by_id("menu-dialog").close()
        page.after(True)

    def on_speed(self, event) -> None:
        page = self.page
        if not page.tabs.active:
            return
        page.settings = Settings.from_dict({**page.settings_dict(), "speed": event.target.value},
                                           page.levels)
        page.game.settings.speed = page.settings.speed
        page.save()

    def on_lang(self, event) -> None:
        lang = str(event.target.value)
        if lang in LANGUAGES:
            asyncio.ensure_future(self.switch_language(lang))

    async def switch_language(self, lang: str, remember: bool = True) -> None:
        """Switch the whole page to another language at once (no reload), fetching its
        catalog if needed; ``remember``: keep it as the player's choice."""
        page = self.page
        if not await fetch_catalog(lang):
            if remember:
                by_id("opt-lang").value = page.t.lang
                by_id("menu-message").textContent = page.t("menu.lang_unavailable")
            return
        if remember:
            page.settings.lang = lang
            page.notices.hide()
        page.t = page.game.t = page.game.t.in_language(lang)
        page.fill_static_text()
        page.render()  # the other dialogs are closed: the switch is in the (modal) menu
        by_id("menu-message").textContent = ""
        by_id("share-note").textContent = page.t("menu.share", seed=page.game.match.seed)
        page.save()

    def on_feedback(self, event) -> None:
        """The sound and vibration switches: kept at once; turning sound on plays one."""
        page = self.page
        name = "sound" if attr(event.target, "id") == "opt-sound" else "haptics"
        on_ = bool(event.target.checked)
        setattr(page.settings, name, on_)
        if on_ and name == "sound":
            motion().sound("turn")
        page.save()

    def on_partner_leads(self, event) -> None:
        """"Let my partner lead unless I ask": kept at once, and the table goes on."""
        page = self.page
        page.settings.partner_leads = page.game.settings.partner_leads = bool(event.target.checked)
        if page.friends.net is not None:  # a table with friends saves no settings: this one is
            kept = Settings.from_json(page.storage.get(SETTINGS_KEY), page.levels)
            kept.partner_leads = page.settings.partner_leads
            page.storage.set(SETTINGS_KEY, kept.to_json())
        page.changed()
        page.parlee.lead_soon()

    ACTIONS = {"menu": open, "new-match": open, "start-match": start_match}
