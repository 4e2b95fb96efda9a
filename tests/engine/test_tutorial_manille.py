"""The Manille lesson (manni/ui/tutorial_manille.py): a fixed, legal deal whose prompts
teach climbing, trumping, the partner's exemption and the count however you play (and
overtrumping in most lines of play); the lesson stops when its deal is scored."""
from __future__ import annotations

import random

from manni.actions import Play
from manni.cards import card_code, cards_of
from manni.rules.manille import DECK
from manni.text import Translator
from manni.ui import tables
from manni.ui.game import Game
from manni.ui.settings import Settings
from manni.ui.tutorial import MANNI, script_for
from manni.ui.tutorial_manille import (LAYOUT, LESSONS, MANILLE, TURNED, ManilleTutorialBot,
                                       manille_tutorial_match)

T = Translator("en")
TAUGHT = {"intro", "climb", "trump", "partner", "count", "deal_over"}  # in every line


def play_lesson(choose) -> Game:
    g = Game.new_tutorial(Settings(), T, rules="manille")
    assert g.tutorial.current == "intro" and 'data-prompt="intro"' in tables.table_html(g)
    for _ in range(40):
        if g.phase == "match-over":
            return g
        if g.bot_seat() is not None:
            assert g.play_opponent_now()
        else:
            assert g.tap_card(card_code(choose(cards_of(g.view.legal))))
    raise AssertionError("the lesson did not end")


def test_every_moment_is_taught_whatever_you_play():
    for choose in (lambda cs: cs[0], lambda cs: cs[-1], random.Random(3).choice):
        g = play_lesson(choose)
        assert TAUGHT <= set(g.tutorial.shown) and g.tutorial.current == "deal_over"
        assert g.tutorial.shown[:3] == ["intro", "partner", "count"]  # the first trick
        assert len(g.match.deal_scores) == 1 and g.match.practice
        # the one-deal match is over: no bot moves, no card, no hint; the end buttons are up
        assert g.bot_seat() is None and not g.can_hint()
        assert not g.view.hand and not g.act(Play(TURNED))
        html = tables.table_html(g)
        assert 'class="tutorial-end" data-prompt="deal_over"' in html
        assert 'data-action="leave-tutorial"' in html and 'data-action="new-match"' not in html
        assert 'data-action="tutorial" data-rules="manille"' in html
        ours, theirs = g.tutorial.script.params(g.match)["ours"], \
            g.tutorial.script.params(g.match)["theirs"]
        assert ours + theirs == 68
        assert g.match.deal_scores[0][0] == max(0, ours - 34)
        assert f"has {ours} of the 68 points" in g.tutorial.text(g)
    assert "overtrump" in play_lesson(lambda cs: cs[-1]).tutorial.shown


def test_the_deal_is_a_legal_manille_deal_and_the_opponents_predictable():
    hands = LAYOUT.hands
    assert all(h.bit_count() == 8 for h in hands) and sum(hands) == DECK
    assert not any(hands[a] & hands[b] for a in range(4) for b in range(a))
    m = manille_tutorial_match()
    assert m.deal.dealer == 0 and m.deal.cut == TURNED and m.turn == 1
    assert m.deal.contract.name == "hearts" and m.deal.bonus == [0, 0]
    bot = ManilleTutorialBot()
    while not m.deal_scores:
        if m.turn == 0:
            m.apply(m.legal_actions()[0], 0)
            continue
        view = m.view(m.turn)
        action = bot.choose(view)
        assert action == ManilleTutorialBot().choose(view) and view.legal >> action.card & 1
        m.apply(action, m.turn)


def test_the_lesson_follows_the_rule_set_and_its_texts_are_in_the_catalog():
    assert script_for("manille") is MANILLE
    assert script_for("classic") is MANNI and script_for("laugavatn") is MANNI
    assert all(T.has(f"lesson_manille.{name}") for name, _ in LESSONS)
    g = Game.new_tutorial(Settings(), T)
    assert g.match.rules.name == "classic" and type(g.match).__name__ == "Match"
    assert "Hearts are trumps" in Translator("en")("lesson_manille.intro")
    assert "Cœur est atout" in Translator("fr")("lesson_manille.intro")
