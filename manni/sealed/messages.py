"""The sealed deal's messages: plain JSON-able dicts, each bound to one table and deal.

Every message is ``{"v": 1, "type": "sealed", "table": id, "deal": n, "seat": s,
"kind": k, "n": m, ...}``, ``n`` counting the sender's messages of the deal from 1; the
kinds and their fields are in docs/sealed-deal.md. The kinds no proof covers carry ``sig``,
a Schnorr signature with the sender's deal key over the rest of the message. Points are SEC1
compressed hex, scalars 64 hex digits. Readers raise SealedError and never return a
half-read message.
"""

from __future__ import annotations

import json

from .curve import Point, Steps, drain, point_hex, point_of_hex, scalar_hex, scalar_of_hex
from .errors import SealedError

VERSION = 1
TYPE = "sealed"
FIELDS = {
    "key": ("point", "proof"),
    "shuffle": ("deck",),
    "shares": ("shares", "proof"),
    "act": ("action",),
    "play": ("position", "share", "proof"),
    "answer": ("value",),
    "halt": ("reason",),
    "reveal": ("secret", "order", "masks"),
}
ENVELOPE = ("v", "type", "table", "deal", "seat", "kind", "n")
SIGNED = ("shuffle", "act", "answer", "halt", "reveal")  # the others carry their own proofs
MAX_MESSAGES = 10_000  # a seat's messages in one deal: far more than a deal needs


def envelope(table: str, deal: int, seat: int, kind: str, n: int, **fields) -> dict:
    return {"v": VERSION, "type": TYPE, "table": table, "deal": deal, "seat": seat,
            "kind": kind, "n": n, **fields}


def signed_bytes(msg: dict) -> bytes:
    """What a signature covers: the message without its ``sig``, as canonical JSON."""
    rest = {k: v for k, v in msg.items() if k != "sig"}
    return json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def check_envelope(msg, table: str, deal: int, seats: int) -> tuple[int, str]:
    """(seat, kind) of a message for this table and deal; SealedError otherwise."""
    if not isinstance(msg, dict) or msg.get("type") != TYPE:
        raise SealedError("not a sealed-deal message", "malformed")
    if msg.get("v") != VERSION or isinstance(msg.get("v"), bool):
        raise SealedError(f"sealed-deal version {msg.get('v')!r}, not {VERSION}", "version")
    if not isinstance(msg.get("table"), str) or msg.get("table") != table:
        raise SealedError("a message of another table", "other_table")
    if msg.get("deal") != deal or isinstance(msg.get("deal"), bool):
        raise SealedError(f"a message of deal {msg.get('deal')!r}, not of deal {deal}",
                          "other_deal")
    seat, kind = msg.get("seat"), msg.get("kind")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise SealedError(f"bad seat {seat!r}", "malformed")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise SealedError(f"unknown kind {kind!r}", "malformed")
    int_in(msg.get("n"), 1, MAX_MESSAGES, "a message's number")
    fields = FIELDS[kind] + (("sig",) if kind in SIGNED else ())
    extra = set(msg) - set(ENVELOPE) - set(fields)
    missing = [f for f in fields if f not in msg]
    if extra or missing:
        raise SealedError(f"{kind}: missing {missing}, unexpected {sorted(extra)}", "malformed")
    return seat, kind


def int_in(value, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SealedError(f"{what} must be a whole number in {lo}..{hi}", "malformed")
    return value


def list_of(value, n: int | None, what: str) -> list:
    if not isinstance(value, list) or (n is not None and len(value) != n):
        raise SealedError(f"{what} must be a list" + (f" of {n}" if n is not None else ""),
                          "malformed")
    return value


def proof_json(proof: tuple[int, int]) -> list[str]:
    return [scalar_hex(proof[0]), scalar_hex(proof[1])]


def read_proof(value) -> tuple[int, int]:
    c, s = list_of(value, 2, "a proof")
    return scalar_of_hex(c), scalar_of_hex(s)


def deck_json(deck) -> list[list[str]]:
    return [[point_hex(c1), point_hex(c2)] for c1, c2 in deck]


def read_deck(value, size: int) -> list[tuple[Point, Point]]:
    return drain(read_deck_steps(value, size))


def read_deck_steps(value, size: int) -> Steps:
    """A deck's points decoded, eight cards a step (a square root each point)."""
    out = []
    for i, x in enumerate(list_of(value, size, "deck")):
        a, b = list_of(x, 2, "a locked card")
        out.append((point_of_hex(a), point_of_hex(b)))
        if i % 8 == 7:
            yield
    return out
