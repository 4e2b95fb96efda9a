"""Cards as small integers, with readable codes at the edges.

A card is ``suit * 13 + rank`` where rank 0 is the two and 12 the ace, and suits are
ordered spades, hearts, diamonds, clubs. A set of cards is an int bitmask (bit ``card``),
which keeps the hot paths (legal moves, counting, copying) cheap.
"""

from __future__ import annotations

from typing import Iterable, TypeAlias

from .errors import RecordError
from .inputs import brief

Card: TypeAlias = int  # suit * 13 + rank
Mask: TypeAlias = int  # a set of cards: bit c is card c
Seat: TypeAlias = int  # 0, 1 or 2; seat 0 is the human player in the UI

SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = "♠♥♦♣"
RANKS = "23456789TJQKA"
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)

SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))
FULL_DECK = (1 << 52) - 1


def parse_card(code: str) -> int:
    """``"TH"`` -> the ten of hearts. Raises RecordError for anything else."""
    if not isinstance(code, str) or len(code) != 2:
        raise RecordError(f"bad card code {brief(code)}: expected rank then suit, like 'TH'")
    # ASCII only: "ſ".upper() is "S", so a careless upper() would read "Qſ" as the queen of spades.
    r = RANKS.find(code[0].upper()) if code.isascii() else -1
    s = SUITS.find(code[1].upper()) if code.isascii() else -1
    if r < 0 or s < 0:
        raise RecordError(f"bad card code {code!r}: ranks are {' '.join(RANKS[::-1])}, suits S H D C")
    return s * 13 + r


def card_code(c: int) -> str:
    return RANKS[c % 13] + SUITS[c // 13]


def card_label(c: int) -> str:
    """Human text, e.g. ``10♥``."""
    return RANK_NAMES[c % 13] + SUIT_SYMBOLS[c // 13]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """Cards of a mask in ascending order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count(mask: int) -> int:
    return mask.bit_count()


def describe(cards: Iterable[int]) -> str:
    """``3♠, 9♠`` for messages, highest first within a suit."""
    return ", ".join(card_label(c) for c in sorted(cards, key=lambda c: (c // 13, -(c % 13))))
