"""Your deal beside par's (the same deal replayed with Expert in your seat, ``manni.par``),
trick by trick: where the two first part, and what a side has won as the tricks go.

Tricks are a deal's ``history``: ``(leader, cards, winner)``, the cards in the order played.
"""

from __future__ import annotations


def first_difference(yours: list, par: list) -> tuple[int, int] | None:
    """Where par's play first differs from yours: ``(trick, place)``, the trick 1-based and
    the place in it 0-based (0: the first card; a trick another seat began differs at 0),
    or None when every card was the same."""
    for n, ((lead_a, cards_a, _), (lead_b, cards_b, _)) in enumerate(zip(yours, par), 1):
        if lead_a != lead_b:
            return n, 0
        for i, (a, b) in enumerate(zip(cards_a, cards_b)):
            if a != b:
                return n, i
    if len(yours) != len(par):
        return min(len(yours), len(par)) + 1, 0
    return None


def before_play_differs(yours, par) -> bool:
    """Did the two deals differ before the first card (the exchange, or the contract)?
    ``yours`` and ``par`` have ``out`` (each seat's cards put out of play) and ``contract``."""
    return tuple(yours.out) != tuple(par.out) or yours.contract != par.contract


def won_after(rules, tricks: list, seat: int, n: int) -> tuple[int, int]:
    """The tricks and card points (0 in a game without them) that ``seat``'s side won in
    the first ``n`` tricks."""
    side = rules.side_of[seat]
    values = rules.card_points
    won = points = 0
    for _, cards, winner in tricks[:n]:
        if rules.side_of[winner] == side:
            won += 1
            if values is not None:
                points += rules.trick_points + sum(values[c] for c in cards)
    return won, points
