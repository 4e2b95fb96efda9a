"""The header and the tab's title name the game played (manni.ui.title), in every language."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from manni.rules import RULE_SETS
from manni.text import LANGUAGES, Translator
from manni.ui.game import Game
from manni.ui.settings import Settings
from manni.ui.title import game_rules, game_title


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_rule_set_has_its_name_in_every_language(lang):
    t = Translator(lang)
    for rules in RULE_SETS:
        assert t.has(f"game.{rules}")
        assert t(f"game.{rules}").strip()
    assert t("game.classic") == t("app.title")


@pytest.mark.parametrize("variant, lang, want", [
    ("manille", "fr", "Manille"), ("manille", "nl", "Manillen"), ("manille", "ru", "Манилья"),
    ("manille", "en", "Manille"), ("classic", "fr", "Manni"), ("classic-minus", "ru", "Манни"),
    ("hornafjordur", "is", "Hornafjarðarmanni"), ("trjamann", "sv", "Trjámann"),
    ("laugavatn", "en", "Laugavatnsmanni")])
def test_the_page_is_named_after_the_game_played(variant, lang, want):
    game = Game.new(Settings(variant=variant, level="easy"), seed=1, t=Translator(lang))
    assert game_title(game, Translator(lang)) == want


def test_a_guest_page_names_the_hosts_game_once_it_is_told():
    t = Translator("fr")
    table = SimpleNamespace(state=None, lobby=None)
    guest = SimpleNamespace(match=None, table=table)
    assert game_rules(guest) is None and game_title(guest, t) == "Manni"
    table.lobby = SimpleNamespace(rules="manille")
    assert game_title(guest, t) == "Manille"
    table.state = SimpleNamespace(view=SimpleNamespace(rules="hornafjordur"))
    assert game_title(guest, t) == "Hornafjarðarmanni"

