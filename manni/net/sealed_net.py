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


def sealed_id(table: str, game: int) -> str:
    return f"{table}:{game}"


def parse_sealed(obj: dict) -> Sealed:
    """Only the envelope's outline here: each sealed seat checks the rest, proofs included."""
    for key in ("table", "deal", "seat", "kind", "n"):
        if key not in obj:
            raise W.ProtocolError(f"sealed: missing {key!r}")
    return Sealed(dict(obj))


def sealed_table(seats_json: list, rules: str, options: dict, first_dealer: int, table: str,
                 opened: int) -> str:
    return W.dump({"type": "sealed_table", "seats": seats_json, "rules": rules,
                   "options": options, "first_dealer": first_dealer, "table": table,
                   "opened": opened})


def parse_sealed_table(obj: dict, seats, rules, options) -> SealedTable:
    """``seats``, ``rules``, ``options``: the readers of protocol.py (passed in: no cycle)."""
    W.need_fields(obj, ("seats", "rules", "options", "first_dealer", "table", "opened"))
    read = seats(obj)
    return SealedTable(read, rules(obj), options(obj),
                       W.get_int(obj, "first_dealer", 0, len(read) - 1),
                       W.get_str(obj, "table", SEALED_ID_RE), W.get_int(obj, "opened", 1, 10_000))
