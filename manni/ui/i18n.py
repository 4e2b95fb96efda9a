"""The translation layer: every text the player reads goes through a :class:`Translator`.

Catalogs are Python modules ``manni.ui.lang_<code>`` with ``NAME``, ``CATALOG`` (key ->
``str.format`` template) and ``plural(n) -> "one" | "few" | "many" | "other"``. A missing
key falls back to English, then to the key itself (so a gap is visible, never a crash).
Engine refusals are translated from ``IllegalAction.key`` / ``.params``, not from the
English message.
"""

from __future__ import annotations

import importlib

from ..cards import RANKS
from . import lang_en

LANGUAGES = ("en",)  # add "is", "fr", "ru", "sv", "nl" as their catalogs land


def _load(code: str):
    if code == "en":
        return lang_en
    try:
        return importlib.import_module(f"{__package__}.lang_{code}")
    except ImportError:
        return lang_en


class Translator:
    def __init__(self, lang: str = "en") -> None:
        mod = _load(lang if lang in LANGUAGES else "en")
        self.lang = lang if mod is not lang_en or lang == "en" else "en"
        self.catalog = mod.CATALOG
        self._plural = getattr(mod, "plural", lang_en.plural)

    # -- plain and plural texts ----------------------------------------------------------
    def __call__(self, key: str, **params) -> str:
        text = self.catalog.get(key)
        if text is None:
            text = lang_en.CATALOG.get(key, key)
        if params:
            try:
                return text.format(**params)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def t_or(self, key: str, fallback: str) -> str:
        return self(key) if self.has(key) else fallback

    def has(self, key: str) -> bool:
        return key in self.catalog or key in lang_en.CATALOG

    def plural(self, key: str, n: int, **params) -> str:
        """``key.zero`` (if the catalog has it) for 0, else ``key.<plural form of n>``."""
        if n == 0 and self.has(f"{key}.zero"):
            return self(f"{key}.zero", n=n, **params)
        form = self._plural(n)
        if not self.has(f"{key}.{form}"):
            form = "other"
        return self(f"{key}.{form}", n=n, **params)

    # -- game words ----------------------------------------------------------------------
    def seat(self, seat: int) -> str:
        return self(f"seat.{seat}")

    def suit(self, suit: int) -> str:
        return self(f"suit.{suit}")

    def card(self, c: int) -> str:
        """Screen-reader name, e.g. "10 of hearts"."""
        return self("card.name", rank=self(f"rank.{RANKS[c % 13]}"), suit=self.suit(c // 13))

    def rank_short(self, c: int) -> str:
        return self(f"rank_short.{RANKS[c % 13]}")

    def join(self, items: list[str]) -> str:
        items = list(items)
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        return self("list.and", a=self("list.sep").join(items[:-1]), b=items[-1])

    def cards(self, cards) -> str:
        return self("list.sep").join(self.card(c) for c in cards)

    def contract(self, contract) -> str:
        """"Trumps: hearts", "Grand", "Nóló"."""
        if contract.trump is not None:
            return self("contract.trump", suit=self.suit(contract.trump))
        return self(f"contract.{contract.name}")

    def illegal(self, exc) -> str:
        """A refusal (IllegalAction) in this language, from its key and params."""
        key = getattr(exc, "key", "illegal") or "illegal"
        params = dict(getattr(exc, "params", {}) or {})
        out = {}
        if "suit" in params:
            out["suit"] = self.suit(params["suit"])
        if "cards" in params:
            out["cards"] = self.cards(params["cards"])
        if "turn" in params:
            out["name"] = self.seat(params["turn"])
        if "limit" in params:
            out["limit"] = params["limit"]
            return self.plural(f"illegal.{key}", params["limit"], **out)
        k = f"illegal.{key}"
        if not self.has(k):
            k = "illegal.illegal"
        return self(k, **out)

    def reason(self, key: str, params: dict) -> str:
        """A hint reason (the Hard bot's ``(key, params)``) in this language. Params are
        language-neutral: ``card`` (int), ``cards`` (ints), ``voids`` ((seat, suit) pairs),
        numbers."""
        out = dict(params or {})
        if "card" in out:
            out["card"] = self.card(out["card"])
        if "cards" in out:
            out["cards"] = self.cards(out["cards"])
        if "voids" in out:
            out["voids"] = self.join([self("hint.void", name=self.seat(seat), suit=self.suit(suit))
                                      for seat, suit in out["voids"]])
        return self(f"hint.reason.{key}", **out)
