"""Settings of the UI and of new matches, and what the page keeps in browser storage.

Storage (``localStorage``; see docs/ui.md):

- ``manni:record``   the current match as a game record (``manni-record/1`` JSON), saved
  after every action;
- ``manni:settings`` the :class:`Settings` below as JSON (level and speed of the current
  match, the choices prefilled in the New match dialog, the language the player chose in
  the menu, or "" to follow the browser's).

Everything here is pure Python: parsing is tolerant (unknown or bad values fall back to
the defaults) so a foreign or damaged settings entry never stops the page.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass

from ..errors import ManniError
from ..inputs import InputError, brief, parse_json
from ..rules import get_rules
from ..rules.base import MANCHE_TARGET, TARGET
from ..variants import VARIANTS as ALL_VARIANTS
from ..variants import variant_of  # noqa: F401  (the UI's names for them)

# The variants the page offers: every one (three seats or four).
VARIANTS = dict(ALL_VARIANTS)

RECORD_KEY = "manni:record"
SETTINGS_KEY = "manni:settings"
BAD_RECORD_KEY = "manni:record.bad"  # a saved match that could not be read, kept for download
EXCHANGES = ("pickup", "draw")  # the declared rule sets' ``exchange`` option
NET_HOST_KEY = "manni:net-host"      # the table this browser hosts: seats, tokens, seqs
NET_RECORD_KEY = "manni:net-record"  # ... and its match, a game record
NET_GUEST_KEY = "manni:net-guest"  # the table this browser last joined: id, name, token
NET_SEAT_KEY = "manni:net-seat"    # ... and its match as this seat saw it (a seat's record)
NET_SEALED_KEY = "manni:net-sealed"  # a sealed table: this page's deal secrets (never sent)
NET_HOST_SEALED_KEY = "manni:net-host-sealed"  # ... the host's: its seats' secrets, the relay
# The address names a table with friends when it holds one of these (?table=ID, ?host=ID).
TABLE_PARAMS = ("table", "host")

# speed -> (ms before an opponent's move, ms pause on a completed trick)
SPEEDS = {
    "slow": (1100, 2200),
    "normal": (600, 1300),
    "fast": (250, 650),
    "fastest": (0, 0),
}
# With "let my partner lead unless I ask": how long (ms) your questions are offered before
# your computer partner plays its first card, at any speed; asking one makes it wait for you.
ASK_WINDOW_MS = 1500

# speed -> ms a card takes to fly (to the trick, to a pile, from the Manni); the page's
# automation hooks never wait for it
MOTION_MS = {"slow": 520, "normal": 380, "fast": 240, "fastest": 80}

def manche_target(rules: str) -> bool:
    """Is this rule set's target a manche's, one of a few values (Manille's 50/100/150)?"""
    spec = get_rules(rules).options.get("target")
    return spec is not None and bool(spec.values)


MANCHE_TARGETS: tuple[int, ...] = MANCHE_TARGET.values
MANCHE_DEFAULT = (MANCHE_TARGET.default if isinstance(MANCHE_TARGET.default, int)
                  else MANCHE_TARGETS[0])

assert TARGET.low is not None and TARGET.high is not None and isinstance(TARGET.default, int)
TARGET_MIN, TARGET_MAX, TARGET_DEFAULT = TARGET.low, TARGET.high, TARGET.default
MAX_SETTINGS_BYTES = 4096  # a settings entry beyond this is set aside unread
MAX_QUERY = 2048           # characters of the address's query string we look at
DEFAULT_LEVELS = ("easy", "medium", "hard", "expert")


def bot_levels() -> tuple[str, ...]:
    try:
        from ..bots import LEVELS
        levels = tuple(LEVELS)
        return levels or DEFAULT_LEVELS
    except Exception:  # bots not there yet: the UI falls back to random legal moves
        return DEFAULT_LEVELS


@dataclass
class Settings:
    """The player's choices, saved in the browser."""

    variant: str = "classic"
    target: int = TARGET_DEFAULT
    level: str = "medium"
    speed: str = "normal"
    lang: str = ""  # "" = the browser's preference (navigator.languages)
    exchange: str = "pickup"  # Trjámann, Laugavatnsmanni
    overcalls: bool = True  # Laugavatnsmanni
    sound: bool = False     # sounds at the table (a card, a trick, your turn)
    haptics: bool = False   # a short vibration when it is your turn (phones)
    manche: int = 50        # Manille: a manche's target (its ``target`` option, 50/100/150)
    talk: bool = True       # Manille: the parlée (off: the manille muette)
    partner_leads: bool = False  # Manille: your computer partner leads unless you ask first

    def rules_and_options(self) -> tuple[str, dict]:
        """The engine's rule set and options: each setting the rule set has an option for."""
        from ..rules import get_rules
        rules, extra = VARIANTS[self.variant]
        known = get_rules(rules).options
        target = self.manche if manche_target(rules) else self.target
        mine = {"target": target, "exchange": self.exchange, "overcalls": self.overcalls,
                "talk": self.talk}
        return rules, {**{k: v for k, v in mine.items() if k in known}, **extra}

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | None, levels=None) -> "Settings":
        return cls.load(text, levels)[0]

    @classmethod
    def load(cls, text: str | None, levels=None) -> tuple["Settings", list[str]]:
        """Saved settings -> (settings, names of what was set aside). Never raises: what
        cannot be used takes its default; ``["settings"]`` if nothing could be read."""
        if not text:
            return cls().normalised(levels), []
        try:
            data = parse_json(text, MAX_SETTINGS_BYTES, 2)
        except InputError:
            data = None
        if not isinstance(data, dict):
            return cls().normalised(levels), ["settings"]
        aside: list[str] = []
        s = cls.from_dict(data, levels, aside)
        return s, aside

    @classmethod
    def from_dict(cls, data: dict, levels=None, aside: list | None = None) -> "Settings":
        """Settings from a dict (storage or the New match form); a present but unusable
        field keeps its default and its name goes into ``aside``."""
        s = cls()
        aside = [] if aside is None else aside
        for name in ("variant", "level", "speed", "lang", "exchange"):
            v = data.get(name)
            if isinstance(v, str):
                setattr(s, name, v)
            elif name in data:
                aside.append(name)
        for name in ("overcalls", "sound", "haptics", "talk", "partner_leads"):
            o = data.get(name)
            if isinstance(o, str) and o.lower() in ("true", "false"):
                o = o.lower() == "true"
            if isinstance(o, bool):
                setattr(s, name, o)
            elif name in data:
                aside.append(name)
        for name in ("target", "manche"):
            t = data.get(name)
            if isinstance(t, str) and re.fullmatch(r"\s*[0-9]{1,4}\s*", t):  # ASCII digits only
                t = int(t)
            if isinstance(t, int) and not isinstance(t, bool) and abs(t) < 10 ** 4:
                setattr(s, name, t)
            elif name in data:
                aside.append(name)
        s.normalised(levels, aside)
        aside[:] = sorted(set(aside), key=aside.index)
        return s

    def normalised(self, levels=None, aside: list | None = None) -> "Settings":
        levels = tuple(levels) if levels else DEFAULT_LEVELS
        aside = [] if aside is None else aside
        if self.variant not in VARIANTS:
            self.variant = "classic"
            aside.append("variant")
        if self.speed not in SPEEDS:
            self.speed = "normal"
            aside.append("speed")
        if self.exchange not in EXCHANGES:
            self.exchange = "pickup"
            aside.append("exchange")
        if self.level not in levels:
            self.level = "medium" if "medium" in levels else levels[0]
            aside.append("level")
        self.target = min(TARGET_MAX, max(TARGET_MIN, int(self.target)))
        if self.manche not in MANCHE_TARGETS:
            self.manche = MANCHE_DEFAULT
            aside.append("manche")
        from ..text import LANGUAGES
        if self.lang not in LANGUAGES:
            if self.lang:
                aside.append("lang")
            self.lang = ""
        return self


def settings_from_options(settings: Settings, rules: str, options: dict) -> None:
    """Take over an imported match's options into the settings (those it has)."""
    if manche_target(rules):
        settings.manche = options.get("target", settings.manche)
    else:
        settings.target = options.get("target", settings.target)
    settings.talk = options.get("talk", settings.talk)
    settings.exchange = options.get("exchange", settings.exchange)
    settings.overcalls = options.get("overcalls", settings.overcalls)


def parse_rules(query: str) -> str | None:
    """``?rules=NAME`` from a location.search string: the variant it names (a rule set or
    one of its offered forms: ``manille``, ``hornafjordur``, ...), None without one; raises
    ManniError for a name the page does not offer."""
    if len(query) > MAX_QUERY:
        raise ManniError("the address is too long")
    values = [part[6:] for part in query.lstrip("?").split("&") if part.startswith("rules=")]
    if not values:
        return None
    v = values[0].strip().lower()
    if v not in VARIANTS:
        raise ManniError(f"unknown rule set {brief(v)}")
    return v


def parse_daily(query: str) -> bool:
    """Does a location.search string ask for the deal of the day (``?daily``)?"""
    return len(query) <= MAX_QUERY and any(
        part.partition("=")[0] == "daily" for part in query.lstrip("?").split("&"))


def parse_seed(query: str) -> int | None:
    """``?seed=N`` from a location.search string: None without one; raises ManniError for
    one that cannot be used (N must be ASCII digits, a whole number below 2**63)."""
    if len(query) > MAX_QUERY:
        raise ManniError("the address is too long")
    values = [part[5:] for part in query.lstrip("?").split("&") if part.startswith("seed=")]
    if not values:
        return None
    v = values[0].strip()
    if not re.fullmatch(r"[0-9]{1,19}", v) or int(v) >= 2 ** 63:
        raise ManniError(f"bad seed {brief(v)}: a whole number from 0 to 2**63 - 1")
    return int(v)
