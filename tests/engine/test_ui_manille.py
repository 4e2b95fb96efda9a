"""The page's Manille pieces in CPython: settings and ?rules=, the four-seat table's HTML
(no card of another hand in it), the parlée's sheet and texts."""
from __future__ import annotations

import re

import pytest

from manni.cards import card_code, cards_of
from manni.errors import ManniError
from manni.states import MatchPhase
from manni.talk import COUNT, HAS, Ask
from manni.text import Translator
from manni.ui import parlee, tables
from manni.ui.game import Game
from manni.ui.settings import Settings, parse_rules


def test_rules_in_the_address():
    assert parse_rules("?rules=manille") == "manille"
    assert parse_rules("?seed=3&rules=hornafjordur") == "hornafjordur"
    assert parse_rules("?seed=3") is None
    for bad in ("?rules=nonsense", "?rules=", "?rules=" + "x" * 3000):
        with pytest.raises(ManniError):
            parse_rules(bad)


def test_manille_settings_bind_the_manche_and_the_talk():
    s = Settings.from_dict({"variant": "manille", "manche": "100", "talk": "false", "target": 7})
    assert s.rules_and_options() == ("manille", {"target": 100, "talk": False})
    assert Settings.from_dict({"variant": "classic", "manche": 100, "target": 7}) \
        .rules_and_options() == ("classic", {"target": 7})
    aside: list = []
    assert Settings.from_dict({"manche": 70}, aside=aside).manche == 50 and aside == ["manche"]


def play_until(game, moves: int) -> None:
    for _ in range(moves):
        seat = game.bot_seat()
        if parlee.offers_ask(game):
            assert seat is None and game.waits_for_you() and parlee.leave_lead(game)
        elif seat is None:
            assert game.tap_card(card_code(cards_of(game.view.legal)[0])), game.notice
        else:
            game.play_opponent_now()


@pytest.mark.parametrize("moves", [0, 5, 13, 30])
def test_four_seat_table_shows_no_other_hand(moves):
    game = Game.new(Settings(variant="manille", level="easy"), seed=11, t=Translator("en"))
    play_until(game, moves)
    html = tables.table_html(game) + tables.score_sheet(game)
    d = game.match.deal
    for s in (1, 2, 3):
        for c in cards_of(d.hands[s]):
            if c == d.cut:
                continue
            assert not re.search(rf"(?<![A-Za-z0-9:]){card_code(c)}(?![A-Za-z0-9])", html)
            assert Translator("en").card(c) not in html
    for seat, place in ((1, "right"), (2, "top"), (3, "left")):
        assert re.search(rf'class="seat seat-{seat} side-{seat % 2} {place}', html)


def test_the_sheet_asks_only_what_makes_sense_and_answers_say_the_truth():
    game = Game.new(Settings(variant="manille", level="easy"), seed=6, t=Translator("en"))
    v = game.view
    assert v.turn == 0 and not v.history  # you lead the first trick
    asks = parlee.sheet_asks(v)
    assert [a for a in asks if a.kind == COUNT] == [Ask(COUNT, s) for s in range(4)]
    assert all(not v.hand >> a.subject & 1 for a in asks if a.kind == HAS)
    code = parlee.ask_code(asks[0])
    assert parlee.parse_ask(code) == asks[0]
    assert game.ask(code)
    answer = game.match.deal.answers[-1]
    partner = game.match.deal.hands[2]
    assert answer.value == len([c for c in cards_of(partner) if c // 13 == 0])
    assert "question left" in tables.table_html(game)
    assert game.ask(parlee.ask_code(parlee.sheet_asks(game.view)[0]))
    assert parlee.questions_left(game.view) == 0 and "talk-sheet" not in tables.table_html(game)
    with pytest.raises(ManniError):
        parlee.parse_ask("count:X")


def until_partner_leads(game, limit: int = 400) -> None:
    """Play (you: the first legal card; the bots' own moves) until the table waits for you
    before your partner's lead."""
    for _ in range(limit):
        if parlee.offers_ask(game):
            return
        if game.bot_seat() is None:
            assert game.tap_card(card_code(cards_of(game.view.legal)[0])), game.notice
        else:
            game.play_opponent_now()
    raise AssertionError("your partner never led")


def test_the_table_waits_for_your_question_before_your_partners_lead():
    game = Game.new(Settings(variant="manille", level="medium"), seed=3, t=Translator("en"))
    until_partner_leads(game)
    v = game.view
    assert v.turn == 2 and not v.trick and game.bot_seat() is None and game.waits_for_you()
    html = tables.table_html(game)
    assert 'data-action="let-lead"' in html and 'data-action="ask"' in html
    assert "leads next. Ask first, or let them lead." in html
    n = len(game.match.actions)
    assert game.ask(parlee.ask_code(parlee.sheet_asks(v)[0]))
    assert len(game.match.actions) == n + 1 and parlee.questions_left(game.view) == 1
    assert parlee.offers_ask(game) and game.bot_seat() is None  # one question left: still yours
    assert parlee.leave_lead(game) and not parlee.leave_lead(game)
    assert game.bot_seat() == 2 and 'data-action="let-lead"' not in tables.table_html(game)
    game.play_opponent_now()
    assert len(game.view.trick) == 1 or game.match.deal.answers[-1].asker == 2


def test_muette_never_waits_for_a_question():
    game = Game.new(Settings(variant="manille", level="medium", talk=False), seed=3,
                    t=Translator("en"))
    for _ in range(40):
        assert not parlee.offers_ask(game)
        if game.bot_seat() is None:
            assert game.tap_card(card_code(cards_of(game.view.legal)[0])), game.notice
        else:
            game.play_opponent_now()
    assert 'data-action="let-lead"' not in tables.table_html(game)


def test_the_last_trick_at_a_new_deal_is_the_previous_deals():
    game = Game.new(Settings(variant="manille", level="easy", talk=False), seed=5,
                    t=Translator("en"))
    assert "No trick has been completed" in tables.last_trick(game)
    while len(game.match.deals) < 2:
        play_until(game, 1)
    last = game.match.deals[0].history[-1]
    html = tables.last_trick(game)
    assert "The last trick of deal 1" in html
    t = Translator("en")
    assert re.findall(r'aria-label="([^"]+)"', html) == [t.card(c) for c in last[1]]
    play_until(game, 4)  # a trick of the new deal taken: that one is shown
    if game.view.history:
        assert "deal 1" not in tables.last_trick(game)


def test_the_last_deals_review_sits_in_the_felts_corner():
    """From the second deal the review of the last one is offered in the corner beside your
    partner, with a practice table's tools, not under your seat; at the match's end the
    result offers it."""
    game = Game.new(Settings(variant="manille", level="easy", talk=False), seed=5,
                    t=Translator("en"), practice=True)
    corner = re.compile(r'<div class="felt-corner">(.*?)</div>\s*(?=<div class="trick)', re.S)
    assert 'data-action="review"' not in tables.table_html(game)
    assert "show-hands" in corner.search(tables.table_html(game)).group(1)
    while len(game.match.deals) < 2:
        play_until(game, 1)
    html = tables.table_html(game)
    inside = corner.search(html).group(1)
    assert 'data-action="review" data-deal-index="0">Review deal 1</button>' in inside
    assert "show-hands" in inside and html.count('data-action="review"') == 1
    while game.phase != MatchPhase.MATCH_OVER:
        play_until(game, 1)
    html = tables.table_html(game)
    assert 'data-action="review"' not in corner.search(html).group(1)
    assert re.search(r'<div class="result-actions">.*data-action="review"', html)


def test_a_computer_partner_asks_before_a_computers_lead_never_before_yours():
    from manni.bots import make_bot
    from manni.talk import Ask as TalkAsk

    game = Game.new(Settings(variant="manille", level="hard"), seed=4, t=Translator("en"))
    for s in (1, 2, 3):
        game._bots[(0, s)] = make_bot("hard", seed=s, work=200, budget_ms=None, partner_ask=True)
    partner_asked = 0
    for _ in range(300):
        if len(game.match.deals) > 1:
            break
        d = game.match.deal
        before = len(d.answers)
        leader, trick = game.match.turn, list(d.trick)
        if parlee.offers_ask(game):
            assert parlee.leave_lead(game)
        elif game.bot_seat() is None:
            assert game.tap_card(card_code(cards_of(game.view.legal)[0])), game.notice
        else:
            game.play_opponent_now()
        d = game.match.deal
        if len(d.answers) > before and not trick and d.answers[-1].asker != leader:
            a = d.answers[-1]
            partner_asked += 1
            assert a.partner == leader and leader != 0 and a.asker != 0  # computers only
            assert game.match.turn == leader and not d.trick  # the leader still to lead
            hand = d.hands[leader]
            q: TalkAsk = a.question
            truth = (sum(1 for c in cards_of(hand) if c // 13 == q.subject) if q.kind == "count"
                     else bool(hand >> q.subject & 1))
            assert a.value == truth
    assert partner_asked


def test_after_an_undo_your_partners_lead_waits_for_you_again():
    game = Game.new(Settings(variant="manille", level="medium"), seed=3, t=Translator("en"),
                    practice=True)
    until_partner_leads(game)
    lead = parlee.partner_lead(game.view)
    assert lead[1] > 0 and parlee.leave_lead(game)
    game.play_opponent_now()
    assert game.undo(), game.notice
    assert parlee.partner_lead(game.view) != lead or parlee.offers_ask(game)
    until_partner_leads(game)
    assert parlee.partner_lead(game.view) == lead and game.bot_seat() is None


def test_let_my_partner_lead_unless_i_ask():
    """The setting: your partner's lead does not wait for you; your questions are offered
    meanwhile (one tap each), and asking one makes your partner wait for you."""
    s = Settings(variant="manille", level="medium", partner_leads=True)
    assert Settings.from_dict({"variant": "manille", "partner_leads": "true"}).partner_leads
    assert Settings.from_json(s.to_json()).partner_leads  # remembered with the others
    game = Game.new(s, seed=3, t=Translator("en"))
    for _ in range(400):
        if game.ask_window():
            break
        if game.bot_seat() is None:
            assert game.tap_card(card_code(cards_of(game.view.legal)[0])), game.notice
        else:
            game.play_opponent_now()
    else:
        raise AssertionError("your partner never led")
    v = game.view
    assert v.turn == 2 and not v.trick and game.bot_seat() == 2 and not parlee.offers_ask(game)
    html = tables.table_html(game)
    assert 'data-action="ask"' in html and 'data-action="let-lead"' not in html
    assert game.ask(parlee.ask_code(parlee.sheet_asks(v)[0]))  # one tap: asked, and held
    assert game.bot_seat() is None and parlee.offers_ask(game) and not game.ask_window()
    assert 'data-action="let-lead"' in tables.table_html(game)
    assert parlee.leave_lead(game) and game.bot_seat() == 2


def test_without_the_setting_the_lead_waits_and_no_window_is_needed():
    game = Game.new(Settings(variant="manille", level="medium"), seed=3, t=Translator("en"))
    until_partner_leads(game)
    assert not game.ask_window() and game.bot_seat() is None
