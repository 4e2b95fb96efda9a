"""Around the match at a table with friends: the room (chat on or off, who is muted, the
spectators, the seats offered to them, a proposed rematch), playing again, and watching.

Host -> everyone: ``room`` after every change. Host -> a spectator: ``watching`` (you
watch; you see no hand). Guest -> host: ``again`` (accept the rematch, or leave: a bot
takes the seat). Spectator -> host: ``sit`` (take the seat the host offers).

A spectator's ``state`` carries :func:`public_view`: a SeatView with no hand at all (not
the host's either), built from what everyone at the table sees.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..view import SeatView
from . import wire as W

MAX_WATCHERS = 4   # the most spectators a host can allow
WATCH_LIMIT = 2    # spectators allowed unless the host says otherwise


@dataclass(frozen=True)
class Room:
    """The table's room: chat, spectators, play again."""

    game: int             # which match at this table (1, 2, ...): a new one after "play again"
    chat: bool            # chat on at this table
    muted: tuple          # seats whose chat is muted
    watchers: int         # spectators now
    watch_limit: int
    offered: tuple        # bots' seats a spectator may take
    again: tuple | None   # a rematch is proposed: the seats that accepted so far
    watch_chat: bool = False  # spectators may write in the chat too


@dataclass(frozen=True)
class Again:
    """A seat's answer to playing another match."""

    accept: bool


@dataclass(frozen=True)
class Sit:
    """A spectator takes an offered bot's seat."""

    seat: int


@dataclass(frozen=True)
class Watching:
    """A page let in as a spectator (the table takes up to ``limit`` of them)."""

    limit: int


LAST_SEAT = max(W.SEAT_COUNTS) - 1


def _seats_list(obj: dict, key: str) -> tuple:
    v = obj.get(key)
    if not isinstance(v, list) or len(v) > LAST_SEAT + 1:
        raise W.ProtocolError(f"{key!r} must be a list of seats")
    return tuple(sorted({W.get_int({key: s}, key, 0, LAST_SEAT) for s in v}))


def room(r: Room) -> str:
    return W.dump({"type": "room", "game": r.game, "chat": r.chat, "muted": list(r.muted),
                    "watchers": r.watchers, "watch_limit": r.watch_limit,
                    "offered": list(r.offered), "watch_chat": r.watch_chat,
                    "again": None if r.again is None else list(r.again)})


def parse_room(obj: dict) -> Room:
    W.need_fields(obj, ("game", "chat", "muted", "watchers", "watch_limit", "offered", "again"),
                  ("watch_chat",))
    return Room(W.get_int(obj, "game", 1, 1_000_000), W.get_bool(obj, "chat"), _seats_list(obj, "muted"),
                W.get_int(obj, "watchers", 0, MAX_WATCHERS),
                W.get_int(obj, "watch_limit", 0, MAX_WATCHERS),
                _seats_list(obj, "offered"),
                None if obj["again"] is None else _seats_list(obj, "again"),
                W.get_bool(obj, "watch_chat") if "watch_chat" in obj else False)


def again(accept: bool) -> str:
    return W.dump({"type": "again", "accept": bool(accept)})


def parse_again(obj: dict) -> Again:
    W.need_fields(obj, ("accept",))
    return Again(W.get_bool(obj, "accept"))


def sit(seat: int) -> str:
    return W.dump({"type": "sit", "seat": seat})


def parse_sit(obj: dict) -> Sit:
    W.need_fields(obj, ("seat",))
    return Sit(W.get_int(obj, "seat", 1, LAST_SEAT))


def watching(limit: int) -> str:
    return W.dump({"type": "watching", "limit": limit})


def parse_watching(obj: dict) -> Watching:
    W.need_fields(obj, ("limit",))
    return Watching(W.get_int(obj, "limit", 1, MAX_WATCHERS))


def public_view(match) -> SeatView:
    """The table as a spectator sees it: cards played, tricks, the exchange as everyone saw
    it, contracts and scores. No hand, no discards, no legal moves of anyone."""
    return replace(match.view(0), hand=0, own_out=0, legal=0, choices=(), asks=(),
                   discard_limit=None, discard_minimum=0)


def is_public(v: SeatView) -> bool:
    """A spectator's page takes only views that hold no cards of a hand."""
    return v.seat == 0 and not (v.hand or v.own_out or v.legal or v.choices or v.asks)
