"""Learn by playing (manni/ui/tutorial.py): a fixed deal, predictable opponents, prompts at
the moments that matter, playable to its end however you play."""
from __future__ import annotations

import random

from manni.cards import card_code, cards_of
from manni.text import Translator
from manni.ui import render
from manni.ui.game import Game
from manni.ui.settings import Settings
from manni.ui.tutorial import LESSONS, TutorialBot, tutorial_match

T = Translator("en")


def play_lesson(choose) -> Game:
    g = Game.new_tutorial(Settings(), T)
    assert g.tutorial.current == "exchange" and 'data-prompt="exchange"' in render.table_html(g)
    for _ in range(200):
        if g.phase == "deal-over":
            return g
        if g.bot_seat() is not None:
            g.play_opponent_now()
        elif g.phase == "exchange":
            assert g.keep_hand()
        else:
            assert g.tap_card(card_code(choose(cards_of(g.view.legal))))
        render.table_html(g)
    raise AssertionError("the lesson did not end")


def test_the_lesson_ends_with_its_prompts_whatever_you_play():
    for choose in (lambda cs: cs[0], lambda cs: cs[-1], random.Random(5).choice):
        g = play_lesson(choose)
        assert g.tutorial.current == "deal_over"
        shown = g.tutorial.shown
        assert shown[:2] == ["exchange", "lead"] and "deal_over" in shown
        assert {"follow", "void", "trump_won"} & set(shown)
        html = render.table_html(g)
        assert 'data-action="leave-tutorial"' in html and 'data-action="next-deal"' not in html
        assert not g.next_deal() and g.match.practice
        assert all(T.has(f"tutorial.{name}") for name, _ in LESSONS)


def test_the_deal_is_fixed_and_the_opponents_predictable():
    a, b = tutorial_match(), tutorial_match()
    assert a.deal.hands == b.deal.hands and a.deal.dealer == 2 and a.turn == 0
    bot = TutorialBot()
    a.apply(a.legal_actions()[0])  # you take or keep: then the opponents act alike every time
    while a.phase == "exchange" or a.turn != 0:
        view = a.view(a.turn)
        assert bot.choose(view) == TutorialBot().choose(view)
        a.apply(bot.choose(view), a.turn)
