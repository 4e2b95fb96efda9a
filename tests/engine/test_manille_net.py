"""Four-seat tables over manni-net/1: Manille views travel whole, and hide what they hide."""
from __future__ import annotations

import random

from manni.cards import cards_of
from manni.net import protocol as P
from manni.net.guest import GuestTable, rotate_view
from manni.net.host import HostTable

from manille_support import play_match, random_step

TABLE = "0123456789abcdef0123456789abcdef"


def test_a_manille_state_carries_the_view_and_no_hidden_card():
    m = play_match(5, limit=0)
    rnd = random.Random(5)
    seats = [P.SeatInfo("Hosty", "host", True), P.SeatInfo("Ann", "guest", False),
             P.SeatInfo("Bot", "bot", True), P.SeatInfo("Bo", "guest", True)]
    asked = False
    for _ in range(120):
        for seat in (1, 2, 3):
            v = m.view(seat)
            text = P.state(len(m.actions), seats, v, [d.contract for d in m.deals], 4)
            msg = P.parse_host(text)
            assert msg.view == v and msg.seats == tuple(seats)
            asked |= bool(v.answers) and bool(v.asks)
            visible = v.hand | v.played | 1 << v.cut
            for a in v.answers:  # a card asked about is named in public
                if a.question.kind == "has":
                    visible |= 1 << a.question.subject
            hidden = 0
            for s in range(4):
                if s != seat:
                    hidden |= m.deal.hands[s]
            for c in cards_of(hidden & ~visible):
                assert f'"{P.card_code(c)}"' not in text
        random_step(m, rnd, 0.5)
    assert asked and len(m.deals) > 1


def test_a_guest_sees_its_own_side_first():
    m = play_match(6, limit=200)
    for seat in range(4):
        v = rotate_view(m.view(seat))
        assert v.seat == 0 and v.side == 0
        mine = m.view(seat).side
        assert v.manches.score == (m.manches.score[mine], m.manches.score[1 - mine])
        assert v.tricks[0] == m.deal.tricks[seat]
        assert all(a.partner == (a.asker + 2) % 4 for a in v.answers)


def test_a_host_table_has_the_rule_sets_seats():
    t = HostTable(TABLE, "Hosty", seats=4)
    assert len(t.infos()) == 4
    again = HostTable.from_json(t.to_json())
    assert len(again.seats) == 4 and again.seats[0].kind == "host"
    assert len(HostTable(TABLE, "Hosty").seats) == 3


# -- the parlée with friends: a computer partner on lead waits for its human partner -------------
def friends_table(seed: int):
    """The host (seat 0, its partner the bot at 2), the guest Ann at seat 1 (her partner the
    bot at 3), and Ann's page."""
    from manni.match import Match
    from manni.text import Translator
    from manni.ui.netgame import GuestGame, HostGame
    from manni.ui.settings import Settings

    s = Settings(variant="manille", level="medium")
    host = HostGame.host(s, HostTable(TABLE, "Hosty", seats=4))
    host.t = Translator("en")
    ann = GuestGame(GuestTable(TABLE, "a" * 32, "Ann"), Settings(variant="manille"))
    deliver(host, ann, host.table.receive("c1", ann.table.hello(), host.match).replies)
    host.start()
    host.match = Match("manille", dict(host.match.options), seed)
    deliver(host, ann, host.table.broadcast(host.match))
    return host, ann


def deliver(host, ann, replies) -> None:
    for to, text in replies:
        if to == "c1":
            ann.table.receive(text)
            if isinstance(P.parse_host(text), P.State):
                ann.on_state()


def send(host, ann) -> None:
    """Ann's page's messages to the host, and what the host then tells her."""
    while ann.outbox:
        out = host.table.receive("c1", ann.outbox.pop(0), host.match)
        assert not out.replies, out.replies
        if out.apply is not None:
            host.apply_guest(*out.apply)
        deliver(host, ann, host.table.broadcast(host.match))


def first_card(game) -> None:
    from manni.cards import card_code
    assert game.tap_card(card_code(cards_of(game.view.legal)[0])), game.notice


def test_a_bot_partner_on_lead_waits_for_the_questions_of_the_host_and_of_a_guest():
    from manni.talk import partner_of
    from manni.ui import parlee

    host, ann = friends_table(3)
    waited = {0: 0, 1: 0}
    for _ in range(400):
        m = host.match
        if m.finished or len(m.deals) > 2:
            break
        turn, seat = m.turn, host.bot_seat()
        if parlee.offers_ask(host):  # the host's partner (seat 2) is to lead
            assert turn == 2 and seat is None and host.waits_for_you()
            waited[0] += 1
            assert parlee.leave_lead(host) and host.bot_seat() == 2
        elif parlee.offers_ask(ann):  # Ann's partner (seat 3) is to lead
            assert turn == 3 and seat is None and ann.waits_for_you()
            asked = len(m.deal.answers)
            ask = parlee.sheet_asks(ann.view)[0]
            assert ann.ask(parlee.ask_code(ask))
            send(host, ann)
            answer = host.match.deal.answers[-1]
            assert len(host.match.deal.answers) == asked + 1 and answer.asker == 1
            hand = host.match.deal.hands[3]
            truth = (sum(1 for c in cards_of(hand) if c // 13 == ask.subject)
                     if ask.kind == "count" else bool(hand >> ask.subject & 1))
            assert answer.value == truth and ann.view.answers[-1].value == truth
            if parlee.offers_ask(ann):  # one question left: still hers to ask or not
                assert host.bot_seat() is None
                assert parlee.leave_lead(ann) and not parlee.offers_ask(ann)
                send(host, ann)
            waited[1] += 1
            assert host.bot_seat() == 3
        elif seat is not None:
            host.play_opponent_now()
            deliver(host, ann, host.table.broadcast(host.match))
        elif turn == 0:
            first_card(host)
            deliver(host, ann, host.table.broadcast(host.match))
        elif turn == 1:
            first_card(ann)
            send(host, ann)
        else:
            raise AssertionError(f"nobody moves: seat {turn} to play")
    assert waited[0] and waited[1], waited
    assert partner_of(host.match.deal, 1) == 3


def test_a_guest_who_is_away_is_waited_for_unless_a_bot_stands_in():
    from manni.ui import parlee

    host, ann = friends_table(3)
    for _ in range(400):
        if parlee.offers_ask(ann):
            break
        seat = host.bot_seat()
        if parlee.offers_ask(host):
            parlee.leave_lead(host)
        elif seat is not None:
            host.play_opponent_now()
        elif host.match.turn == 0:
            first_card(host)
        else:
            first_card(ann)
            send(host, ann)
            continue
        deliver(host, ann, host.table.broadcast(host.match))
    assert parlee.offers_ask(ann) and host.bot_seat() is None
    again = HostTable.from_json(host.table.to_json())  # what the host's page saves
    assert again.led == host.table.led
    host.table.disconnect("c1")
    assert host.bot_seat() is None  # a blink of Ann's link does not cost her the questions
    assert host.table.set_stand_in(1, True)
    assert host.bot_seat() == 3  # a bot plays her seat: nobody to wait for
    assert host.table.receive("c2", P.lead(1, 0), host.match).replies  # not seated: refused


def test_a_lead_message_is_checked():
    assert P.parse_guest(P.lead(2, 5)) == P.Lead(2, 5)
    for bad in ('{"v":1,"type":"lead","deal":0,"trick":0}',
                '{"v":1,"type":"lead","deal":1,"trick":13}',
                '{"v":1,"type":"lead","deal":1,"trick":true}',
                '{"v":1,"type":"lead","deal":1}',
                '{"v":1,"type":"lead","deal":1,"trick":0,"seat":2}'):
        try:
            P.parse_guest(bad)
        except P.ProtocolError:
            continue
        raise AssertionError(bad)


def test_a_guest_and_a_spectator_see_the_last_deals_last_trick_until_the_first_card():
    """The next deal begins as one ends: the state carries the last trick taken (public),
    turned for the guest, and its table shows it until this deal's first card is played."""
    from manni.net.host import previous_trick
    from manni.text import Translator
    from manni.ui import four_seats, tables
    from manni.ui.netgame import GuestGame
    from manni.ui.settings import Settings
    m = play_match(5, limit=0)
    rnd = random.Random(5)
    while len(m.deals) < 2:
        random_step(m, rnd, 0)
    last = m.deals[-2].history[-1]
    assert previous_trick(m) == last and not m.deal.history
    seats = [P.SeatInfo("Hosty", "host", True), P.SeatInfo("Ann", "guest", True),
             P.SeatInfo("Bot", "bot", True), P.SeatInfo("Bo", "guest", True)]
    text = P.state(len(m.actions), seats, m.view(1), [d.contract for d in m.deals], 0, last)
    assert P.parse_host(text).last_trick == last
    guest = GuestTable(TABLE, "tok", "Ann")
    guest.receive(P.dump({"type": "welcome", "seat": 1, "last_seq": 0}))
    guest.receive(text)
    leader, cards, winner = last
    assert guest.last_trick() == ((leader - 1) % 4, cards, (winner - 1) % 4)
    game = GuestGame(guest, Settings(variant="manille"))
    html = tables.table_html(game)
    trick = html.split('class="trick four')[1].split('class="trick-note"')[0]
    assert all(Translator("en").card(c) in trick for c in cards)
    assert 'class="trick four done"' in html and f'data-winner="{(winner - 1) % 4}"' in html
    dialog = four_seats.last_trick(game)
    assert 'class="last-from"' in dialog and all(Translator("en").card(c) in dialog for c in cards)
    while not m.deal.trick:  # the first card of the new deal: the old trick goes
        random_step(m, rnd, 0)
    assert previous_trick(m) is None
    guest.receive(P.state(len(m.actions), seats, m.view(1), [d.contract for d in m.deals], 0,
                          previous_trick(m)))
    assert game.previous_trick() is None and 'class="trick four done"' not in tables.table_html(game)
    # a state without the field (an older host) is read as before
    assert P.parse_host(P.state(0, seats, m.view(1), [], 0)).last_trick is None
