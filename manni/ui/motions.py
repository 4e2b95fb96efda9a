"""What moved on the table, for the page's animation layer: pure Python, no ``js``.

Only public facts: a card once played, the trick it closed, counts of cards exchanged."""

from __future__ import annotations

from ..actions import Discard, Play, Take
from ..cards import card_code


def motions_of(match, seat: int, action, held: int, manni: int) -> list[list]:
    """The moves ``action`` of ``seat`` made once applied to ``match`` (``held``, ``manni``:
    the seat's hand and the Manni before): ["play", seat, card code], ["gather", winner,
    trick key], ["exchange", seat, cards out, cards in]."""
    deal = match.deal
    if isinstance(action, Play):
        moves = [["play", seat, card_code(action.card)]]
        if deal.history and not deal.trick and deal.history[-1][1][-1] == action.card:
            key = f"{match.view(0).deal_number}.{len(deal.history)}"
            moves.append(["gather", deal.history[-1][2], key])
        return moves
    if isinstance(action, (Take, Discard)):
        drawn = max(0, manni - len(deal.manni))
        out = held + drawn - deal.hands[seat].bit_count()
        if drawn or out:
            return [["exchange", seat, out, drawn]]
    return []
