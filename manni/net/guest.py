"""A guest's side of a table: what the host said last, and the acts to send.

The guest never runs the match: it keeps the host's latest ``state`` (its own SeatView)
and shows it turned so that its own seat is seat 0 (:func:`rotate_view`). Each act carries
the next sequence number after the last one the host applied, so an act sent twice (a
double tap, a resend after a reconnect) is applied once.

A spectator (told so by ``watching``) has no seat: it takes only states with no hand in
them (:func:`~manni.net.room.is_public`), seen from the host's seat.
"""

from __future__ import annotations

from dataclasses import replace

from ..rules.declared import Declared
from ..view import SeatView
from . import chat as C
from . import protocol as P
from . import room as R
from . import sealed_net as S


def _turn(seq, k: int) -> tuple:
    """Per-seat values, turned so that absolute seat k comes first."""
    n = len(seq)
    return tuple(seq[(i + k) % n] for i in range(n))


def _turn_sides(seq, k: int, side_of: tuple[int, ...]) -> tuple:
    """Per-side values, turned with the seats (the side of seat k comes first)."""
    n = len(side_of)
    out = list(seq)
    for j in range(n):
        out[side_of[j]] = seq[side_of[(j + k) % n]]
    return tuple(out)


def rotate_view(v: SeatView) -> SeatView:
    """The view as seen from seat 0: absolute seat s becomes (s - v.seat) % seats."""
    k, n = v.seat, v.seats
    side_of = v.ruleset.side_of

    def r(s):
        return None if s is None else (s - k) % n

    def sides(seq):
        return _turn_sides(seq, k, side_of)

    contract = v.contract
    if isinstance(contract, Declared) and contract.declarer is not None:
        contract = replace(contract, declarer=r(contract.declarer))
    manches = v.manches
    if manches is not None:
        new_side = sides(range(len(v.sides)))  # new side i was side new_side[i]
        manches = replace(manches, done=tuple((new_side.index(w), sides(sc))
                                              for w, sc in manches.done),
                          score=sides(manches.score), won=sides(manches.won))
    return replace(
        v, seat=0, contract=contract, dealer=r(v.dealer), turn=r(v.turn), exchanged=_turn(v.exchanged, k),
        lists=None if v.lists is None else _turn(v.lists, k), leader=r(v.leader), history=tuple((r(l), cards, r(w)) for l, cards, w in v.history),
        tricks=_turn(v.tricks, k), hand_sizes=_turn(v.hand_sizes, k),
        deal_scores=tuple(sides(s) for s in v.deal_scores), plus=sides(v.plus),
        minus=sides(v.minus), winners=tuple(sorted(r(w) for w in v.winners)),
        bonus=None if v.bonus is None else sides(v.bonus), manches=manches,
        answers=tuple(replace(a, asker=r(a.asker), partner=r(a.partner)) for a in v.answers))


class GuestTable:
    def __init__(self, table: str, token: str, name: str = "") -> None:
        self.table, self.token, self.name = table, token, name
        self.joined = False  # the player has sat down (a name is set): hello on every connect
        self.seat: int | None = None
        self.last_seq = 0
        self.lobby: P.Lobby | None = None
        self.state: P.State | None = None
        self.refusal: P.Refused | None = None
        self.closed = False
        self.watching = False            # a spectator: no seat, no hand
        self.room: R.Room | None = None
        self.lines: list[C.ChatLine] = []  # the chat so far (the last KEEP_LINES)
        self.sealed: S.SealedTable | None = None  # a sealed table, once started

    def hello(self) -> str:
        return P.hello(self.table, self.name, self.token)

    def act(self, action) -> str:
        return P.act(self.last_seq + 1, action)

    def chat(self, text: str = "", phrase: str = "") -> str:
        """Raises ProtocolError for an empty or too long text (nothing is sent)."""
        return C.chat(text, phrase)

    def again(self, accept: bool) -> str:
        return R.again(accept)

    def sit(self, seat: int) -> str:
        return R.sit(seat)

    def receive(self, text) -> object:
        """Take in a host message; returns it (None for a chat line seen already). Raises
        ProtocolError (nothing changes)."""
        msg = P.parse_host(text)
        if isinstance(msg, P.Welcome):
            if self.seat != msg.seat:
                self.state = None  # a spectator sat down: its seat's states from now on
            self.seat, self.last_seq, self.watching = msg.seat, msg.last_seq, False
        elif isinstance(msg, R.Watching):
            self.seat, self.state, self.watching = None, None, True
        elif isinstance(msg, P.Lobby):
            self.lobby = msg
        elif isinstance(msg, S.SealedTable):
            if self.seat is None:
                raise P.ProtocolError("a sealed table's news for a page with no seat")
            self.sealed = msg
        elif isinstance(msg, P.State):
            if self.watching:
                if not R.is_public(msg.view):
                    raise P.ProtocolError("a spectator's state with cards of a hand")
            elif self.seat is None or msg.view.seat != self.seat:
                raise P.ProtocolError("a state for another seat")
            if self.state is None or msg.n >= self.state.n:
                self.state, self.last_seq = msg, msg.last_seq
        elif isinstance(msg, R.Room):
            if self.room is not None and msg.game != self.room.game:
                self.state = None  # the next match: its states start again from n = 0
            self.room = msg
        elif isinstance(msg, C.ChatLine):
            if self.lines and msg.id <= self.lines[-1].id:
                return None  # seen already (sent again after a reconnect)
            self.lines = (self.lines + [msg])[-C.KEEP_LINES:]
        elif isinstance(msg, P.Refused):
            self.refusal = msg
        elif isinstance(msg, P.Closed):
            self.closed = True
        return msg

    def seats(self) -> tuple[P.SeatInfo, ...]:
        src = self.state or self.sealed or self.lobby
        return src.seats if src else ()

    def names_from_here(self) -> list[P.SeatInfo]:
        """Seat infos turned so that this guest's seat comes first."""
        seats = self.seats()
        if not seats or self.seat is None:
            return list(seats)
        return list(_turn(seats, self.seat))

    def view(self) -> SeatView | None:
        return rotate_view(self.state.view) if self.state else None

    def last_trick(self) -> tuple | None:
        """The state's previous deal's last trick, turned as the view is."""
        s = self.state
        if s is None or s.last_trick is None:
            return None
        k, n = s.view.seat, s.view.seats
        leader, cards, winner = s.last_trick
        return ((leader - k) % n, cards, (winner - k) % n)

    def from_here(self, seat: int) -> int:
        """An absolute seat as this page numbers it (own seat = 0; a spectator's: the host's)."""
        return (seat - (self.seat or 0)) % len(self.seats() or range(3))
