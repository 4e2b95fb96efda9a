"""The host's authority over a table: who sits where, and which guest actions are taken.

Each connection is bound to one seat by the guest's secret token (sent in ``hello``); an
``act`` is checked against *that* seat with the engine, and against the seat's sequence
number (each act carries the next one: a repeat is refused, never applied twice). Every
guest gets only its own :class:`~manni.view.SeatView` (``protocol.state``). Anything
refused is answered with ``refused`` and logged in :attr:`HostTable.log`. A connection
that sends faster than any table needs has the excess dropped unread (counted in the log),
so a flood costs the host almost nothing.

Around the match (``chat``, ``room``): the chat and its flood gate, spectators (someone who
says hello when every seat is taken watches, up to :attr:`HostTable.watch_limit`), bots'
seats offered to them, and "play again".
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from ..errors import IllegalAction
from ..inputs import parse_json
from . import chat as C
from . import protocol as P
from . import room as R
from . import sealed_net as S
from . import wire as W
from .links import is_id

HOST = 0
INBOX_BURST = 30      # messages read at once from one connection...
INBOX_REFILL_S = 0.2  # ...then one every this many seconds; the rest are dropped unread
RECENT_LINES = 20     # chat lines sent to a page that (re)connects
AWAY_AGAIN_S = 60.0   # a guest away this long no longer holds up "Play again": a bot stands in


@dataclass
class Seat:
    """One seat of the table as the host keeps it."""

    kind: str = "empty"       # "host", "guest", "bot" or "empty"
    name: str = ""
    token: str = ""           # a guest's secret (from its hello)
    last_seq: int = 0         # the last of this guest's acts applied
    stand_in: bool = False    # a bot plays this guest's seat while the guest is away
    conn: str | None = field(default=None, compare=False)  # connection now (never saved)
    joining: bool = field(default=False, compare=False)   # conn said "arriving", not hello
    away_since: float | None = field(default=None, compare=False)  # clock() when its page left

    @property
    def present(self) -> bool:
        return self.kind in ("host", "bot") or (self.conn is not None and not self.joining)

    def info(self) -> P.SeatInfo:
        return P.SeatInfo(self.name, self.kind, self.present, self.joining)


@dataclass
class Watcher:
    """A spectator's page: its token, name and connection."""

    token: str
    name: str
    conn: str | None = None


@dataclass
class Outcome:
    """What the host does after a guest's message."""

    replies: list = field(default_factory=list)  # (conn, text) to send
    apply: tuple | None = None                   # (seat, action) the host must apply now
    changed: bool = False                        # seats changed: redraw, save, tell everyone
    said: C.ChatLine | None = None               # a chat line to show (already relayed)
    rematch: bool = False                        # everyone agreed: the next match begins
    sealed: tuple | None = None                  # (seat, message): a sealed message to take


def previous_trick(match) -> tuple | None:
    """The last trick of the deal before, while the deal it began (at once: ``deal_at_once``)
    has no card played: what a guest's table shows until then (public)."""
    deals = match.deals
    if not match.rules.deal_at_once or len(deals) < 2 or deals[-1].history or deals[-1].trick \
            or not deals[-2].history:
        return None
    return deals[-2].history[-1]


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
        self.clock = time.monotonic
        self.game = 1                         # matches at this table so far
        self.chat_on = True
        self.watch_chat = False  # spectators may write in the chat too
        self.gate = C.ChatGate()
        self.lines: list[C.ChatLine] = []     # the last chat lines
        self.next_line = 1
        self.watchers: list[Watcher] = []
        self.watch_limit = R.WATCH_LIMIT
        self.offered: set[int] = set()        # bots' seats a spectator may take
        self.again: set[int] | None = None    # "play again" proposed: the seats that accepted
        self.bot_names: dict[int, str] = {}
        self.led: dict[int, tuple] = {}       # seat -> (deal, trick) it let its partner lead
        self._inbox: dict[str, C.Bucket] = {}
        self.sealed = False  # a sealed table: the pages deal (docs/sealed-deal.md)
        self.relayed: dict[int, list[str]] = {}  # sealed: the last deals' messages, by deal
        self.resend_to: set[str] = set()  # sealed: pages back that missed some of them
        self.held: set[int] = set()  # sealed: guests' seats the host's page took over

    # -- reading ---------------------------------------------------------------------------
    def seat_of(self, conn: str) -> int | None:
        """The seat this connection said hello for."""
        return next((i for i, s in enumerate(self.seats)
                     if s.conn == conn and s.kind == "guest" and not s.joining), None)

    def seat_of_token(self, token: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.kind == "guest" and s.token == token),
                    None)

    def infos(self) -> list[P.SeatInfo]:
        return [s.info() for s in self.seats]

    def watcher_of(self, conn: str) -> Watcher | None:
        return next((w for w in self.watchers if w.conn == conn), None)

    def room(self) -> R.Room:
        return R.Room(self.game, self.chat_on, self.muted_seats(),
                      sum(w.conn is not None for w in self.watchers), self.watch_limit,
                      tuple(sorted(self.offered)),
                      None if self.again is None else tuple(sorted(self.again)), self.watch_chat)

    def muted_seats(self) -> tuple[int, ...]:
        """The seats muted (the gate also keeps spectators' tokens it muted for flooding)."""
        return tuple(sorted(m for m in self.gate.muted if isinstance(m, int)))

    def bot_plays(self, seat: int) -> bool:
        """Does the host's page move for this seat (a bot, or a stand-in for a missing guest)?"""
        s = self.seats[seat]
        return self.started and (s.kind == "bot" or seat in self.held
                                 or (s.kind == "guest" and s.stand_in and not s.present))

    def missing(self) -> list[int]:
        """Guests' seats whose pages are not at the table (away, or still on their way)."""
        return [i for i, s in enumerate(self.seats) if s.kind == "guest" and not s.present]

    # -- what each guest is sent ---------------------------------------------------------------
    def message_for(self, seat: int | None, match) -> str:
        """The lobby or the state for a seat (None: a spectator)."""
        if not self.started:
            return P.lobby(self.infos(), match.rules.name, match.options)
        if self.sealed:  # ``match``: the host's SealedPlay
            return S.sealed_table(P._seats_json(self.infos()), match.rules.name, match.options,
                                  match.first_dealer, match.table, match.opened, match.redeals,
                                  match.forfeits, match.local)
        last = previous_trick(match)
        if seat is None:
            return P.state(len(match.actions), self.infos(), R.public_view(match),
                           [d.contract for d in match.deals], 0, last)
        return P.state(len(match.actions), self.infos(), match.view(seat),
                       [d.contract for d in match.deals], self.seats[seat].last_seq, last)

    def listeners(self) -> list[str]:
        """Every open connection: seated guests and spectators."""
        return [s.conn for s in self.seats
                if s.kind == "guest" and s.present and s.conn is not None] + \
            [w.conn for w in self.watchers if w.conn is not None]

    def broadcast(self, match) -> list[tuple[str, str]]:
        """The room, then each guest's own state and the spectators' public one."""
        room = R.room(self.room())
        out = []
        for i, s in enumerate(self.seats):
            if s.kind == "guest" and s.present and s.conn is not None:
                out += [(s.conn, room), (s.conn, self.message_for(i, match))]
                if s.conn in self.resend_to:
                    self.resend_to.discard(s.conn)
                    out += [(s.conn, text) for deal in sorted(self.relayed)
                            for text in self.relayed[deal]]
        if self.sealed and self.started:  # no public view: spectators get the room only
            return out + [(w.conn, room) for w in self.watchers if w.conn is not None]
        if self.watchers:
            public = self.message_for(None, match)
            out += [(w.conn, text) for w in self.watchers if w.conn is not None
                    for text in (room, public)]
        return out

    # -- events ----------------------------------------------------------------------------
    def refuse(self, conn: str, seq, key: str, why: str, params=None) -> Outcome:
        self.log.append(f"refused from {conn} (seat {self.seat_of(conn)}): {key}: {why}")
        return Outcome([(conn, P.refused(seq, key, params))])

    def receive(self, conn: str, text, match) -> Outcome:
        inbox = self._inbox.setdefault(conn, C.Bucket(INBOX_BURST, INBOX_REFILL_S, INBOX_BURST))
        dropped = inbox.dropped
        if not inbox.take(self.clock()):
            if inbox.dropped == 1 or inbox.dropped % 1000 == 0:
                self.log.append(f"flood from {conn}: dropping its messages unread")
            return Outcome()
        if dropped:
            self.log.append(f"flood from {conn} over: {dropped} messages dropped unread")
        try:
            msg = P.parse_guest(text)
        except P.ProtocolError as e:
            return self.refuse(conn, None, e.key, str(e))
        if isinstance(msg, P.Hello):
            return self._hello(conn, msg, match)
        if isinstance(msg, P.Arriving):
            return self._arriving(conn, msg)
        if isinstance(msg, C.Chat):
            return self._chat(conn, msg)
        if isinstance(msg, R.Again):
            return self._again(conn, msg)
        if isinstance(msg, R.Sit):
            return self._sit(conn, msg)
        if isinstance(msg, P.Lead):
            return self._lead(conn, msg)
        if isinstance(msg, S.Sealed):
            return self._sealed(conn, msg)
        return self._act(conn, msg, match)

    def _hello(self, conn: str, msg: P.Hello, match) -> Outcome:
        if msg.table != self.table:
            return self.refuse(conn, None, "table", "another table's id")
        seat = self.seat_of_token(msg.token)
        if seat is None:
            if self.seat_of(conn) is not None:
                return self.refuse(conn, None, "full", "no free seat")
            seat = None if self.started else next(
                (i for i, s in enumerate(self.seats) if s.kind == "empty"), None)
            if seat is None:
                return self._watch(conn, msg)
            self.seats[seat] = Seat("guest", msg.name, msg.token)
        s = self.seats[seat]
        s.conn, s.name, s.stand_in, s.joining = conn, msg.name, False, False
        s.away_since = None
        if self.sealed and self.started:
            self.resend_to.add(conn)
        return Outcome([(conn, P.welcome(seat, s.last_seq)), *self._recent(conn)], changed=True)

    def _arriving(self, conn: str, msg: P.Arriving) -> Outcome:
        """An invite page on its way: its token's seat (or, before the start, a free one)
        is kept for it, shown as joining, until its hello; nothing is answered."""
        if msg.table != self.table:
            return self.refuse(conn, None, "table", "another table's id")
        seat = self.seat_of_token(msg.token)
        if seat is None:
            seat = None if self.started else next(
                (i for i, s in enumerate(self.seats) if s.kind == "empty"), None)
            if seat is None:
                return Outcome()  # no seat to keep: its hello will find it a place to watch
            self.seats[seat] = Seat("guest", msg.name, msg.token)
        s = self.seats[seat]
        if s.present:
            return Outcome()  # that seat's page is at the table already
        s.conn, s.joining = conn, True
        return Outcome(changed=True)

    def _recent(self, conn: str) -> list[tuple[str, str]]:
        """The chat so far, for a page that has just come (it skips lines it has seen)."""
        return [(conn, C.chat_line(line)) for line in self.lines[-RECENT_LINES:]]

    def _act(self, conn: str, msg: P.Act, match) -> Outcome:
        seat = self.seat_of(conn)
        if seat is None:
            return self.refuse(conn, msg.seq, "not_seated", "act before hello")
        s = self.seats[seat]
        if not self.started:
            return self.refuse(conn, msg.seq, "not_started", "the match has not started")
        if self.sealed:
            return self.refuse(conn, msg.seq, "sealed", "a sealed table takes sealed messages")
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

    def _sealed(self, conn: str, msg: S.Sealed) -> Outcome:
        """A guest's sealed message, for the host's page to take (and then relay): only
        in its own seat's name."""
        seat = self.seat_of(conn)
        if seat is None or not self.started:
            return self.refuse(conn, None, "not_seated", "only a seated guest, in the match")
        if not self.sealed:
            return self.refuse(conn, None, "not_sealed", "this table is not sealed")
        if msg.msg.get("seat") != seat:
            return self.refuse(conn, None, "seat", "a sealed message in another seat's name")
        return Outcome(sealed=(seat, msg.msg))

    def relay(self, msg: dict) -> list[tuple[str, str]]:
        """A sealed message the host's page has taken, to every seated guest (the sender
        too), kept for pages that come back (the last two deals')."""
        text = W.dump(msg)
        deal = msg["deal"]
        self.relayed.setdefault(deal, []).append(text)
        for old in [d for d in self.relayed if d < deal - 1]:
            del self.relayed[old]
        return [(s.conn, text) for s in self.seats
                if s.kind == "guest" and s.present and s.conn is not None]

    def _lead(self, conn: str, msg: P.Lead) -> Outcome:
        seat = self.seat_of(conn)
        if seat is None or not self.started:
            return self.refuse(conn, None, "not_seated", "only a seated guest, in the match")
        self.led[seat] = (msg.deal, msg.trick)
        return Outcome(changed=True)

    def asks_first(self, seat: int, lead: tuple) -> bool:
        """Does the table wait for this seat's questions before its partner leads ``lead``
        ((deal, trick))? For a guest that has not let it lead (``led``), also while the guest's
        page is away (its own turn would stop the table anyway), unless a bot stands in for it."""
        return (self.seats[seat].kind == "guest" and not self.bot_plays(seat)
                and self.led.get(seat) != lead)

    def disconnect(self, conn: str) -> bool:
        self._inbox.pop(conn, None)
        w = self.watcher_of(conn)
        if w is not None:
            w.conn = None
            return True
        seat = next((i for i, s in enumerate(self.seats) if s.kind == "guest" and s.conn == conn),
                    None)
        if seat is None:
            return False
        s = self.seats[seat]
        s.conn, s.away_since = None, self.clock()
        if s.joining and not self.started:
            self.seats[seat] = Seat()  # the arriving page closed before its hello: the seat is free
        return True

    def start(self, bot_name) -> None:
        """Bots (named ``bot_name(seat)``) sit in the empty seats; the match begins."""
        for i, s in enumerate(self.seats):
            self.bot_names[i] = P.clean_name(bot_name(i))
            if s.kind == "empty":
                self.seats[i] = Seat("bot", self.bot_names[i])
        self.started = True

    def swap(self, a: int, b: int) -> list[tuple[str, str]] | None:
        """Before the start, whoever sits in two seats (a guest, or nobody) changes places;
        the host keeps seat 0. The welcomes that tell the connected ones their new seats,
        or None if the swap is not allowed."""
        if self.started or a == b or not all(0 < x < len(self.seats) for x in (a, b)):
            return None
        self.seats[a], self.seats[b] = self.seats[b], self.seats[a]
        moved = [(i, self.seats[i]) for i in (a, b) if self.seats[i].kind == "guest"]
        return [(s.conn, P.welcome(i, s.last_seq)) for i, s in moved if s.conn is not None]

    # -- spectators ------------------------------------------------------------------------
    def _watch(self, conn: str, msg: P.Hello) -> Outcome:
        w = next((w for w in self.watchers if w.token == msg.token), None)
        if w is None:
            self.watchers = [w for w in self.watchers if w.conn is not None]  # gone for good
            if len(self.watchers) >= self.watch_limit:
                return self.refuse(conn, None, "full", "no free seat, no room to watch")
            w = Watcher(msg.token, msg.name)
            self.watchers.append(w)
        w.conn, w.name = conn, msg.name
        return Outcome([(conn, R.watching(self.watch_limit)), *self._recent(conn)], changed=True)

    def set_watch_limit(self, limit: int) -> bool:
        limit = max(0, min(R.MAX_WATCHERS, limit))
        if limit == self.watch_limit:
            return False
        self.watch_limit = limit
        return True

    def offer(self, seat: int, on: bool) -> bool:
        """Let a spectator take this bot's seat (or take the offer back)."""
        if self.seats[seat].kind != "bot" or (seat in self.offered) == on:
            return False
        (self.offered.add if on else self.offered.discard)(seat)
        return True

    def _sit(self, conn: str, msg: R.Sit) -> Outcome:
        w = self.watcher_of(conn)
        if w is None:
            return self.refuse(conn, None, "not_watching", "only a spectator takes a seat")
        if msg.seat not in self.offered or self.seats[msg.seat].kind != "bot":
            return self.refuse(conn, None, "not_offered", f"seat {msg.seat} is not offered")
        self.watchers.remove(w)
        self.offered.discard(msg.seat)
        self.seats[msg.seat] = Seat("guest", w.name, w.token, conn=conn)
        return Outcome([(conn, P.welcome(msg.seat, 0))], changed=True)

    # -- chat ------------------------------------------------------------------------------
    def _chat(self, conn: str, msg: C.Chat) -> Outcome:
        seat = self.seat_of(conn)
        w = self.watcher_of(conn) if seat is None and self.watch_chat else None
        if seat is None and w is None:
            return self.refuse(conn, None, "not_seated", "chat before hello (or from a spectator)")
        if not self.chat_on:
            return self.refuse(conn, None, "chat_off", "chat is off at this table")
        key: int | str = f"w:{w.token}" if w is not None else seat if seat is not None else 0
        verdict = self.gate.admit(key, self.clock())  # a spectator: the same gate, by its token
        if verdict == "slow":
            return self.refuse(conn, None, "chat_slow", "too many chat messages")
        if verdict == "muted":
            self.log.append(f"{'seat ' + str(seat) if w is None else 'a spectator'} muted for flooding the chat")
            return Outcome([(conn, P.refused(None, "chat_muted"))], changed=True)
        if verdict != "ok":
            return Outcome()  # dropped: no reply, no redraw
        if w is not None:
            return self._relay(None, w.name, msg)
        return self.say(key, msg) if isinstance(key, int) else Outcome()

    def say(self, seat: int, msg: C.Chat) -> Outcome:
        """Relay a chat line from this seat to everyone (the host's own: seat 0)."""
        if not self.chat_on or seat in self.gate.muted:
            return Outcome()
        return self._relay(seat, self.seats[seat].name, msg)

    def _relay(self, seat: int | None, name: str, msg: C.Chat) -> Outcome:
        line = C.ChatLine(self.next_line, seat, name, msg.text, msg.phrase)
        self.next_line += 1
        self.lines = (self.lines + [line])[-C.KEEP_LINES:]
        text = C.chat_line(line)
        return Outcome([(c, text) for c in self.listeners()], said=line)

    def set_muted(self, seat: int, on: bool) -> bool:
        return seat != HOST and self.gate.set_muted(seat, on)

    def watcher_muted(self, token: str) -> bool:
        return f"w:{token}" in self.gate.muted

    def mute_watcher(self, token: str, on: bool) -> Outcome:
        """The host mutes one spectator (or lets it write again), by its token; its page is
        told once, as a spectator muted for flooding is."""
        w = next((w for w in self.watchers if w.token == token), None)
        if w is None or not self.gate.set_muted(f"w:{token}", on):
            return Outcome()
        told = [(w.conn, P.refused(None, "muted"))] if on and w.conn is not None else []
        return Outcome(told, changed=True)

    def set_watch_chat(self, on: bool) -> bool:
        """May spectators write in the chat (off by default)?"""
        if self.watch_chat == on:
            return False
        self.watch_chat = on
        return True

    def set_chat(self, on: bool) -> bool:
        if self.chat_on == on:
            return False
        self.chat_on = on
        return True

    # -- play again ------------------------------------------------------------------------
    def propose_again(self, match) -> Outcome:
        """The host proposes a rematch once the match is over."""
        if not (self.started and match.finished) or self.again is not None:
            return Outcome()
        self.again = {HOST}
        return Outcome(changed=True, rematch=self._all_agreed())

    def _all_agreed(self) -> bool:
        long_away = self.long_away()
        return self.again is not None and all(
            i in self.again or i in long_away for i, s in enumerate(self.seats) if s.kind == "guest")

    def long_away(self) -> set[int]:
        """Guests' seats whose pages left ``AWAY_AGAIN_S`` ago or more (and have not come back)."""
        now = self.clock()
        return {i for i, s in enumerate(self.seats) if s.kind == "guest" and not s.present
                and s.away_since is not None and now - s.away_since >= AWAY_AGAIN_S}

    def check_again(self) -> Outcome:
        """While "Play again" waits: has every guest agreed or been away long enough now?"""
        if self.again is None or not self._all_agreed():
            return Outcome()
        return Outcome(changed=True, rematch=True)

    def _again(self, conn: str, msg: R.Again) -> Outcome:
        seat = self.seat_of(conn)
        if seat is None:
            return self.refuse(conn, None, "not_seated", "only a seated guest answers")
        if self.again is None:
            return self.refuse(conn, None, "no_again", "no rematch proposed")
        out = Outcome(changed=True)
        if msg.accept:
            self.again.add(seat)
        else:  # the guest leaves: a bot takes the seat
            self.seats[seat] = Seat("bot", self.bot_names.get(seat) or P.clean_name(f"Bot {seat}"))
            out.replies.append((conn, P.closed("left")))
        out.rematch = self._all_agreed()
        return out

    def next_game(self) -> None:
        """The rematch begins (the host's page has made the new match); a bot stands in for a
        guest long away that did not agree (its page takes the seat back with its hello)."""
        for i in self.long_away() - (self.again or set()):
            self.seats[i].stand_in = True
        self.again = None
        self.led = {}
        self.relayed = {}
        self.game += 1

    def set_stand_in(self, seat: int, on: bool) -> bool:
        s = self.seats[seat]
        if s.kind != "guest" or s.stand_in == on:
            return False
        s.stand_in = on
        return True

    # -- saving ----------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"table": self.table, "level": self.level, "started": self.started,
                           **({"sealed": True} if self.sealed else {}),
                           "seats": [{"kind": s.kind, "name": s.name, "token": s.token,
                                      "last_seq": s.last_seq, "stand_in": s.stand_in}
                                     for s in self.seats],
                           "room": {"game": self.game, "chat": self.chat_on,
                                    "muted": list(self.muted_seats()), "next_line": self.next_line,
                                    "muted_watchers": sorted(m[2:] for m in self.gate.muted
                                                             if isinstance(m, str)),
                                    "watch_chat": self.watch_chat,
                                    "watch_limit": self.watch_limit,
                                    "led": {str(k): list(v) for k, v in self.led.items()},
                                    "bots": {str(k): v for k, v in self.bot_names.items()}}})

    @classmethod
    def from_json(cls, text: str) -> "HostTable":
        """Raises ProtocolError, InputError (or KeyError/TypeError) for a damaged entry."""
        data = parse_json(text, max_bytes=8192)
        t = cls(data["table"], data["seats"][0]["name"], str(data["level"]))
        t.started = bool(data["started"])
        t.sealed = data.get("sealed") is True
        seats = []
        for s in data["seats"]:
            if s["kind"] not in W.SEAT_KINDS or not isinstance(s["last_seq"], int):
                raise P.ProtocolError("bad saved seat")
            seats.append(Seat(s["kind"], str(s["name"]), str(s["token"]), s["last_seq"], bool(s["stand_in"])))
        if len(seats) not in W.SEAT_COUNTS or seats[0].kind != "host":
            raise P.ProtocolError("bad saved seats")
        t.seats = seats
        room = data.get("room", {})
        t.game = W.get_int(room, "game", 1, 1_000_000) if "game" in room else 1
        t.chat_on = bool(room.get("chat", True))
        t.watch_chat = room.get("watch_chat") is True
        t.gate.muted = {s for s in room.get("muted", []) if type(s) is int and 0 < s < len(seats)}
        t.gate.muted |= {f"w:{k}" for k in room.get("muted_watchers", []) if is_id(k)}
        t.next_line = W.get_int(room, "next_line", 1, 10**9) if "next_line" in room else 1
        t.watch_limit = W.get_int(room, "watch_limit", 0, R.MAX_WATCHERS) if "watch_limit" in room \
            else R.WATCH_LIMIT
        t.bot_names = {int(k): P.clean_name(v) for k, v in room.get("bots", {}).items()
                       if k.isdigit() and int(k) < len(seats)}
        t.led = {int(k): tuple(v) for k, v in room.get("led", {}).items()
                 if k.isdigit() and isinstance(v, list) and len(v) == 2}
        return t
