"""Exact play of a partnership deal's last tricks with every hand known (double dummy).

:func:`solve` is an alpha-beta search over the cards left, by the table's play rule (as
:func:`partners.legal_cards`), each side playing for its points (card points and the trick's
own): the points side 0 wins from here on when both sides play perfectly. With a few cards a
hand it is cheap (Manille, 3 cards each: some tens to hundreds of cards tried); ``nodes``
counts the cards it tried, the searches' measure of work.
"""

from __future__ import annotations

from ..cards import SUIT_MASKS, Card, Mask, Seat
from .partners import Table


def _order(m: Mask, power) -> list[Card]:
    """The cards of m, strongest first (alpha-beta cuts sooner)."""
    out = []
    while m:
        b = m & -m
        out.append(b.bit_length() - 1)
        m ^= b
    out.sort(key=power.__getitem__, reverse=True)
    return out


def solve(hands: list[Mask], leader: Seat, trick, t: Table, nodes: list[int] | None = None
          ) -> int:
    """The points side 0 wins in the rest of the deal, both sides playing perfectly with
    every hand known. ``hands`` by seat (not changed), ``trick`` the cards played to the
    trick under way; ``nodes`` (a one-item list), if given, is increased by the cards tried."""
    hands = list(hands)
    seats, side_of, card_points, trick_points = t.seats, t.side_of, t.points, t.trick_points
    power, above, trump, climb = t.power, t.above, t.trump, t.climb
    tm = SUIT_MASKS[trump] if trump >= 0 else 0
    last = seats - 1
    count = [0]

    def search(leader: Seat, trick: list[Card], lead: int, win: int, best: Card,
               alpha: int, beta: int) -> int:
        n = len(trick)
        seat = (leader + n) % seats
        h = hands[seat]
        if not h:
            return 0
        if n:
            follow = h & SUIT_MASKS[lead]
            if climb and side_of[(leader + win) % seats] != side_of[seat]:
                if follow:
                    legal = (follow & above[best] or follow) if best // 13 == lead else follow
                elif tm:
                    legal = (h & tm & above[best] if best // 13 == trump else h & tm) or h
                else:
                    legal = h
            else:
                legal = follow or h
        else:
            legal = h
        maxing = side_of[seat] == 0
        value = -1 if maxing else 1 << 30
        for c in _order(legal, power):
            count[0] += 1
            hands[seat] = h & ~(1 << c)
            if n:
                s = c // 13
                if (s == lead or s == trump) and power[c] > power[best]:
                    w2, b2 = n, c
                else:
                    w2, b2 = win, best
                l2 = lead
            else:
                w2, b2, l2 = 0, c, c // 13
            trick.append(c)
            if n == last:
                winner = (leader + w2) % seats
                got = trick_points + sum(card_points[x] for x in trick) \
                    if side_of[winner] == 0 else 0
                v = got + search(winner, [], 0, 0, 0, alpha - got, beta - got)
            else:
                v = search(leader, trick, l2, w2, b2, alpha, beta)
            trick.pop()
            hands[seat] = h
            if maxing:
                if v > value:
                    value = v
                if value > alpha:
                    alpha = value
            else:
                if v < value:
                    value = v
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return value

    trick = list(trick)
    lead = win = 0
    best = 0
    if trick:
        lead = trick[0] // 13
        win = t.contract.trick_winner(trick)
        best = trick[win]
    out = search(leader, trick, lead, win, best, -1, 1 << 30)
    if nodes is not None:
        nodes[0] += count[0]
    return out
