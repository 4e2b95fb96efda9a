"""A sealed table's messages on ``manni-net/1`` (docs/sealed-deal.md, docs/net-protocol.md).

Guest -> host and host -> every seated page: ``sealed``, a message of the deal's protocol
(``manni.sealed.messages``), relayed unchanged, in the host's one order, once the host's
own page has taken it. Host -> guest: ``sealed_table`` (instead of ``state``): the seats,
the rule set, the first dealer, the sealed table's id and the deal the table has opened.
A guest builds its own view from its own sealed seat: nobody sends it one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import wire as W

SEALED_ID_RE = re.compile(r"[0-9a-f]{32}:[0-9]{1,7}")  # the table's id and its match's number


@dataclass(frozen=True)
class Sealed:
    """One message of the sealed deal, as received (checked in full by the sealed seats)."""

    msg: dict


@dataclass(frozen=True)
class SealedTable:
    """A sealed table after the start, as every guest is told it."""

    seats: tuple
    rules: str
    options: dict
    first_dealer: int
    table: str   # the sealed table's id: the net table's id and the match's number
    opened: int  # the deal shown at the table (the host opens the next one)
    redeals: int = 0  # deals the host's clock annulled
    forfeits: tuple = ()  # (deal, seat): the host's clock ran out on a seat's reveal
    held: tuple = ()  # seats the host's page plays (computers, and seats taken over)


def sealed_id(table: str, game: int) -> str:
    return f"{table}:{game}"


def parse_sealed(obj: dict) -> Sealed:
    """Only the envelope's outline here: each sealed seat checks the rest, proofs included."""
    for key in ("table", "deal", "seat", "kind", "n"):
        if key not in obj:
            raise W.ProtocolError(f"sealed: missing {key!r}")
    return Sealed(dict(obj))


def sealed_table(seats_json: list, rules: str, options: dict, first_dealer: int, table: str,
                 opened: int, redeals: int = 0, forfeits=(), held=()) -> str:
    return W.dump({"type": "sealed_table", "seats": seats_json, "rules": rules,
                   "options": options, "first_dealer": first_dealer, "table": table,
                   "opened": opened, "redeals": redeals,
                   "forfeits": [list(f) for f in forfeits], "held": list(held)})


def parse_sealed_table(obj: dict, seats, rules, options) -> SealedTable:
    """``seats``, ``rules``, ``options``: the readers of protocol.py (passed in: no cycle)."""
    W.need_fields(obj, ("seats", "rules", "options", "first_dealer", "table", "opened"),
                  ("redeals", "forfeits", "held"))
    read = seats(obj)
    n = len(read)
    forfeits, held = obj.get("forfeits", []), obj.get("held", [])
    if not isinstance(forfeits, list) or len(forfeits) > 10_000 or not all(
            isinstance(f, list) and len(f) == 2 and _whole(f[0], 1, 10_000) and _whole(f[1], 0, n - 1)
            for f in forfeits):
        raise W.ProtocolError("sealed_table: forfeits are [deal, seat] pairs")
    if not isinstance(held, list) or not all(_whole(s, 0, n - 1) for s in held):
        raise W.ProtocolError("sealed_table: held names seats")
    return SealedTable(read, rules(obj), options(obj),
                       W.get_int(obj, "first_dealer", 0, n - 1),
                       W.get_str(obj, "table", SEALED_ID_RE), W.get_int(obj, "opened", 1, 10_000),
                       W.get_int(obj, "redeals", 0, 10_000) if "redeals" in obj else 0,
                       tuple((d, s) for d, s in forfeits), tuple(sorted(set(held))))


def _whole(value, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
