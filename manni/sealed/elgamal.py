"""ElGamal on P-256 for cards: a card is a point, a locked card a pair (C1, C2).

Card ``c`` (``manni.cards``: suit·13 + rank) is the point (c+1)·G: public and distinct.
Under the joint key Y = Σ x_i·G, a locked card is (r·G, M + r·Y); anyone may re-mask it
with a fresh r' (add r'·G and r'·Y) without knowing what it holds. It opens as
M = C2 − Σ x_i·C1: each seat's share x_i·C1 is needed.
"""

from __future__ import annotations

import os
from typing import TypeAlias

from .curve import (FixedBase, Point, Steps, add_all, base_table, base_table_steps, drain,
                    encode_point, mul_g, random_scalar, sub)

Cipher: TypeAlias = "tuple[Point, Point]"
_CARD_POINTS: dict[int, Point] = {}
_CARD_OF: dict[bytes, int] = {}


def card_point(card: int) -> Point:
    if card not in _CARD_POINTS:
        _CARD_POINTS[card] = pt = mul_g(card + 1)
        _CARD_OF[encode_point(pt)] = card
    return _CARD_POINTS[card]


def card_of(pt: Point, cards) -> int | None:
    """The card among ``cards`` whose point ``pt`` is, or None."""
    for c in cards:
        card_point(c)
    found = _CARD_OF.get(encode_point(pt))
    return found if found is not None and found in cards else None


def warm_steps(cards) -> Steps:
    """The tables a deal needs built in steps: G's fixed-base table, the cards' points
    (four a step), so that later work on them is short."""
    yield from base_table_steps()
    for i, c in enumerate(c for c in cards if c not in _CARD_POINTS):
        card_point(c)
        if i % 4 == 3:
            yield


def open_deck(cards) -> list[Cipher]:
    """The deck before any shuffle: each card in the clear (C1 = infinity), in order."""
    return [(None, card_point(c)) for c in cards]


def random_permutation(n: int) -> list[int]:
    """A uniform permutation of range(n) (Fisher–Yates on os.urandom, no modulo bias)."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        bound = i + 1
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            x = int.from_bytes(os.urandom(4), "big")
            if x < limit:
                break
        j = x % bound
        order[i], order[j] = order[j], order[i]
    return order


def remask(deck: list[Cipher], order: list[int], masks: list[int],
           joint: FixedBase) -> list[Cipher]:
    return drain(remask_steps(deck, order, masks, joint))


def remask_steps(deck: list[Cipher], order: list[int], masks: list[int],
                 joint: FixedBase) -> Steps:
    """The deck a shuffle makes: entry j is deck[order[j]] re-masked with masks[j]. Two
    cards a step (four fixed-base multiplications)."""
    picked = [deck[i] for i in order]
    out: list[Cipher] = []
    for j in range(0, len(picked), 2):
        part, ks = picked[j:j + 2], masks[j:j + 2]
        c1 = base_table().mul_add_many(ks, [c[0] for c in part])
        c2 = joint.mul_add_many(ks, [c[1] for c in part])
        out += zip(c1, c2)
        yield
    return out


def shuffle_steps(deck: list[Cipher], joint: FixedBase) -> Steps:
    """(the shuffled deck, the order, the masks): a fresh permutation and fresh masks."""
    order = random_permutation(len(deck))
    masks = [random_scalar() for _ in deck]
    out = yield from remask_steps(deck, order, masks, joint)
    return out, order, masks


def unlock(cipher: Cipher, shares: list[Point]) -> Point:
    """C2 minus the sum of every seat's share of C1: the card's point if all are there."""
    return sub(cipher[1], add_all(shares))
