"""Every catalog complete and consistent with the English template, correct plurals,
and no English text reaching the table except through a catalog key."""
from __future__ import annotations

import ast
import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest

from manni.bots.hard import REASON_KEYS
from manni.cards import card_code, cards_of
from manni.errors import IllegalAction
from manni.text import LANGUAGES, Translator
from manni.text.po import Catalog, Entry
from manni.text.translate import _plural_rule, load
from manni.ui import render, sheet
from manni.ui.game import Game
from manni.ui.rules_page import PAGES, rules_html
from manni.ui.stats import Stats, reset_confirm_html, stats_html
from manni.ui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
OTHERS = [code for code in LANGUAGES if code != "en"]
TEMPLATE = load("en")


def fields(text: str) -> set[tuple[str, str]]:
    return {(name, spec) for _, name, spec, _ in string.Formatter().parse(text) if name is not None}


def test_the_five_languages_are_there():
    assert set(LANGUAGES) >= {"en", "is", "fr", "ru", "sv", "nl"}


@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_translated_with_the_same_placeholders(lang):
    cat = load(lang)
    assert cat.headers.get("Language") == lang
    n = int(re.search(r"nplurals\s*=\s*(\d+)", cat.headers["Plural-Forms"]).group(1))
    rule = _plural_rule(cat)
    assert {rule(k) for k in range(1000)} == set(range(n)), "plural forms unused or out of range"
    problems = [f"{k}: missing" for k in TEMPLATE.entries if k not in cat.entries]
    problems += [f"{k}: not in the English template" for k in cat.entries if k not in TEMPLATE.entries]
    for key, e in TEMPLATE.entries.items():
        t = cat.entries.get(key)
        if t is None:
            continue
        if (t.msgid, t.msgid_plural) != (e.msgid, e.msgid_plural):
            problems.append(f"{key}: translated from older English {t.msgid!r}")
        want = fields(e.msgid) | fields(e.msgid_plural or "")
        forms = n if e.msgid_plural is not None else 1
        if len(t.msgstr) != forms:
            problems.append(f"{key}: {len(t.msgstr)} forms, Plural-Forms says {forms}")
        for s in t.msgstr:
            if not s.strip():
                problems.append(f"{key}: untranslated")
            elif fields(s) != want:
                problems.append(f"{key}: placeholders {sorted(fields(s))} != {sorted(want)}")
    assert not problems, "\n".join(problems)


def test_plural_rules_of_the_catalogs():
    ru, is_ = Translator("ru"), Translator("is")
    assert [ru.plural("seat.tricks", n) for n in (1, 2, 5, 11, 21, 22, 25, 111)] == [
        "1 взятка", "2 взятки", "5 взяток", "11 взяток", "21 взятка", "22 взятки", "25 взяток", "111 взяток"]
    assert [is_.plural("seat.tricks", n) for n in (1, 2, 11, 21, 31, 111)] == [
        "1 slagur", "2 slagir", "11 slagir", "21 slagur", "31 slagur", "111 slagir"]
    assert Translator("fr").plural("seat.tricks", 0) == "0 pli"  # French: 0 is singular
    assert Translator("sv").plural("illegal.discard_limit", 1, limit=1) == "Du får kasta högst 1 kort."


def test_cards_in_each_languages_own_form():
    ace_spades, king_hearts, ten_clubs = 12, 13 + 11, 39 + 8
    assert [Translator("is").card(c) for c in (ace_spades, king_hearts, ten_clubs)] == [
        "spaðaás", "hjartakóngur", "lauftía"]
    assert Translator("ru").card(king_hearts) == "король червей"
    assert Translator("fr").card(king_hearts) == "roi de cœur"
    assert Translator("nl").card(king_hearts) == "hartenheer"
    assert Translator("sv").card(king_hearts) == "hjärter kung"


def test_numbers_use_the_languages_decimal_separator():
    assert Translator("en").reason("exchange_next", {"score": 1.25}) == "next best choice: +1.25"
    assert Translator("is").reason("exchange_next", {"score": -0.5}) == "næstbesti kostur: -0,50"


# -- no English on the table that bypasses the catalogs --------------------------------------

def pseudo(text: str) -> str:
    """Every letter outside {placeholders} replaced, so leftover ASCII words are hard-coded."""
    out = []
    for literal, name, spec, conv in string.Formatter().parse(text):
        out.append(re.sub(r"[A-Za-z]", "ž", literal))
        if name is not None:
            out.append("{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    return "".join(out)


PSEUDO = Catalog({}, {k: Entry(k, e.msgid, e.msgid_plural,
                               [pseudo(e.msgid)] if e.msgid_plural is None
                               else [pseudo(e.msgid), pseudo(e.msgid_plural)])
                      for k, e in TEMPLATE.entries.items()})


class TextOf(HTMLParser):
    """Text nodes and the attributes people read (aria-label, title, alt, …)."""
    READ = {"aria-label", "aria-description", "title", "alt", "placeholder"}

    def __init__(self):
        super().__init__()
        self.parts = []

    def handle_starttag(self, tag, attrs):
        self.parts += [v for k, v in attrs if k in self.READ and v]

    def handle_data(self, data):
        self.parts.append(data)


def english_words(html: str) -> list[str]:
    p = TextOf()
    p.feed(html)
    return sorted({w for part in p.parts for w in re.findall(r"[A-Za-z]{2,}", part)})


def _step(g: Game) -> None:
    """One move at the table: the next deal, an opponent, keep/no discard, or (after one
    refused card, to see a refusal's text) the first legal card."""
    if g.phase == "deal-over":
        g.next_deal()
    elif g.bot_seat() is not None:
        g.play_opponent_now()
    elif g.phase == "exchange":
        g.keep_hand() if g.view.exchange_kind == "swap" else g.confirm_discard()
    else:
        hand, legal = cards_of(g.view.hand), cards_of(g.view.legal)
        refused = [c for c in hand if c not in legal]
        if refused and not g.notice:
            g.tap_card(card_code(refused[0]))
        g.tap_card(card_code(legal[0]))


def _texts_until(g: Game, phase: str) -> str:
    seen = []
    for _ in range(3000):
        seen += [render.table_html(g), sheet.score_sheet(g), sheet.last_trick(g), g.notice]
        seen += g.take_announcements()
        if g.phase == phase:
            return " ".join(seen)
        _step(g)
    raise AssertionError(f"never reached {phase}")


@pytest.mark.parametrize("variant", ["classic", "hornafjordur"])
def test_rendered_table_has_no_text_outside_the_catalog(variant):
    g = Game.new(Settings(variant=variant, target=5, level="easy"), seed=3,
                 t=Translator("en", catalog=PSEUDO))
    left = english_words(_texts_until(g, "match-over"))
    assert not left, f"English outside the catalogs: {left}"


def test_lesson_has_no_text_outside_the_catalog():
    g = Game.new_tutorial(Settings(), Translator("en", catalog=PSEUDO))
    left = english_words(_texts_until(g, "deal-over"))
    assert not left, f"English outside the catalogs: {left}"


def test_rules_pages_and_statistics_have_no_text_outside_the_catalog():
    t = Translator("en", catalog=PSEUDO)
    pages = [rules_html(variant, t) for variant in PAGES]
    stats = Stats(matches={"classic/easy": {"played": 3, "won": 1}}, deals=9, points=7,
                  streak=1, best=2, cards=20, matched=11, practice=2)
    pages += [stats_html(stats, t), stats_html(Stats(), t), reset_confirm_html(t)]
    left = english_words(" ".join(pages))
    assert not left, f"English outside the catalogs: {left}"


def test_reasons_and_refusals_have_no_text_outside_the_catalog():
    t = Translator("en", catalog=PSEUDO)
    params = {"card": 5, "cards": [1, 2], "score": 1.5, "gain": -0.25, "worlds": 40,
              "voids": [(1, 0), (2, 3)]}
    texts = [t.reason(k, params) for k in REASON_KEYS]
    texts += [t.illegal(IllegalAction("x", key.split(".", 1)[1], suit=1, cards=[3], turn=1, limit=2))
              for key in TEMPLATE.entries if key.startswith("illegal.")]
    assert not [w for x in texts for w in re.findall(r"[A-Za-z]{2,}", x)]


def test_page_and_markup_hold_no_literal_text():
    """The page's code (manni/ui/page/) sets no literal text; every text in index.html
    outside the boot screen (which static/js/boot.js translates) comes from a data-i18n key."""
    trees = [ast.parse(p.read_text(encoding="utf-8"))
             for p in sorted((ROOT / "manni/ui/page").glob("*.py"))]
    assert len(trees) > 5
    literal = [ast.unparse(n) for tree in trees for n in ast.walk(tree)
               if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
               and isinstance(n.value.value, str) and re.search(r"[A-Za-z]{2}", n.value.value)
               and any(isinstance(t, ast.Attribute) and t.attr in ("textContent", "innerHTML", "title")
                       for t in n.targets)]
    assert not literal, literal

    class Markup(HTMLParser):
        def __init__(self):
            super().__init__()
            self.stack, self.bad = [], []

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            skip = (tag in ("script", "style", "title", "noscript") or a.get("id") == "boot-status"
                    or "data-i18n" in a or (self.stack and self.stack[-1]))
            if tag not in ("meta", "link", "input", "br", "img"):
                self.stack.append(skip)

        def handle_endtag(self, tag):
            if tag not in ("meta", "link", "input", "br", "img") and self.stack:
                self.stack.pop()

        def handle_data(self, data):
            if re.search(r"[A-Za-z]{2}", data) and not (self.stack and self.stack[-1]):
                self.bad.append(data.strip())

    m = Markup()
    m.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert not m.bad, m.bad
