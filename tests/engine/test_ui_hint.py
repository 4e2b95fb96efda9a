"""The Hint (pure layer): the Hard bot's own choice for seat 0, from seat 0's SeatView only,
with its reasons said through the translation layer."""
from __future__ import annotations

import re

import pytest

from manni.actions import Discard, Keep, Play, Take
from manni.bots import hint, hint_steps, make_bot
from manni.bots.hard import REASON_KEYS, reason_text
from manni.cards import card_code, cards_of
from manni.text import Translator
from manni.ui import render
from manni.ui.game import Game
from manni.ui.settings import Settings

from engine_support import run_counting_slices

T = Translator("en")
BUDGET = 40


def _game_at(variant: str, phase: str, seed: int = 4) -> Game:
    """A game where seat 0 decides now, in ``phase``."""
    g = Game.new(Settings(variant=variant, target=5, level="easy"), seed=seed)
    for _ in range(500):
        if g.can_hint() and g.phase == phase:
            return g
        if g.phase == "deal-over":
            g.next_deal()
        elif g.bot_seat() is not None:
            g.play_opponent_now()
        elif g.phase == "exchange":
            g.keep_hand() if g.view.exchange_kind == "swap" else g.confirm_discard()
        else:
            g.tap_card(card_code(cards_of(g.view.legal)[0]))
    raise AssertionError(f"seat 0 never decides in {phase}")


def _assert_reasons_translate(reasons):
    assert reasons
    for key, params in reasons:
        assert key in REASON_KEYS
        assert T.has(f"hint.reason.{key}"), key
        text = T.reason(key, params)
        assert text and "{" not in text and "hint.reason" not in text


@pytest.mark.parametrize("variant,phase", [("classic", "exchange"), ("classic", "play"),
                                           ("hornafjordur", "exchange"), ("hornafjordur", "play")])
def test_hint_for_seat_0_is_legal_and_translates(variant, phase):
    g = _game_at(variant, phase)
    (action, reasons), _ = run_counting_slices(g.hint_steps(BUDGET))
    g.match.check(action, 0)  # legal for seat 0 now
    _assert_reasons_translate(reasons)
    before = len(g.match.actions)
    text = g.set_hint(action, reasons)
    assert len(g.match.actions) == before  # a hint never plays for you
    assert text.startswith("Hint: ") and "{" not in text
    assert text in g.take_announcements()
    html = render.table_html(g)
    if isinstance(action, Play):
        assert re.findall(r'data-card="(\w\w)"[^>]*aria-description', html) == [card_code(action.card)]
        assert f'data-card="{card_code(action.card)}"' in html and html.count("hinted") == 1
    elif isinstance(action, Discard):
        assert sorted(g.selected) == sorted(action.cards)  # pre-selected
        if not action.cards:
            assert 'class="btn primary hinted" data-action="confirm-discard"' in html
    else:
        name = "take-manni" if isinstance(action, Take) else "keep-hand"
        assert isinstance(action, (Take, Keep))
        assert re.search(rf'class="[^"]*hinted[^"]*" data-action="{name}"', html)
    # the position moves on: the hint is gone
    g.act(action)
    assert g.hint is None and "hinted" not in render.table_html(g)


def test_hint_is_the_expert_bots_choice_from_the_view():
    g = _game_at("classic", "play", seed=9)
    v = g.view
    (action, reasons), _ = run_counting_slices(hint_steps(v, budget_ms=None))
    bot = make_bot("expert", seed=v.deal_number * 7919 + v.seat, budget_ms=None)
    assert bot.choose(v) == action and bot.last_reasons == reasons


def test_hint_button_only_on_your_turn():
    g = Game.new(Settings(target=5, level="easy"), seed=3)
    for _ in range(60):
        html = render.tools_bar(g)
        enabled = re.search(r'data-action="hint"(?! disabled)>', html) is not None
        assert enabled == (g.bot_seat() is None and g.phase in ("exchange", "play"))
        if g.bot_seat() is not None:
            g.play_opponent_now()
        elif g.phase == "exchange":
            g.keep_hand()
        elif g.phase == "play":
            g.tap_card(card_code(cards_of(g.view.legal)[0]))
        else:
            break
    g.hint_busy = True
    assert 'data-action="hint" disabled aria-busy="true"' in render.tools_bar(g)


def test_english_reason_text_comes_from_the_catalog():
    g = _game_at("classic", "play", seed=9)
    action, texts = hint(g.view, budget_ms=BUDGET)
    g.match.check(action, 0)
    assert texts and all(isinstance(x, str) and "{" not in x for x in texts)
    assert reason_text("only_card", {"card": 12}) == "the ace of spades is the only sensible card"
    assert T.reason("voids", {"voids": [(1, 1), (2, 3)]}) == "known: Sigga has no hearts and Jón has no clubs"
    for key in REASON_KEYS:
        assert T.has(f"hint.reason.{key}")
