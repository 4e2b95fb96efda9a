"""Around the match at a table with friends, in CPython: chat messages and their flood gate,
the host's mute and chat switch, spectators (no hand in anything they are sent), seats
offered to them, and "play again"."""
from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest

from manni.cards import card_code, cards_of, parse_card
from manni.match import Match
from manni.net import chat as C
from manni.net import protocol as P
from manni.net import room as R
from manni.net.guest import GuestTable
from manni.net.host import INBOX_BURST, HostTable
from manni.text import Translator

TABLE = "0123456789abcdef0123456789abcdef"
TOK1, TOK2, TOK3, TOK4 = "1" * 32, "2" * 32, "3" * 32, "4" * 32
CARD_RE = re.compile(r'"([2-9TJQKA][SHDC])"')


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def seated(rules="classic", seed=3, guests=2):
    m = Match(rules, {"target": 5} if rules in ("classic", "hornafjordur") else {}, seed)
    t = HostTable(TABLE, "Hosty")
    t.clock = Clock()
    for i, (name, tok) in enumerate((("Ann", TOK1), ("Bob", TOK2))[:guests]):
        t.receive(f"c{i + 1}", P.hello(TABLE, name, tok), m)
    t.start(lambda s: f"Bot{s}")
    return m, t


def kinds(out) -> list[str]:
    return [json.loads(text)["type"] for _conn, text in out.replies]


def refusal(out) -> str:
    (conn, text), = out.replies
    return P.parse_host(text).key


# -- chat messages ----------------------------------------------------------------------------
def test_chat_messages_round_trip_as_text():
    assert P.parse_guest(C.chat("  hi \u0000 there\n")) == C.Chat(text="hi there")
    assert P.parse_guest(C.chat(phrase="nice_trick")) == C.Chat(phrase="nice_trick")
    markup = '<img src=x onerror="alert(1)"><b>hi</b>'
    assert P.parse_guest(C.chat(markup)).text == markup  # kept as text: pages set textContent
    line = C.ChatLine(7, 2, "Bob", phrase="clap")
    assert P.parse_host(C.chat_line(line)) == line
    assert P.parse_guest(C.chat("\u202eevil\u200b")).text == "evil"  # no direction overrides


@pytest.mark.parametrize("obj, key", [
    ({"text": "x" * (C.MAX_CHAT + 1)}, "chat_long"),
    ({"text": " \n\t"}, "chat_empty"),
    ({"text": 5}, "malformed"),
    ({"phrase": "insult"}, "malformed"),
    ({"phrase": "oops", "text": "hi"}, "malformed"),
    ({}, "malformed"),
    ({"text": "hi", "seat": 2}, "malformed"),
    ({"text": "hi", "cards": ["AS"]}, "malformed"),
])
def test_bad_chat_messages_are_refused(obj, key):
    with pytest.raises(P.ProtocolError) as e:
        P.parse_guest(json.dumps({"v": 1, "type": "chat", **obj}))
    assert e.value.key == key


def test_host_side_messages_refuse_junk():
    for obj in ({"type": "chat", "id": 0, "seat": 1, "name": "A", "text": "x"},
                {"type": "chat", "id": 1, "seat": 4, "name": "A", "text": "x"},
                {"type": "room", "game": 1, "chat": True, "muted": [5], "watchers": 0,
                 "watch_limit": 2, "offered": [], "again": None},
                {"type": "room", "game": 1, "chat": "yes", "muted": [], "watchers": 0,
                 "watch_limit": 2, "offered": [], "again": None},
                {"type": "watching", "limit": 0},
                {"type": "again", "accept": 1}):
        with pytest.raises(P.ProtocolError):
            P.parse_host(json.dumps({"v": 1, **obj}))
    r = R.Room(2, False, (1,), 1, 2, (2,), (0, 1))
    assert P.parse_host(R.room(r)) == r
    assert P.parse_guest(R.again(False)) == R.Again(False) and P.parse_guest(R.sit(2)) == R.Sit(2)
    with pytest.raises(P.ProtocolError):
        P.parse_guest(json.dumps({"v": 1, "type": "sit", "seat": 0}))


def test_a_phrase_is_said_in_each_readers_language():
    from manni.text import Translator
    line = C.ChatLine(1, 1, "Ann", phrase="nice_trick")
    said = {lang: C.phrase_text(Translator(lang), line) for lang in ("en", "is", "fr")}
    assert said["en"] == "Nice trick!" and len(set(said.values())) == 3
    assert C.phrase_text(Translator("fr"), C.ChatLine(2, 1, "Ann", phrase="clap")) == "\U0001F44F"
    assert C.phrase_text(Translator("fr"), C.ChatLine(3, 1, "Ann", text="<b>x</b>")) == "<b>x</b>"


# -- relaying, flooding, muting ---------------------------------------------------------------
def test_a_chat_is_relayed_to_everyone_with_the_senders_seat():
    m, t = seated()
    out = t.receive("c1", C.chat("hello"), m)
    assert out.apply is None and not out.changed
    assert sorted(c for c, _ in out.replies) == ["c1", "c2"]
    line = P.parse_host(out.replies[0][1])
    assert line == C.ChatLine(1, 1, "Ann", "hello") and out.said == line
    out = t.say(0, C.Chat(phrase="oops"))
    assert P.parse_host(out.replies[0][1]) == C.ChatLine(2, 0, "Hosty", phrase="oops")
    # a page that comes back gets the chat so far (and skips what it has seen)
    t.disconnect("c2")
    out = t.receive("c9", P.hello(TABLE, "Bob", TOK2), m)
    assert kinds(out) == ["welcome", "chat", "chat"]
    g = GuestTable(TABLE, TOK2, "Bob")
    for _c, text in out.replies + out.replies:
        g.receive(text)
    assert [x.id for x in g.lines] == [1, 2]


def test_a_flood_is_slowed_then_muted_cheaply_and_the_match_goes_on():
    m, t = seated()
    before = (len(m.actions), t.to_json())
    relayed, replies_to_flooder = 0, []
    for i in range(200):
        out = t.receive("c1", C.chat(f"spam {i}"), m)
        assert out.apply is None
        relayed += out.said is not None
        replies_to_flooder += [P.parse_host(x).key for c, x in out.replies
                               if c == "c1" and '"refused"' in x]
    assert relayed == C.BURST  # the others saw the burst, nothing past it
    assert replies_to_flooder == ["chat_slow", "chat_muted"]  # told twice, then silence
    assert t.room().muted == (1,) and len(t.log) == 3 and "unread" in t.log[-1]
    assert len(m.actions) == before[0]
    assert json.loads(t.to_json())["seats"] == json.loads(before[1])["seats"]
    # muted for the table, also once the bucket has filled again
    t.clock.now += 3600
    assert t.receive("c1", C.chat("sorry"), m).replies == []
    # the other guest still talks, and acts are still taken from the muted guest
    assert t.receive("c2", C.chat("hi"), m).said.text == "hi"
    while m.turn != 1:
        m.apply(m.legal_actions()[0])
    assert t.receive("c1", P.act(1, m.legal_actions()[0]), m).apply is not None
    # the host lifts the mute
    assert t.set_muted(1, False) and t.receive("c1", C.chat("sorry"), m).said.text == "sorry"


def test_a_slow_chatter_is_never_muted():
    m, t = seated()
    for _ in range(100):
        t.clock.now += C.REFILL_S
        assert t.receive("c1", C.chat("ok"), m).said is not None
    assert t.room().muted == ()


def test_the_host_mutes_a_guest_and_turns_chat_off():
    m, t = seated()
    assert t.set_muted(2, True) and not t.set_muted(2, True) and not t.set_muted(0, True)
    assert t.receive("c2", C.chat("hi"), m).replies == []
    assert t.set_chat(False) and t.room().chat is False
    assert refusal(t.receive("c1", C.chat("hi"), m)) == "chat_off"
    assert t.say(0, C.Chat("hi")).replies == []
    back = HostTable.from_json(t.to_json())
    assert back.room() == t.room()


def test_a_flood_of_anything_is_read_only_up_to_the_connections_budget():
    m, t = seated()
    replies = sum(len(t.receive("c1", "{junk", m).replies) for _ in range(500))
    read = INBOX_BURST - 1  # the connection's hello was one
    assert replies == read and len(t.log) == read + 1 and "unread" in t.log[-1]
    assert t.receive("c2", C.chat("hi"), m).said is not None  # the others are read as ever
    t.clock.now += 10  # the connection is read again after a pause
    assert refusal(t.receive("c1", "{junk", m)) == "malformed" and f"{500 - read} messages" in t.log[-2]
    while m.turn != 1:
        m.apply(m.legal_actions()[0])
    t.clock.now += 0.2
    assert t.receive("c1", P.act(1, m.legal_actions()[0]), m).apply is not None


def test_a_guests_act_lost_in_a_flood_is_sent_again_and_applied_once():
    from manni.ui.netgame import GuestGame
    from manni.ui.settings import Settings
    m, t = seated()
    while m.turn != 1:
        m.apply(m.legal_actions()[0])
    g = GuestGame(GuestTable(TABLE, TOK1, "Ann"), Settings())
    g.table.receive(P.welcome(1, 0))
    g.table.receive(dict(t.broadcast(m))["c1"])
    for _ in range(INBOX_BURST):  # the page's own chat, all at once: the inbox is empty
        t.receive("c1", C.chat("hi"), m)
    assert g.act(m.legal_actions()[0])
    act = g.outbox.pop()
    assert t.receive("c1", act, m).apply is None  # dropped unread
    t.clock.now += 2
    assert g.resend() and g.outbox == [act]  # no state since: the same act again
    out = t.receive("c1", g.outbox.pop(), m)
    m.apply(*reversed(out.apply))
    assert g.resend()  # one more that crosses the state: the host applies a seq once
    assert refusal(t.receive("c1", g.outbox.pop(), m)) == "duplicate"
    g.table.receive(dict(t.broadcast(m))["c1"])
    assert not g.resend() and g.unanswered is None and not g.outbox
    # a refusal of the act answers it too
    while m.turn != 1:
        m.apply(m.legal_actions()[0])
    g.table.receive(dict(t.broadcast(m))["c1"])
    assert g.act(m.legal_actions()[0]) and g.unanswered is not None
    g.refusal_text(P.Refused(g.unanswered[0], "not_your_turn", {"turn": 2}))
    assert not g.resend()


def test_a_chat_before_hello_or_from_a_spectator_is_refused():
    m, t = seated()
    assert refusal(t.receive("c7", C.chat("hi"), m)) == "not_seated"
    t.receive("c3", P.hello(TABLE, "Eve", TOK3), m)
    assert refusal(t.receive("c3", C.chat("hi"), m)) == "not_seated"


# -- spectators -------------------------------------------------------------------------------
def visible_to_all(m: Match) -> set[str]:
    v = m.view(0)
    return {card_code(c) for c in cards_of(v.played | (0 if v.cut is None else 1 << v.cut))}


@pytest.mark.parametrize("rules", ["classic", "hornafjordur", "trjamann", "laugavatn"])
def test_a_spectator_is_sent_no_card_of_any_hand(rules):
    m, t = seated(rules, seed=5)
    out = t.receive("c3", P.hello(TABLE, "Eve", TOK3), m)
    assert kinds(out) == ["watching"] and out.changed and t.room().watchers == 1
    g = GuestTable(TABLE, TOK3, "Eve")
    g.receive(out.replies[0][1])
    assert g.watching and g.seat is None
    states = 0
    while True:
        for conn, text in t.broadcast(m):
            if conn == "c3":
                assert set(CARD_RE.findall(text)) <= visible_to_all(m)
                msg = g.receive(text)
                states += isinstance(msg, P.State)
        v = g.view()
        assert v.hand == v.own_out == v.legal == 0 and v.choices == ()
        assert v.history == m.view(0).history and v.plus == m.view(0).plus
        if m.phase in ("deal-over", "match-over"):
            break
        m.apply(m.legal_actions()[-1])
    assert states > 10


def test_a_spectator_at_a_four_seat_table_is_sent_no_hand():
    m = Match("manille", {}, 4)
    t = HostTable(TABLE, "Hosty", seats=4)
    t.clock = Clock()
    for i, tok in enumerate((TOK1, TOK2, TOK4)):
        t.receive(f"c{i + 1}", P.hello(TABLE, f"G{i + 1}", tok), m)
    t.start(lambda s: f"Bot{s}")
    assert kinds(t.receive("c9", P.hello(TABLE, "Eve", TOK3), m)) == ["watching"]
    g = GuestTable(TABLE, TOK3, "Eve")
    g.receive(R.watching(2))
    for _ in range(12):
        for conn, text in t.broadcast(m):
            if conn == "c9":
                assert set(CARD_RE.findall(text)) <= visible_to_all(m)
                g.receive(text)
        assert g.view().hand == 0 and len(g.view().tricks) == 4
        m.apply(m.legal_actions()[0])
    line = P.parse_host(t.receive("c3", C.chat(phrase="oops"), m).replies[0][1])
    assert line.seat == 3 and line.phrase == "oops"


def test_a_spectators_page_refuses_a_state_with_a_hand():
    m, t = seated()
    g = GuestTable(TABLE, TOK3, "Eve")
    g.receive(R.watching(2))
    with pytest.raises(P.ProtocolError):
        g.receive(P.state(0, t.infos(), m.view(0), [], 0))
    assert g.state is None


def test_spectators_count_against_the_hosts_limit():
    m, t = seated()
    assert kinds(t.receive("c3", P.hello(TABLE, "Eve", TOK3), m)) == ["watching"]
    assert t.set_watch_limit(1)
    assert refusal(t.receive("c4", P.hello(TABLE, "Dan", "5" * 32), m)) == "full"
    t.disconnect("c3")  # Eve comes back on a new channel: still hers
    assert kinds(t.receive("c5", P.hello(TABLE, "Eve", TOK3), m)) == ["watching"]
    assert t.room().watchers == 1 and len(t.watchers) == 1
    assert not t.set_watch_limit(1) and t.set_watch_limit(99) and t.watch_limit == R.MAX_WATCHERS


def test_a_spectator_takes_a_bots_seat_when_the_host_offers_it():
    m, t = seated(guests=1)  # Ann at 1, a bot at 2
    t.receive("c3", P.hello(TABLE, "Eve", TOK3), m)
    assert refusal(t.receive("c3", R.sit(2), m)) == "not_offered"
    assert refusal(t.receive("c1", R.sit(2), m)) == "not_watching"
    assert not t.offer(1, True) and t.offer(2, True) and t.room().offered == (2,)
    out = t.receive("c3", R.sit(2), m)
    assert out.replies == [("c3", P.welcome(2, 0))] and out.changed
    assert t.seats[2].kind == "guest" and t.seats[2].name == "Eve" and not t.bot_plays(2)
    assert t.watchers == [] and t.room().offered == ()
    g = GuestTable(TABLE, TOK3, "Eve")
    g.receive(R.watching(2))
    g.receive(out.replies[0][1])
    g.receive(dict(t.broadcast(m))["c3"])
    assert not g.watching and g.view().hand == m.deal.hands[2]
    while m.turn != 2:
        m.apply(m.legal_actions()[0])
    assert t.receive("c3", P.act(1, m.legal_actions()[0]), m).apply is not None


# -- play again -------------------------------------------------------------------------------
def finished_match(m: Match) -> Match:
    while not m.finished:
        m.apply(m.legal_actions()[0])
    return m


def test_play_again_waits_for_every_guest():
    m, t = seated()
    assert t.propose_again(m).changed is False  # not before the match is over
    assert refusal(t.receive("c1", R.again(True), m)) == "no_again"
    finished_match(m)
    out = t.propose_again(m)
    assert out.changed and not out.rematch and t.room().again == (0,)
    out = t.receive("c1", R.again(True), m)
    assert not out.rematch and t.room().again == (0, 1)
    out = t.receive("c2", R.again(True), m)
    assert out.rematch
    t.next_game()
    assert t.room().game == 2 and t.room().again is None


def test_a_guest_long_away_no_longer_holds_up_play_again_and_takes_the_seat_back():
    from manni.net.host import AWAY_AGAIN_S
    m, t = seated()
    finished_match(m)
    t.disconnect("c2")  # Bob's page leaves
    t.propose_again(m)
    assert not t.receive("c1", R.again(True), m).rematch  # Bob holds it up, for now
    t.clock.now += AWAY_AGAIN_S - 1
    assert not t.check_again().rematch and t.long_away() == set()
    t.clock.now += 1
    assert t.long_away() == {2}
    out = t.check_again()
    assert out.rematch and out.changed
    t.next_game()
    assert t.seats[2].kind == "guest" and t.seats[2].stand_in and t.bot_plays(2)  # a bot plays
    assert not t.seats[1].stand_in
    out = t.receive("c9", P.hello(TABLE, "Bob", TOK2), m)  # Bob comes back: his seat again
    assert kinds(out)[0] == "welcome" and not t.bot_plays(2) and not t.seats[2].stand_in
    # a guest back before the time is waited for as before
    m2, t2 = seated()
    finished_match(m2)
    t2.disconnect("c2")
    t2.propose_again(m2)
    t2.receive("c1", R.again(True), m2)
    t2.clock.now += AWAY_AGAIN_S / 2
    t2.receive("c9", P.hello(TABLE, "Bob", TOK2), m2)
    t2.clock.now += AWAY_AGAIN_S
    assert not t2.check_again().rematch and t2.long_away() == set()


def test_a_guest_who_leaves_is_replaced_by_a_bot():
    m, t = seated()
    finished_match(m)
    t.propose_again(m)
    out = t.receive("c2", R.again(False), m)
    assert out.replies == [("c2", P.closed("left"))] and not out.rematch
    assert t.seats[2].kind == "bot" and t.seats[2].name == "Bot2" and t.bot_plays(2)
    assert t.receive("c1", R.again(True), m).rematch


def test_the_rematch_keeps_seats_and_settings_and_moves_the_dealer_on():
    from manni.record import loads
    from manni.ui.netgame import HostGame
    from manni.ui.settings import Settings

    t = HostTable(TABLE, "Hosty")
    game = HostGame.host(Settings(variant="hornafjordur", target=5), t)
    hello = t.receive("c1", P.hello(TABLE, "Ann", TOK1), game.match)
    game.start()
    g = GuestTable(TABLE, TOK1, "Ann")
    g.receive(hello.replies[0][1])
    for _c, text in t.broadcast(game.match):
        g.receive(text)
    old = finished_match(game.match)
    assert t.propose_again(old).rematch is False
    assert t.receive("c1", R.again(True), old).rematch
    finished = game.rematch(seed=77)
    assert loads(finished).finished and loads(finished).seed == old.seed
    new = game.match
    assert (new.rules.name, new.options, new.seed) == (old.rules.name, old.options, 77)
    assert new.first_dealer == (old.deal.dealer + 1) % 3 and not new.deal_scores
    assert [s.kind for s in t.seats] == ["host", "guest", "bot"] and t.seats[1].name == "Ann"
    # the guest drops the old match's state and takes the new one from n = 0
    g.receive(R.room(t.room()))
    assert g.state is None
    g.receive(dict(t.broadcast(new))["c1"])
    assert g.state.n == 0 and g.view().deal_scores == () and g.room.game == 2


# -- the page's side (pure) -------------------------------------------------------------------
def guest_game(t, conn, token, name, m, watching=False):
    from manni.ui.netgame import GuestGame
    from manni.ui.settings import Settings
    g = GuestGame(GuestTable(TABLE, token, name), Settings(lang="fr"))
    out = t.receive(conn, P.hello(TABLE, name, token), m)
    for _c, text in out.replies + [x for x in t.broadcast(m) if x[0] == conn]:
        g.table.receive(text)
    g.sync_translator()
    g.on_state()
    return g


def test_a_spectators_page_shows_the_table_and_no_hand():
    from manni.ui import render, talk
    m, t = seated(seed=9)
    t.seats[0].name = "Hosty"
    for _ in range(7):
        m.apply(m.legal_actions()[0])
    g = guest_game(t, "c3", TOK3, "Eve", m)
    assert g.watching and not g.waits_for_you() and not g.act(m.legal_actions()[0])
    html = talk.spectator_html(g)
    v = m.view(0)
    hands = set().union(*({card_code(c) for c in cards_of(h)} for h in m.deal.hands))
    shown = {card_code(c) for c in cards_of(v.played)}
    assert not any(f'data-card="{c}"' in html for c in hands)
    assert all(c not in html or c in shown for c in hands)
    assert "Hosty" in html and "Ann" in html and "Bob" in html and "data-scores" in html
    assert 'id="hand"' not in html and render.table_attrs(g)["data-turn"] == "opponent"
    assert "Vous" not in html  # no seat is "you" for a spectator (the page is in French)


def test_a_spectator_at_a_four_seat_table_sees_four_seats_sides_and_no_hand():
    from manni.ui import render, talk
    m = Match("manille", {"target": 50}, 6)
    t = HostTable(TABLE, "Hosty", seats=4)
    t.receive("c1", P.hello(TABLE, "Ann", TOK1), m)
    t.start(lambda s: f"Bot{s}")
    hands = [{card_code(c) for c in cards_of(h)} for h in m.deal.hands]
    g = guest_game(t, "c9", TOK3, "Eve", m)
    talked = False
    for step in range(40):
        html = talk.spectator_html(g)
        v = m.view(0)
        shown = {card_code(c) for c in cards_of(v.played | (0 if v.cut is None else 1 << v.cut))}
        asked = {card_code(a.question.subject) for a in v.answers if a.question.kind == "has"}
        assert html.count('<section class="seat') == 4 and 'class="felt four"' in html
        assert html.count('class="fan"') == 4 and 'id="hand"' not in html
        hidden = set().union(*hands) - shown - asked
        assert not [c for c in hidden if f">{g.t.card(parse_card(c))}<" in html
                    or f'"{g.t.card(parse_card(c))}"' in html or f":{c}" in html]
        talked = talked or 'class="talk-log"' in html
        assert "data-side=\"0\"" in html and "data-side=\"1\"" in html
        if step == 0:  # the turned card at the dealer's seat, while the dealer holds it
            assert 'class="turned"' in html and t.seats[1].name == "Ann"
        asks = m.view(m.turn).asks if m.turn is not None else ()
        if asks and not [a for a in m.view(0).answers if a.trick == len(m.deal.history)]:
            # the seat to lead asks its partner first (once a trick)
            m.apply(asks[-1], m.turn)
        else:
            m.apply(m.legal_actions()[0])
        for conn, text in t.broadcast(m):
            if conn == "c9":
                g.table.receive(text)
        g.on_state()
    assert talked and "Hosty et partenaire" in html and "Ann et partenaire" in html  # the sides, by name
    assert "partenaire de Hosty" in html and "Vous" not in html and "Nous" not in html
    assert render.table_attrs(g)["data-turn"] == "opponent"


def test_a_four_seat_table_with_friends_ends_with_play_again_and_every_score_sheet():
    from manni.ui import tables
    from manni.ui.netgame import HostGame
    from manni.ui.settings import Settings
    ht = HostTable(TABLE, "Hosty", seats=4)
    game = HostGame.host(Settings(variant="manille"), ht)
    m = game.match
    ht.receive("c1", P.hello(TABLE, "Ann", TOK1), m)
    game.start()
    finished_match(m)
    assert 'data-action="play-again"' in tables.table_html(game)
    ht.propose_again(m)
    ann = guest_game(ht, "c1", TOK1, "Ann", m)
    eve = guest_game(ht, "c9", TOK3, "Eve", m)
    html = tables.table_html(ann)
    assert 'data-action="accept-again"' in html and "new-match" not in html
    rows = len(m.deal_scores)
    for g in (game, ann, eve):  # a guest's page holds no match: the sheet comes from its view
        assert tables.score_sheet(g).count('<th scope="row">') == rows


def test_the_chat_tools_and_room_bars():
    from manni.ui import render, talk
    from manni.ui.netgame import HostGame
    from manni.ui.settings import Settings
    from manni.text import Translator

    tools = talk.chat_tools(Translator("is"))
    assert tools.count('data-action="chat-phrase"') == len(C.PHRASES) and "data-chat-input" in tools
    assert 'data-phrase="nice_trick"' in tools and "Flottur slagur!" in tools
    assert talk.chat_tools(Translator("en"), "Chat is off").count("<button") == 0
    ht = HostTable(TABLE, "Hosty")
    game = HostGame.host(Settings(), ht)
    m = game.match
    ht.receive("c1", P.hello(TABLE, '<b>Ann</b>', TOK1), m)
    game.start()
    assert "&lt;b&gt;Ann" in talk.host_room(game) and "<b>" not in talk.host_room(game)
    assert 'data-action="offer-seat" data-seat="2"' in talk.host_room(game)
    finished_match(m)
    assert 'data-action="play-again"' in render.table_html(game)
    ann = guest_game(ht, "c1", TOK1, "<b>Ann</b>", m)
    html = render.table_html(ann)
    assert "accept-again" not in html and "new-match" not in html  # no way off the table
    ht.propose_again(m)
    assert "play-again" not in render.table_html(game)
    for _c, text in ht.broadcast(m):
        if _c == "c1":
            ann.table.receive(text)
    assert 'data-action="accept-again"' in render.table_html(ann)
    assert ann.answer_again(True) and P.parse_guest(ann.outbox[-1]) == R.Again(True)
    line = C.ChatLine(1, 1, "<b>Ann</b>", "<i>x</i>")
    assert talk.line_parts(Translator("fr"), line) == ("<b>Ann</b>", "<i>x</i>")


def test_a_guest_game_queues_chat_only_when_it_may():
    m, t = seated()
    g = guest_game(t, "c1", TOK1, "Ann", m)
    assert g.chat("hi") and P.parse_guest(g.outbox[-1]) == C.Chat("hi")
    assert not g.chat("x" * 500) and g.chat_notice
    t.set_muted(1, True)
    g.table.receive(R.room(t.room()))
    assert not g.chat("hi") and g.chat_notice == g.t("chat.muted_you")


def test_a_guest_counts_the_finished_match_once():
    from manni.ui.stats import Stats
    m, t = seated()
    finished_match(m)
    g = guest_game(t, "c1", TOK1, "Ann", m)
    s = Stats()
    assert s.count_seen("net:x:1", g.view) and not s.count_seen("net:x:1", g.view)
    assert s.played == 1 and s.deals == len(m.deal_scores)
    assert s.points == sum(score[1] for score in m.deal_scores)
    assert s.matches["classic/friends"]["won"] == (1 if 1 in m.winners else 0)


def test_a_spectator_chats_only_when_the_host_allows_it_with_the_same_limits():
    from manni.ui import talk
    m, t = seated()
    assert kinds(t.receive("c3", P.hello(TABLE, "Eve", TOK3), m)) == ["watching"]
    assert refusal(t.receive("c3", C.chat("hello"), m)) == "not_seated"  # off by default
    assert t.set_watch_chat(True) and not t.set_watch_chat(True) and t.room().watch_chat
    out = t.receive("c3", C.chat("<b>hello</b>"), m)
    line = out.said
    assert line.seat is None and line.name == "Eve" and line.text == "<b>hello</b>"
    assert {c for c, _ in out.replies} >= {"c1", "c2", "c3"}
    back = C.parse_chat_line(json.loads(C.chat_line(line)))
    assert back == line  # a spectator's line travels with no seat
    assert R.parse_room(json.loads(R.room(t.room()))).watch_chat is True
    assert R.parse_room({k: v for k, v in json.loads(R.room(t.room())).items()
                         if k not in ("watch_chat", "type", "v")}).watch_chat is False
    assert HostTable.from_json(t.to_json()).watch_chat
    t.set_chat(False)
    assert refusal(t.receive("c3", C.chat("hi"), m)) == "chat_off"
    t.set_chat(True)
    replies = []
    for i in range(100):  # a flood: slowed, then muted, as a seat is
        replies += [P.parse_host(x).key for c, x in t.receive("c3", C.chat(f"s{i}"), m).replies
                    if c == "c3" and '"refused"' in x]
    assert replies == ["chat_slow", "chat_muted"]
    assert t.room().muted == () and json.loads(t.to_json())["room"]["muted"] == []
    # the spectator's page offers the message box only when allowed
    g = GuestTable(TABLE, TOK3, "Eve")
    g.receive(R.watching(2))
    g.receive(R.room(t.room()))
    game = SimpleNamespace(t=Translator("en"), table=g, hosting=False, watching=True)
    assert talk.chat_note(game) == ""
    t.set_watch_chat(False)
    g.receive(R.room(t.room()))
    assert talk.chat_note(game) == Translator("en")("watch.you")


def test_the_host_mutes_one_spectator_as_a_seat_and_the_mute_is_kept():
    from manni.ui import talk
    m, t = seated()
    for conn, name, tok in (("c3", "Eve", TOK3), ("c4", "Zed", TOK4)):
        assert kinds(t.receive(conn, P.hello(TABLE, name, tok), m)) == ["watching"]
    game = SimpleNamespace(t=Translator("en"), table=t)
    assert "data-watcher" not in talk.host_room(game)  # spectators read only: nothing to mute
    t.set_watch_chat(True)
    bar = talk.host_room(game)
    assert f'data-watcher="{TOK3}" aria-pressed="false">Mute Eve (spectator)<' in bar
    none = t.mute_watcher(TOK1, True)  # Ann's token: a seat, not a spectator
    assert not none.changed and not none.replies and not t.room().muted
    out = t.mute_watcher(TOK3, True)
    assert out.changed and [(c, P.parse_host(x).key) for c, x in out.replies] == [("c3", "muted")]
    assert not t.mute_watcher(TOK3, True).changed
    assert t.receive("c3", C.chat("hello"), m).said is None  # dropped, as a muted seat's
    assert t.receive("c4", C.chat("hi"), m).said.name == "Zed"  # the other one still writes
    assert f'data-watcher="{TOK3}" aria-pressed="true">Unmute Eve (spectator)<' in talk.host_room(game)
    assert t.room().muted == () and TOK3 not in R.room(t.room())  # no token goes to the pages
    back = HostTable.from_json(t.to_json())
    assert back.watcher_muted(TOK3) and not back.watcher_muted(TOK4)
    out = t.mute_watcher(TOK3, False)
    assert out.changed and out.replies == []
    assert t.receive("c3", C.chat("back"), m).said.text == "back"
    assert Translator("fr")("net.refused.muted") != Translator("en")("net.refused.muted")


def test_a_muted_fourth_seat_stays_muted_after_a_host_reload():
    m = Match("manille", {}, 3)
    t = HostTable(TABLE, "Hosty", seats=4)
    for i, (name, tok) in enumerate((("Ann", TOK1), ("Bob", TOK2), ("Cid", TOK3))):
        t.receive(f"c{i + 1}", P.hello(TABLE, name, tok), m)
    assert t.set_muted(3, True)
    assert HostTable.from_json(t.to_json()).muted_seats() == (3,)
