"""The host's authority over a table: who sits where, and which guest actions are taken.

Each connection is bound to one seat by the guest's secret token (sent in ``hello``); an
``act`` is checked against *that* seat with the engine, and against the seat's sequence
number (each act carries the next one: a repeat is refused, never applied twice). Every
guest gets only its own :class:`~manni.view.SeatView` (``protocol.state``). Anything
refused is answered with ``refused`` and logged in :attr:`HostTable.log`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..errors import IllegalAction
from ..inputs import parse_json
from . import protocol as P
from .links import is_id

HOST = 0


@dataclass
class Seat:
    kind: str = "empty"       # "host", "guest", "bot" or "empty"
    name: str = ""
    token: str = ""           # a guest's secret (from its hello)
    last_seq: int = 0         # the last of this guest's acts applied
    stand_in: bool = False    # a bot plays this guest's seat while the guest is away
    conn: str | None = field(default=None, compare=False)  # connection now (never saved)

    @property
    def present(self) -> bool:
        return self.kind in ("host", "bot") or self.conn is not None

    def info(self) -> P.SeatInfo:
        return P.SeatInfo(self.name, self.kind, self.present)


@dataclass
class Outcome:
    replies: list = field(default_factory=list)  # (conn, text) to send
    apply: tuple | None = None                   # (seat, action) the host must apply now
    changed: bool = False                        # seats changed: redraw, save, tell everyone


class HostTable:
    def __init__(self, table: str, host_name: str, level: str = "medium", seats: int = 3) -> None:
        if not is_id(table):
            raise P.ProtocolError("a table id is 32 hex digits")
        self.table = table
        self.level = level
        self.started = False
        # As many seats as the rule set has (RuleSet.seats); the host sits in seat 0.
        self.seats = [Seat("host", P.clean_name(host_name))] + [Seat() for _ in range(seats - 1)]
        self.log: list[str] = []

    # -- reading ---------------------------------------------------------------------------
    def seat_of(self, conn: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.conn == conn and s.kind == "guest"), None)

    def infos(self) -> list[P.SeatInfo]:
        return [s.info() for s in self.seats]

    def bot_plays(self, seat: int) -> bool:
        """Does the host's page move for this seat (a bot, or a stand-in for a missing guest)?"""
        s = self.seats[seat]
        return self.started and (s.kind == "bot" or (s.kind == "guest" and s.stand_in and s.conn is None))

    def missing(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "guest" and s.conn is None]

    # -- what each guest is sent ---------------------------------------------------------------
    def message_for(self, seat: int, match) -> str:
        if not self.started:
            return P.lobby(self.infos(), match.rules.name, match.options)
        return P.state(len(match.actions), self.infos(), match.view(seat),
                       [d.contract for d in match.deals], self.seats[seat].last_seq)

    def broadcast(self, match) -> list[tuple[str, str]]:
        return [(s.conn, self.message_for(i, match)) for i, s in enumerate(self.seats)
                if s.kind == "guest" and s.conn is not None]

    # -- events ----------------------------------------------------------------------------
    def refuse(self, conn: str, seq, key: str, why: str, params=None) -> Outcome:
        self.log.append(f"refused from {conn} (seat {self.seat_of(conn)}): {key}: {why}")
        return Outcome([(conn, P.refused(seq, key, params))])

    def receive(self, conn: str, text, match) -> Outcome:
        try:
            msg = P.parse_guest(text)
        except P.ProtocolError as e:
            return self.refuse(conn, None, e.key, str(e))
        if isinstance(msg, P.Hello):
            return self._hello(conn, msg, match)
        return self._act(conn, msg, match)

    def _hello(self, conn: str, msg: P.Hello, match) -> Outcome:
        if msg.table != self.table:
            return self.refuse(conn, None, "table", "another table's id")
        seat = next((i for i, s in enumerate(self.seats) if s.kind == "guest" and s.token == msg.token), None)
        if seat is None:
            if self.started or self.seat_of(conn) is not None:
                return self.refuse(conn, None, "full", "no free seat")
            seat = next((i for i, s in enumerate(self.seats) if s.kind == "empty"), None)
            if seat is None:
                return self.refuse(conn, None, "full", "no free seat")
            self.seats[seat] = Seat("guest", msg.name, msg.token)
        s = self.seats[seat]
        s.conn, s.name, s.stand_in = conn, msg.name, False
        out = Outcome(changed=True)
        out.replies.append((conn, P.welcome(seat, s.last_seq)))
        return out

    def _act(self, conn: str, msg: P.Act, match) -> Outcome:
        seat = self.seat_of(conn)
        if seat is None:
            return self.refuse(conn, msg.seq, "not_seated", "act before hello")
        s = self.seats[seat]
        if not self.started:
            return self.refuse(conn, msg.seq, "not_started", "the match has not started")
        if msg.seq <= s.last_seq:
            return self.refuse(conn, msg.seq, "duplicate", f"seq {msg.seq} already applied")
        if msg.seq != s.last_seq + 1:
            return self.refuse(conn, msg.seq, "seq", f"expected seq {s.last_seq + 1}, got {msg.seq}")
        try:
            match.check(msg.action, seat)
        except IllegalAction as e:
            return self.refuse(conn, msg.seq, e.key, str(e), e.params)
        s.last_seq = msg.seq
        return Outcome(apply=(seat, msg.action))

    def disconnect(self, conn: str) -> bool:
        seat = self.seat_of(conn)
        if seat is None:
            return False
        self.seats[seat].conn = None
        return True

    def start(self, bot_name) -> None:
        """Bots (named ``bot_name(seat)``) sit in the empty seats; the match begins."""
        for i, s in enumerate(self.seats):
            if s.kind == "empty":
                self.seats[i] = Seat("bot", P.clean_name(bot_name(i)))
        self.started = True

    def swap(self, a: int, b: int) -> list[tuple[str, str]] | None:
        """Before the start, whoever sits in two seats (a guest, or nobody) changes places;
        the host keeps seat 0. The welcomes that tell the connected ones their new seats,
        or None if the swap is not allowed."""
        if self.started or a == b or not all(0 < x < len(self.seats) for x in (a, b)):
            return None
        self.seats[a], self.seats[b] = self.seats[b], self.seats[a]
        return [(self.seats[i].conn, P.welcome(i, self.seats[i].last_seq)) for i in (a, b)
                if self.seats[i].kind == "guest" and self.seats[i].conn is not None]

    def set_stand_in(self, seat: int, on: bool) -> bool:
        s = self.seats[seat]
        if s.kind != "guest" or s.stand_in == on:
            return False
        s.stand_in = on
        return True

    # -- saving ----------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"table": self.table, "level": self.level, "started": self.started,
                           "seats": [{"kind": s.kind, "name": s.name, "token": s.token,
                                      "last_seq": s.last_seq, "stand_in": s.stand_in}
                                     for s in self.seats]})

    @classmethod
    def from_json(cls, text: str) -> "HostTable":
        """Raises ProtocolError, InputError (or KeyError/TypeError) for a damaged entry."""
        data = parse_json(text, max_bytes=8192)
        t = cls(data["table"], data["seats"][0]["name"], str(data["level"]))
        t.started = bool(data["started"])
        seats = []
        for s in data["seats"]:
            if s["kind"] not in P.SEAT_KINDS or not isinstance(s["last_seq"], int):
                raise P.ProtocolError("bad saved seat")
            seats.append(Seat(s["kind"], str(s["name"]), str(s["token"]), s["last_seq"], bool(s["stand_in"])))
        if len(seats) not in P.SEAT_COUNTS or seats[0].kind != "host":
            raise P.ProtocolError("bad saved seats")
        t.seats = seats
        return t
