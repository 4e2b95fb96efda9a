"""A sealed page saved and restored across a reload in the middle of a deal.

A page is its secrets plus the messages it took: ``saved()`` keeps both (for the page's
own storage only: it holds the secret), ``restore()`` builds a new page with the same
secrets and takes the messages again, dropping what it would send in answer (it was sent
before).
"""

from __future__ import annotations

from ..rules import RuleSet, get_rules
from .curve import Steps, drain, scalar_hex, scalar_of_hex
from .elgamal import warm_steps
from .layout import deck_cards
from .errors import SealedError
from .messages import MAX_MESSAGES, int_in, list_of
from .seat import SealedSeat


def saved(page: SealedSeat) -> dict:
    return {"secret": scalar_hex(page._secret), "order": list(page._order),
            "masks": [scalar_hex(m) for m in page._masks], "made": page._made,
            "taken": list(page._taken)}


def restore(kept: dict, table: str, number: int, seat: int, rules: str | type[RuleSet],
            options: dict | None, dealer: int, lists: tuple | None = None,
            kind: type[SealedSeat] = SealedSeat) -> SealedSeat:
    return drain(restore_steps(kept, table, number, seat, rules, options, dealer, lists, kind))


def restore_steps(kept: dict, table: str, number: int, seat: int,
                  rules: str | type[RuleSet], options: dict | None, dealer: int,
                  lists: tuple | None = None, kind: type[SealedSeat] = SealedSeat) -> Steps:
    """``restore()`` in steps (it takes every message again)."""
    yield from warm_steps(deck_cards(get_rules(rules)))
    page = kind(table, number, seat, rules, options, dealer, lists)
    if not isinstance(kept, dict):
        raise SealedError("not a saved sealed page", "malformed")
    try:
        page._secret = scalar_of_hex(kept["secret"])
        page._order = [int_in(i, 0, len(page.cards) - 1, "an order's entry")
                       for i in list_of(kept["order"], None, "order")]
        page._masks = [scalar_of_hex(m) for m in list_of(kept["masks"], None, "masks")]
        made = int_in(kept["made"], 0, MAX_MESSAGES, "made")
        taken = list_of(kept["taken"], None, "taken")
    except KeyError as e:
        raise SealedError(f"a saved sealed page without {e}", "malformed") from None
    for msg in taken:
        yield from page.receive_steps(msg)
    page._made = made
    return page
