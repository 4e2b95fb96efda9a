"""A sealed table through the net layer in one process: the host's SealedHostGame relays,
each guest's SealedGuestGame plays its own seat (manni/net/sealed_net.py,
manni/ui/sealed_game.py). Bad sealed messages are refused with a reason and the match goes
on; a guest's page that reloads mid-deal resumes from what it kept."""
from __future__ import annotations

import json
import random

import pytest

from manni.actions import Discard, Play
from manni.cards import cards_of
from manni.net import protocol as P
from manni.net.guest import GuestTable
from manni.net.host import HostTable
from manni.ui.netgame import GuestGame, HostGame
from manni.sealed.curve import drain
from manni.ui.sealed_game import CLOCK_S, SealedHostGame
from manni.ui.sealed_guest import SealedGuestGame
from manni.ui.settings import Settings

TABLE = "ab" * 16
TOKENS = ["c" * 32, "d" * 32, "e" * 32]


class Net:
    """The host's page and each guest's, messages delivered in order."""

    def __init__(self, variant="classic", guests=2):
        s = Settings(variant=variant)
        seats = 4 if variant == "manille" else 3
        self.t = HostTable(TABLE, "Hosty", seats=seats)
        host = HostGame.host(s, self.t)
        self.guests: dict[str, SealedGuestGame | GuestGame] = {}
        self.wire: list[tuple[str, str]] = []  # (to: conn or "host:conn", text)
        for i in range(guests):
            conn = f"c{i + 1}"
            self.t.receive(conn, P.hello(TABLE, f"G{i + 1}", TOKENS[i]), host.match)
            g = GuestGame(GuestTable(TABLE, TOKENS[i], f"G{i + 1}"), s)
            g.table.receive(P.welcome(i + 1, 0))
            self.guests[conn] = g
        host.want_sealed = True
        self.host = SealedHostGame.seal(host)
        self.kept: dict[str, str] = {}  # each guest's own storage
        self.refusals: list[tuple[str, str]] = []
        self.gone: set[str] = set()  # guests whose pages closed
        self.hold_reveals: set[str] = set()  # guests whose pages never send their reveal
        self.broadcast()

    def broadcast(self):
        self.wire += self.t.broadcast(self.host.play)

    def flush(self):
        while self.wire or self.host.inbox or any(g.outbox for g in self.guests.values()):
            while self.host.inbox:
                self.wire += self.host.step()
            for conn, g in self.guests.items():
                while g.outbox and conn not in self.gone:
                    text = g.outbox.pop(0)
                    if conn not in self.hold_reveals or '"reveal"' not in text:
                        self.wire.append(("host:" + conn, text))
            if not self.wire:
                continue
            to, text = self.wire.pop(0)
            if to.startswith("host:"):
                out = self.t.receive(to[5:], text, self.host.play)
                self.wire += out.replies
                if out.sealed is not None:
                    self.host.take_guest(*out.sealed, to[5:])
                continue
            if to not in self.gone:
                self.deliver(to, text)

    def deliver(self, conn, text):
        g = self.guests[conn]
        msg = g.table.receive(text)
        if isinstance(msg, P.Refused):
            self.refusals.append((conn, msg.key))
        if isinstance(msg, P.Welcome) and isinstance(g, SealedGuestGame):
            g.resend()
        if type(msg).__name__ == "SealedTable":
            if not isinstance(g, SealedGuestGame):
                g = self.guests[conn] = SealedGuestGame.from_guest(g)
            g.sync(self.kept.get(conn))
        elif type(msg).__name__ == "Sealed" and isinstance(g, SealedGuestGame):
            g.inbox.append(msg.msg)
        if isinstance(g, SealedGuestGame):
            while g.inbox:
                assert g.step() == ""
        if isinstance(g, SealedGuestGame) and g.play is not None:
            self.kept[conn] = json.dumps(g.play.saved())

    def pages(self):
        return [self.host, *(g for c, g in self.guests.items() if c not in self.gone)]

    def mover(self):
        return next((g for g in self.pages() if g.waits_for_you()), None)

    def move(self, rnd):
        seat = self.host.bot_seat()
        if seat is not None:  # a computer of the host's page
            host = self.host
            host.apply_opponent(seat, drain(host.opponent(seat).steps(host.opponent_view(seat))))
            self.flush()
            return
        g = self.mover()
        v = g.view
        if v.phase == "exchange":
            if v.discard_limit is not None:
                ok = g.act(Discard(tuple(cards_of(v.hand)[:v.discard_minimum])))
            else:
                ok = g.act(rnd.choice(v.choices))
        else:
            ok = g.act(Play(rnd.choice(cards_of(v.legal))))
        assert ok, g.notice
        if g is self.host:
            self.broadcast()
        self.flush()


def play_out(net, rnd, until=lambda net: False):
    for _ in range(400):
        if net.host.play.packs or until(net):
            return
        net.move(rnd)
    raise AssertionError("the deal never ended")


@pytest.mark.parametrize("variant", ["classic", "manille"])
def test_a_sealed_deal_through_the_net_layer_ends_checked_on_every_page(variant):
    net = Net(variant, guests=3 if variant == "manille" else 2)
    net.flush()
    rnd = random.Random(5)
    seen = 0
    while not net.host.play.packs:
        for page in net.pages():  # no page's Python holds another seat's unplayed card
            play = page.play
            live = play.live()
            if live is None:
                continue
            others = {c for g in net.pages() if g is not page for s in g.play.local
                      for c in cards_of(g.play.pages[s].hand())} - set(live.shown.values())
            mine = set(live.mine.values()) | set(cards_of(page.view.hand))
            assert not others & mine
            seen += 1
        net.move(rnd)
    assert seen > 50
    assert {g.audit() for g in net.pages()} == {"ok"}
    assert len({g.action_count for g in net.pages()}) == 1
    scores = {tuple(map(tuple, g.play.match.deal_scores)) for g in net.pages()}
    assert len(scores) == 1
    assert not net.refusals


def test_bad_sealed_messages_are_refused_with_a_reason_and_the_match_goes_on():
    net = Net()
    net.flush()
    ann = net.guests["c1"]
    last = json.loads(net.t.relayed[1][-1])
    mine = next(json.loads(x) for x in net.t.relayed[1] if json.loads(x)["seat"] == 1)
    forged = [
        {**mine, "n": 99},                                   # out of order
        {**mine},                                            # taken before
        {**mine, "seat": 2},                                 # in another seat's name
        {**last, "seat": 1, "n": ann.play.page().heard[1] + 1},  # Bob's message as Ann's
        {**mine, "deal": 7, "n": ann.play.page().heard[1] + 1},  # another deal
        {**mine, "kind": "nonsense", "n": ann.play.page().heard[1] + 1},
    ]
    for msg in forged:
        net.wire.append(("host:c1", json.dumps(msg)))
    net.wire.append(("host:c1", json.dumps({"v": 1, "type": "act", "seq": 1,
                                            "action": {"take": True}})))
    net.wire.append(("host:c1", '{"v": 1, "type": "sealed"}'))
    net.flush()
    keys = [k for c, k in net.refusals if c == "c1"]
    # (another seat's shares, relabelled as Ann's, name positions Ann holds)
    assert keys[:6] == ["out_of_order", "duplicate", "seat", "own_share", "other_deal",
                        "malformed"], keys
    assert keys[6:] == ["sealed", "malformed"], keys
    play_out(net, random.Random(2))
    assert {g.audit() for g in net.pages()} == {"ok"}


def test_a_guest_that_reloads_mid_deal_resumes_its_hand_and_the_deal_ends_fair():
    net = Net()
    net.flush()
    rnd = random.Random(9)
    play_out(net, rnd, until=lambda net: net.host.action_count >= 5)
    before = net.guests["c1"].view.hand
    # Ann's page reloads: a new page, only her storage kept; the host sees her come back
    net.t.disconnect("c1")
    fresh = GuestGame(GuestTable(TABLE, TOKENS[0], "G1"), Settings())
    net.guests["c1"] = fresh
    out = net.t.receive("c1", P.hello(TABLE, "G1", TOKENS[0]), net.host.play)
    net.wire += out.replies
    net.broadcast()
    net.flush()
    again = net.guests["c1"]
    assert isinstance(again, SealedGuestGame) and again.view.hand == before
    play_out(net, rnd)
    assert {g.audit() for g in net.pages()} == {"ok"}


def test_the_hosts_clock_deals_again_with_a_computer_for_a_guest_gone_mid_deal():
    net = Net()
    net.flush()
    rnd = random.Random(4)
    play_out(net, rnd, until=lambda net: net.host.action_count >= 3)
    host, first = net.host, net.host.play.deal_id()
    while net.host.play.live().turn != 2:  # Bob thinks: the clock leaves him be
        assert not host.clock(0.0) and not host.clock(10 * CLOCK_S)
        net.move(rnd)
    assert not host.clock(20 * CLOCK_S)
    net.t.disconnect("c2")  # Bob's page closes
    net.gone.add("c2")
    assert not host.clock(100.0)
    assert not host.clock(100.0 + CLOCK_S - 1)
    assert host.clock(100.0 + CLOCK_S)  # annulled: dealt again, a computer in Bob's seat
    net.broadcast()
    net.flush()
    play = host.play
    assert play.deal_id() != first and play.local == (0, 2) and host.table.bot_plays(2)
    assert play.number == 1 and play.match is None  # no score for the deal annulled
    ann = net.guests["c1"]
    assert ann.play.deal_id() == play.deal_id() and ann.play.page().stage != "keys"
    play_out(net, rnd)  # the deal again, the host's page playing Bob's seat
    assert {g.audit() for g in net.pages()} == {"ok"}
    assert ann.play.match.deal_scores == play.match.deal_scores and len(play.packs) == 1
    assert not net.refusals


def test_a_guest_that_does_not_reveal_forfeits_on_every_page():
    net = Net()
    net.flush()
    net.hold_reveals.add("c2")
    rnd = random.Random(6)
    play_out(net, rnd, until=lambda net: net.host.play.page().stage == "reveal")
    host = net.host
    assert host.play.waiting_for() == [2]
    assert not host.clock(5.0) and host.clock(5.0 + CLOCK_S)  # Bob is here but silent
    net.broadcast()
    net.flush()
    for g in net.pages():
        verdict = g.play.verdicts[-1]
        assert (verdict.offender, verdict.reason) == (2, "no_reveal")
        assert tuple(g.play.match.deal_scores[-1]) == verdict.score
        assert g.audit() == "violation" and g.play.page() is not None  # the next deal


def test_the_host_reloads_mid_deal_and_the_table_goes_on():
    net = Net()
    net.flush()
    rnd = random.Random(8)
    play_out(net, rnd, until=lambda net: net.host.action_count >= 4)
    hand = net.host.view.hand
    kept_table, kept = net.t.to_json(), json.dumps(net.host.saved())
    for conn in net.guests:
        net.t.disconnect(conn)
    # the host's page reloads: a new table and game from its own storage only
    net.t = HostTable.from_json(kept_table)
    net.host = SealedHostGame.resume_sealed(Settings(), net.t, kept)
    assert net.host.view.hand == 0  # taken again in the page's slices first
    net.flush()
    assert net.host.view.hand == hand and net.host.action_count >= 4
    for i, conn in enumerate(net.guests):
        net.wire += net.t.receive(conn, P.hello(TABLE, f"G{i + 1}", TOKENS[i]), net.host.play).replies
    net.broadcast()
    net.flush()
    play_out(net, rnd)
    assert {g.audit() for g in net.pages()} == {"ok"}
    assert len({tuple(map(tuple, g.play.match.deal_scores)) for g in net.pages()}) == 1
