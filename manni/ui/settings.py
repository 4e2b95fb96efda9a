"""Settings of the UI and of new matches, and what the page keeps in browser storage.

Storage (``localStorage``; see docs/ui.md):

- ``manni:record``   the current match as a game record (``manni-record/1`` JSON), saved
  after every action;
- ``manni:settings`` the :class:`Settings` below as JSON (level and speed of the current
  match, the choices prefilled in the New match dialog, the language).

Everything here is pure Python: parsing is tolerant (unknown or bad values fall back to
the defaults) so a foreign or damaged settings entry never stops the page.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

RECORD_KEY = "manni:record"
SETTINGS_KEY = "manni:settings"

# UI choice -> (engine rule set, options other than the target)
VARIANTS = {
    "classic": ("classic", {"minus_points": False}),
    "classic-minus": ("classic", {"minus_points": True}),
    "hornafjordur": ("hornafjordur", {}),
}

# speed -> (ms before an opponent's move, ms pause on a completed trick)
SPEEDS = {
    "slow": (1100, 2200),
    "normal": (600, 1300),
    "fast": (250, 650),
    "fastest": (0, 0),
}

TARGET_MIN, TARGET_MAX, TARGET_DEFAULT = 5, 20, 10
DEFAULT_LEVELS = ("easy", "medium", "hard")


def bot_levels() -> tuple[str, ...]:
    try:
        from ..bots import LEVELS
        levels = tuple(LEVELS)
        return levels or DEFAULT_LEVELS
    except Exception:  # bots not there yet: the UI falls back to random legal moves
        return DEFAULT_LEVELS


@dataclass
class Settings:
    variant: str = "classic"
    target: int = TARGET_DEFAULT
    level: str = "medium"
    speed: str = "normal"
    lang: str = "en"

    def rules_and_options(self) -> tuple[str, dict]:
        rules, extra = VARIANTS[self.variant]
        return rules, {"target": self.target, **extra}

    @property
    def delays_ms(self) -> tuple[int, int]:
        return SPEEDS[self.speed]

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | None, levels=None) -> "Settings":
        s = cls()
        if not text:
            return s.normalised(levels)
        try:
            data = json.loads(text)
        except (ValueError, TypeError):
            return s.normalised(levels)
        if not isinstance(data, dict):
            return s.normalised(levels)
        return cls.from_dict(data, levels)

    @classmethod
    def from_dict(cls, data: dict, levels=None) -> "Settings":
        s = cls()
        for name in ("variant", "level", "speed", "lang"):
            v = data.get(name)
            if isinstance(v, str):
                setattr(s, name, v)
        t = data.get("target")
        if isinstance(t, str) and t.strip().lstrip("-").isdigit():
            t = int(t)
        if isinstance(t, int) and not isinstance(t, bool):
            s.target = t
        return s.normalised(levels)

    def normalised(self, levels=None) -> "Settings":
        levels = tuple(levels) if levels else DEFAULT_LEVELS
        if self.variant not in VARIANTS:
            self.variant = "classic"
        if self.speed not in SPEEDS:
            self.speed = "normal"
        if self.level not in levels:
            self.level = "medium" if "medium" in levels else levels[0]
        self.target = min(TARGET_MAX, max(TARGET_MIN, int(self.target)))
        from ..text import LANGUAGES
        if self.lang not in LANGUAGES:
            self.lang = "en"
        return self


def variant_of(rules: str, options: dict) -> str:
    """The UI's name for a match's rule set and options (for an imported record)."""
    if rules == "classic":
        return "classic-minus" if options.get("minus_points") else "classic"
    return rules if rules in VARIANTS else "classic"


def parse_seed(query: str) -> int | None:
    """``?seed=N`` (N a whole number ≥ 0, at most 2**63) from a location.search string."""
    values = [part[5:] for part in query.lstrip("?").split("&") if part.startswith("seed=")]
    if not values:
        return None
    v = values[0].strip()
    if not v.isdigit():
        return None
    n = int(v)
    return n if n < 2 ** 63 else None
