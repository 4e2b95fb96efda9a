"""How to play (manni/ui/rules_page.py): a page per rule set, every text from the catalog."""
from __future__ import annotations

import re

from manni.text import Translator
from manni.ui.rules_page import ILLUSTRATIONS, PAGES, rules_html
from manni.ui.settings import VARIANTS

T = Translator("en")


def test_every_rule_set_choice_has_a_page_with_all_its_texts():
    assert set(VARIANTS) <= set(PAGES)
    for variant, sections in PAGES.items():
        for name in sections:
            for part in ("title", "text"):
                assert T.has(f"rules.{name}.{part}"), f"rules.{name}.{part}"
        html = rules_html(variant, T)
        assert f'data-rules-page="{variant}"' in html
        assert html.count('class="rules-section"') == len(sections)
        assert "rules." not in re.sub(r"<[^>]+>", "", html)  # no key left untranslated


def test_pages_cover_what_a_newcomer_needs():
    classic = rules_html("classic", T)
    horna = rules_html("hornafjordur", T)
    for text in ("48 cards", "pick up the twelve Manni cards", "must play a card of the suit", "beyond four",
                 "another deal is played"):
        assert text in classic, text
    for text in ("52 cards", "Nóló", "Grand", "ace counts as the lowest", "share the win",
                 "draw as many from the top"):
        assert text in horna, text
    assert "tricks minus four" in rules_html("classic-minus", T)


def test_illustrations_are_the_tables_own_cards():
    for name in ILLUSTRATIONS:
        html = ILLUSTRATIONS[name](T)
        assert 'class="card ' in html and "<img" not in html
    assert 'aria-label="4 of hearts"' in rules_html("classic", T)  # the trump example


def test_rules_texts_translate_with_the_rest():
    src = (__import__("pathlib").Path(__file__).parents[2] / "manni/ui/rules_page.py").read_text()
    for english in ("Trumps", "The deal", "Nóló", "tricks"):
        assert f'"{english}' not in src


def test_the_declared_rule_sets_explain_lists_declaring_and_scoring():
    trj, laug = rules_html("trjamann", T), rules_html("laugavatn", T)
    for html in (trj, laug):
        for text in ("sixteen tricks", "ticked off your list", "lay any four cards",
                     "minus eight", "six minus theirs"):
            assert text in html, text
    assert "Colour" in trj and "twelve deals" in trj and "take over" not in trj
    assert "eighteen deals" in laug and "Taking over" in laug
