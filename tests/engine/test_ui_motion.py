"""What the page animates (Game.take_motions) and how the table draws seats (pure Python)."""
from __future__ import annotations

import re

from manni.actions import TAKE, Discard
from manni.cards import card_code, cards_of
from manni.ui import render
from manni.ui.game import Game
from manni.ui.settings import Settings


def new_game(variant: str, seed: int) -> Game:
    return Game.new(Settings(variant=variant, target=20), seed)


def test_a_deal_then_plays_then_the_trick_gathering_to_its_winner():
    g = new_game("classic", 5)
    assert g.take_motions() == [["deal"]]
    assert g.take_motions() == []
    while g.phase == "exchange":
        g.play_opponent_now() or g.keep_hand()
    g.take_motions()
    events = []
    while len(g.match.deal.history) < 1:
        if not g.play_opponent_now():
            assert g.tap_card(card_code(cards_of(g.view.legal)[0]))
        events += g.take_motions()
    leader, cards, winner = g.match.deal.history[0]
    plays = [e for e in events if e[0] == "play"]
    assert plays == [["play", (leader + i) % 3, card_code(c)] for i, c in enumerate(cards)]
    assert events[-1] == ["gather", winner, f"{g.view.deal_number}.1"]
    # the key is the one the table draws on the finished trick
    assert f'data-trick="{g.view.deal_number}.1" data-winner="{winner}"' in render.table_html(g)


def test_exchanges_are_counts_only():
    g = new_game("classic", 5)
    g.take_motions()
    seat = g.match.turn
    held = g.match.deal.hands[seat].bit_count()
    g._apply(seat, TAKE)  # the Classic swap: the whole hand for the whole Manni
    assert g.take_motions() == [["exchange", seat, held, held]]

    g = new_game("hornafjordur", 3)
    g.take_motions()
    seat = g.match.turn
    hand = cards_of(g.match.deal.hands[seat])
    g._apply(seat, Discard(tuple(hand[:2])))
    assert g.take_motions() == [["exchange", seat, 2, 2]]


def test_undo_and_a_new_deal_reset_what_moves():
    g = new_game("classic", 5)
    while g.phase == "exchange":
        g.play_opponent_now() or g.keep_hand()
    while not g.can_undo():
        if not g.play_opponent_now():
            g.tap_card(card_code(cards_of(g.view.legal)[0]))
    assert g.undo() and g.take_motions() == []


def test_opponents_hands_are_backs_with_their_count_and_nothing_else():
    g = new_game("trjamann", 2)
    html = render.table_html(g)
    for seat in (1, 2):
        panel = re.search(rf'<section class="seat seat-{seat}[^"]*".*?</section>', html).group(0)
        fan = re.search(r'<div class="fan" aria-hidden="true">(.*?)</div>', panel).group(1)
        n = g.view.hand_sizes[seat]
        assert fan == (f'<span class="fan-count">{n}</span>'
                       + '<span class="fan-slot"><span class="card back"></span></span>' * n)


def test_a_guest_sees_the_same_moves_from_one_state_to_the_next():
    from manni.ui.netgame import played_since
    g = new_game("classic", 8)
    while g.phase == "exchange":
        g.play_opponent_now() or g.keep_hand()
    g.take_motions()
    seen, events = g.view, []
    for _ in range(7):  # plays and a trick or two, seen at one state
        if not g.play_opponent_now():
            g.tap_card(card_code(cards_of(g.view.legal)[0]))
        events += g.take_motions()
    assert played_since(seen, g.view) == events
    assert any(e[0] == "gather" for e in events)
    while g.phase != "deal-over":  # to the next deal: a new deal is dealt, nothing flies
        if not g.play_opponent_now():
            g.tap_card(card_code(cards_of(g.view.legal)[0]))
    last = g.view
    assert g.next_deal()
    assert played_since(last, g.view) == [["deal"]]
    assert played_since(None, g.view) == []  # a guest who just sat down


def test_sound_and_vibration_are_off_unless_saved_on():
    assert (Settings().sound, Settings().haptics) == (False, False)
    assert Settings.from_dict({"sound": True, "haptics": "true"}).haptics is True
    aside: list = []
    s = Settings.from_dict({"sound": "loud"}, None, aside)
    assert s.sound is False and aside == ["sound"]
