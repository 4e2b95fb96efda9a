"""What Undo may take back (manni.undo): a mis-tap only, unless the table is a practice one."""
from __future__ import annotations

import json

import pytest

from manni.actions import KEEP, TAKE, Discard, Play
from manni.cards import card_code, cards_of
from manni.match import Match
from manni.record import dumps, loads
from manni.undo import ANSWERED, DEAL_OVER, NOTHING, SEEN_CARDS, undo_refusal, undo_target
from manni.ui.game import Game
from manni.ui.settings import Settings


def seat0_first(rules: str) -> Match:
    """A match where seat 0 is the first asked in the exchange (the dealer is seat 2)."""
    return next(m for m in (Match(rules, seed=s) for s in range(100)) if m.deal.dealer == 2)


def first_legal(m: Match) -> Play:
    return Play(cards_of(m.deal.legal_cards())[0])


def test_taking_the_manni_cannot_be_undone_but_keeping_can():
    m = seat0_first("classic")
    assert undo_refusal(m) == NOTHING
    m.apply(TAKE, 0)
    assert undo_refusal(m) == SEEN_CARDS and undo_target(m) is None
    assert undo_refusal(m, practice=True) is None
    back = undo_target(m, practice=True)
    assert back.deal.exchanged == [None, None, None] and back.turn == 0
    assert m.deal.exchanged[0] == 12  # the match itself is untouched

    m = seat0_first("classic")
    m.apply(KEEP, 0)
    assert undo_refusal(m) is None  # nothing new seen yet: a mis-tap may be taken back
    assert undo_target(m).turn == 0
    m.apply(KEEP, 1)  # the next player answers
    assert undo_refusal(m) == ANSWERED
    assert undo_target(m, practice=True).deal.exchanged == [None, None, None]


def test_drawing_cards_cannot_be_undone_but_keeping_all_can():
    m = seat0_first("hornafjordur")
    m.apply(Discard(tuple(cards_of(m.deal.hands[0])[:2])), 0)
    assert undo_refusal(m) == SEEN_CARDS
    assert undo_target(m, practice=True).deal.hands[0] == seat0_first("hornafjordur").deal.hands[0]
    m = seat0_first("hornafjordur")
    m.apply(Discard(()), 0)  # no draw: nothing shown
    assert undo_refusal(m) is None


def play_until(m: Match, done) -> None:
    while not done(m):
        m.apply(KEEP if m.phase == "exchange" else first_legal(m))


def test_a_card_answered_by_an_opponent_cannot_be_undone():
    m = Match("classic", seed=5)
    play_until(m, lambda m: m.phase == "play" and m.turn == 0 and not m.deal.trick)
    m.apply(first_legal(m), 0)  # you lead
    assert undo_refusal(m) is None
    m.apply(first_legal(m))  # the next seat answers
    assert undo_refusal(m) == ANSWERED
    assert undo_refusal(m, practice=True) is None
    assert undo_target(m, practice=True).deal.trick == []


def test_last_card_of_a_trick_you_win_may_be_undone():
    for seed in range(60):
        m = Match("classic", seed=seed)
        play_until(m, lambda m: m.phase == "deal-over" or (m.phase == "play" and m.turn == 0 and len(m.deal.trick) == 2))
        if m.phase != "play":
            continue
        d = m.deal
        for c in cards_of(d.legal_cards()):
            trial = m.copy()
            trial.apply(Play(c), 0)
            if trial.deal.history[-1][2] == 0:  # you won it and lead next: nobody answered
                assert undo_refusal(trial) is None
                assert undo_target(trial).deal.trick == d.trick
                return
    raise AssertionError("no position where you win a trick with the third card")


def test_nothing_is_undone_after_the_deal():
    m = Match("classic", {"target": 20}, seed=1)
    play_until(m, lambda m: m.phase == "deal-over")
    assert undo_refusal(m) == DEAL_OVER
    # A practice table may go back into the finished deal (not past its start).
    assert undo_refusal(m, practice=True) in (None, NOTHING)


def test_practice_is_kept_in_the_record_and_old_records_stay_valid():
    m = Match("classic", seed=3)
    assert "practice" not in json.loads(dumps(m))  # a normal record is as before
    m.practice = True
    rec = json.loads(dumps(m))
    assert rec["practice"] is True
    assert loads(dumps(m)).practice is True and m.copy().practice is True
    with pytest.raises(ValueError):
        loads(json.dumps({**rec, "practice": "yes"}))
    assert loads(json.dumps({**rec, "practice": False})).practice is False


def test_game_undo_says_why_and_shows_hands_only_in_practice():
    from manni.ui import render, sheet
    s = Settings(target=5, level="easy")
    g = Game.new(s, seed=seat0_first("classic").seed)
    assert g.take_manni()
    assert not g.can_undo() and not g.undo() and "seen new cards" in g.notice
    html = render.tools_bar(g)
    assert 'data-action="undo" aria-disabled="true"' in html and "seen new cards" in html
    assert not g.toggle_hands() and g.open_hands() == {}
    assert 'data-action="show-hands"' not in html

    p = Game.new(s, seed=g.match.seed, practice=True)
    assert p.take_manni() and p.can_undo() and p.undo() and p.view.hand == g.match.dealt(0).hands[0]
    assert p.toggle_hands()
    shown = p.open_hands()
    assert shown == {1: p.match.deal.hands[1], 2: p.match.deal.hands[2]}
    html = render.table_html(p)
    assert all(f"{T_card(c)}" in html for c in cards_of(shown[1]))
    while p.phase != "deal-over":
        if p.bot_seat() is not None:
            p.play_opponent_now()
        elif p.phase == "exchange":
            assert p.keep_hand()
        else:
            assert p.tap_card(card_code(cards_of(p.view.legal)[0]))
    assert "Practice match" in sheet.score_sheet(p)
    assert "Practice match" not in sheet.score_sheet(g)


def T_card(c: int) -> str:
    from manni.text import Translator
    return Translator("en").card(c)
