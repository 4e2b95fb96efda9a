"""Every text a player reads goes through a :class:`Translator`.

A missing or empty translation falls back to the English (``manni.pot``), then to the key
itself (so a gap is visible, never a crash); so does a language whose catalog the page has
not fetched. Plural forms are chosen by the catalog's own
``Plural-Forms`` expression, evaluated by the standard library's ``gettext``. Engine
refusals are translated from ``IllegalAction.key`` / ``.params``, not from the English
message.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..cards import RANKS
from .po import Catalog, load_compiled, parse

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
TEMPLATE = LOCALE_DIR / "manni.pot"


# The page has compiled catalogs (<code>.json, manni.json: scripts/vendor.py) in place
# of the .po files, and only the English one comes with the game: the page fetches a
# language's catalog when a player needs it (install()). INDEX lists every language
# with its own name, so the language menu needs no catalog.
COMPILED = ".json"
INDEX = "languages.json"


class CatalogMissing(LookupError):
    """A language whose catalog is not here (yet): the page fetches it first."""


def _index() -> dict[str, str] | None:
    try:
        return json.loads((LOCALE_DIR / INDEX).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None


def _available() -> tuple[str, ...]:
    index = _index()
    if index is not None:
        codes = set(index)
    else:
        codes = {p.stem for p in LOCALE_DIR.glob("*.po")} if LOCALE_DIR.is_dir() else set()
    return ("en",) + tuple(sorted(codes - {"en"}))


LANGUAGES = _available()


def _files(lang: str) -> tuple[Path, Path]:
    """Where ``lang``'s catalog is: its .po (the .pot for "en") and its compiled form."""
    path = TEMPLATE if lang == "en" else LOCALE_DIR / f"{lang}.po"
    return path, path.with_suffix(COMPILED)


@lru_cache(maxsize=None)
def load(lang: str) -> Catalog:
    """The parsed catalog of ``lang`` ("en": the English template)."""
    path, compiled = _files(lang)
    if compiled.is_file():
        return load_compiled(compiled.read_text(encoding="utf-8"), lang == "en", compiled.name)
    if not path.is_file():
        raise CatalogMissing(lang)
    return parse(path.read_text(encoding="utf-8"), path.name)


def has_catalog(lang: str) -> bool:
    return any(f.is_file() for f in _files(lang))


def install(lang: str, compiled: str) -> None:
    """Keep a fetched compiled catalog of ``lang`` (a language of LANGUAGES); a damaged
    one raises PoError and nothing is kept."""
    if lang not in LANGUAGES or lang == "en":
        raise ValueError(f"not a language with a catalog to fetch: {lang!r}")
    target = _files(lang)[1]
    load_compiled(compiled, False, target.name)
    target.write_text(compiled, encoding="utf-8")
    load.cache_clear()


def _plural_rule(catalog: Catalog):
    """The ``plural=`` expression of the header as a function n -> form index."""
    forms = catalog.headers.get("Plural-Forms", "nplurals=2; plural=(n != 1);")
    for part in forms.split(";"):
        name, _, expr = part.partition("=")
        if name.strip() == "plural":
            import gettext  # only for a catalog's plurals: not at an English table's start
            return gettext.c2py(expr.strip())
    raise ValueError(f"no plural= in Plural-Forms {forms!r}")


def pick_language(preferred) -> str:
    """The first of the browser's languages (``navigator.languages``, e.g. ["is-IS",
    "en"]) that has a catalog, by its primary subtag; English if none does."""
    for tag in preferred or ():
        code = str(tag).strip().lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    return "en"


def language_name(lang: str) -> str:
    """A language's own name for itself ("Íslenska"), for the language menu."""
    index = _index()
    return index[lang] if index and lang in index else Translator(lang)("language.name")


class Translator:
    def __init__(self, lang: str = "en", catalog: Catalog | None = None) -> None:
        """``catalog`` replaces the language's file (tests use a pseudo-language)."""
        self.lang = lang if lang in LANGUAGES or catalog is not None else "en"
        self.source = load("en")
        if catalog is None and self.lang != "en":
            try:
                catalog = load(self.lang)
            except CatalogMissing:  # not fetched (yet): English, as for a missing text
                self.lang = "en"
        self.catalog = catalog
        # English texts are the source's own two forms: the rule is for a catalog's.
        self._plural = _plural_rule(catalog) if catalog is not None else None

    def in_language(self, lang: str) -> "Translator":
        """A translator like this one (same kind) for another language."""
        return Translator(lang)

    # -- plain and plural texts ----------------------------------------------------------
    def _text(self, key: str) -> str:
        if self.catalog is not None:
            e = self.catalog.entries.get(key)
            if e is not None and e.msgstr[0]:
                return e.msgstr[0]
        e = self.source.entries.get(key)
        return e.msgid if e is not None else key

    @staticmethod
    def _format(text: str, params: dict) -> str:
        if not params:
            return text
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text

    def __call__(self, key: str, **params) -> str:
        return self._format(self._text(key), params)

    def t_or(self, key: str, fallback: str) -> str:
        return self(key) if self.has(key) else fallback

    def has(self, key: str) -> bool:
        return key in self.source.entries or (self.catalog is not None and key in self.catalog.entries)

    def plural(self, key: str, n: int, **params) -> str:
        """``key.zero`` (if there is one) for 0, else the plural form of ``n`` for ``key``."""
        if n == 0 and self.has(f"{key}.zero"):
            return self(f"{key}.zero", n=n, **params)
        src = self.source.entries.get(key)
        if src is None or src.msgid_plural is None:
            return self(key, **{"n": n, **params})
        text = src.msgid if n == 1 else src.msgid_plural
        e = self.catalog.entries.get(key) if self.catalog is not None else None
        if e is not None and e.msgid_plural is not None and self._plural is not None:
            i = self._plural(n)
            if 0 <= i < len(e.msgstr) and e.msgstr[i]:
                text = e.msgstr[i]
        return self._format(text, {"n": n, **params})

    # -- game words ----------------------------------------------------------------------
    def seat(self, seat: int) -> str:
        return self(f"seat.{seat}")

    def suit(self, suit: int) -> str:
        return self(f"suit.{suit}")

    def card(self, c: int) -> str:
        """Screen-reader name in the language's own form: "10 of hearts", "hjartatía"."""
        return self("card.name", rank=self(f"rank.{RANKS[c % 13]}"), suit=self(f"card.suit.{c // 13}"))

    def rank_short(self, c: int) -> str:
        return self(f"rank_short.{RANKS[c % 13]}")

    def number(self, x: float, decimals: int = 2, signed: bool = False) -> str:
        """``x`` with this language's decimal separator: "+1.25", "+1,25"."""
        text = f"{x:{'+' if signed else ''}.{decimals}f}"
        return text.replace(".", self("number.decimal"))

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
        for name in ("score", "gain"):
            if name in out:
                out[name] = self.number(out[name], signed=True)
        if "card" in out:
            out["card"] = self.card(out["card"])
        if "cards" in out:
            out["cards"] = self.cards(out["cards"])
        if "voids" in out:
            out["voids"] = self.join([self(f"hint.void.{suit}", name=self.seat(seat))
                                      for seat, suit in out["voids"]])
        return self(f"hint.reason.{key}", **out)
