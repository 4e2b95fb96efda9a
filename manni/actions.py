"""The actions a seat can take, and their JSON form in game records."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .cards import card_code, parse_card
from .errors import RecordError


@dataclass(frozen=True, slots=True)
class Take:
    """Classic exchange: swap the whole hand for the Manni."""

    verb = "take"

    def to_json(self) -> dict:
        return {"take": True}


@dataclass(frozen=True, slots=True)
class Keep:
    """Classic exchange: keep the hand dealt."""

    verb = "keep"

    def to_json(self) -> dict:
        return {"take": False}


@dataclass(frozen=True, slots=True)
class Discard:
    """Draw exchange: put these cards out of play and draw as many from the Manni."""

    cards: tuple[int, ...]
    verb = "discard"

    def to_json(self) -> dict:
        return {"discard": [card_code(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Play:
    """Play this card to the trick."""

    card: int
    verb = "play"

    def to_json(self) -> dict:
        return {"play": card_code(self.card)}


TAKE = Take()
KEEP = Keep()


class Action(Protocol):
    """Any action: the four above, or a rule set's own (see :func:`register_action`).
    ``verb`` names its class ("play", "declare", ...), so that code that only reads
    actions tells them apart without importing a rule set's module."""

    verb: str

    def to_json(self) -> dict: ...


def _take_from_json(value) -> Action:
    if not isinstance(value, bool):
        raise RecordError("'take' must be true or false")
    return TAKE if value else KEEP


def _discard_from_json(value) -> Action:
    if not isinstance(value, list):
        raise RecordError("'discard' must be a list of card codes")
    return Discard(tuple(parse_card(c) for c in value))


# Record key -> reader of its value. A rule set with actions of its own (say, declaring a
# contract) adds its key with register_action() from its own module.
ACTION_READERS = {
    "take": _take_from_json,
    "discard": _discard_from_json,
    "play": lambda value: Play(parse_card(value)),
}


def register_action(key: str, reader) -> None:
    if key in ACTION_READERS:
        raise ValueError(f"the action key {key!r} is taken")
    ACTION_READERS[key] = reader


def action_from_json(obj, seats: int = 3) -> tuple[Action, int | None]:
    """A record's action object -> (action, the seat it names or None), at a table of
    ``seats`` seats."""
    if not isinstance(obj, dict):
        raise RecordError(f"an action must be an object, not {type(obj).__name__}")
    seat = obj.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < seats):
        raise RecordError(f"bad seat {seat!r}: seats are {', '.join(map(str, range(seats)))}")
    keys = set(obj) - {"seat"}
    if len(keys) != 1:
        known = ", ".join(ACTION_READERS)
        raise RecordError(f"an action needs exactly one of {known}; got {sorted(keys)}")
    (key,) = keys
    reader = ACTION_READERS.get(key)
    if reader is None:
        raise RecordError(f"unknown action {key!r}")
    return reader(obj[key]), seat
