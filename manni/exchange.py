"""How the Manni is used before the first trick: one strategy object per kind.

``SwapExchange`` is Classic's (each in turn may take the whole Manni, blind; the first taker
ends it). ``DrawExchange`` is Hornafjarðarmanni's (each in turn discards up to a limit and
draws as many from the top). A rule set names one; the deal calls only these methods.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .actions import KEEP, TAKE, Action, Discard, Keep, Take
from .cards import cards_of, describe, mask_of
from .errors import IllegalAction
from .states import ExchangeKind

if TYPE_CHECKING:
    from .deal import Deal



def check_held_once(deal, seat: int, cards) -> None:
    """Refuse discards that name a card twice or a card the seat does not hold."""
    if len(set(cards)) != len(cards):
        raise IllegalAction("a card is named twice in the discard", "discard_twice")
    missing = [c for c in cards if not deal.hands[seat] >> c & 1]
    if missing:
        raise IllegalAction(f"you do not hold {describe(missing)}", "not_held", cards=missing)


class Exchange:
    kind = ""

    @staticmethod
    def order(dealer: int) -> tuple[int, int, int]:
        """Left of the dealer first, then the right, the dealer last."""
        return ((dealer + 1) % 3, (dealer + 2) % 3, dealer)

    def start(self, deal: "Deal") -> object:
        """The strategy's own state at the start of a deal (immutable; kept in ``deal.ex_state``)."""
        return None

    def turn(self, deal: "Deal") -> int:
        return self.order(deal.dealer)[deal.ex_pos]

    def stage(self, deal: "Deal") -> str:
        """What the seat in turn is asked now (views and the UI show it)."""
        return self.kind

    def legal(self, deal: "Deal", seat: int) -> list[Action]:
        raise NotImplementedError

    def limit(self, deal: "Deal") -> int | None:
        """How many cards the seat in turn may discard, where the exchange is by discards."""
        return None

    def planned_turns(self, dealer: int, step: int) -> tuple[tuple[int, int | None], ...]:
        """The turns after exchange turn ``step`` that are known in advance, as (seat,
        discard limit or None), for players who plan ahead (the bots); () if none are."""
        return ()

    def minimum(self, deal: "Deal") -> int:
        """How many cards the seat in turn must discard at least (where limit() is not None)."""
        return 0

    def next_turn(self, deal: "Deal") -> None:
        deal.next_exchange_turn()
        if deal.ex_pos == len(self.order(deal.dealer)):
            deal.end_exchange()

    def check(self, deal: "Deal", seat: int, action: Action) -> None:
        raise NotImplementedError

    def apply(self, deal: "Deal", seat: int, action: Action) -> None:
        """Apply a checked action through Deal's public methods (``exchange_cards``,
        ``set_contract``, ``next_exchange_turn``, ``end_exchange``)."""
        raise NotImplementedError


class SwapExchange(Exchange):
    kind = ExchangeKind.SWAP

    def planned_turns(self, dealer, step):
        return tuple((seat, None) for seat in self.order(dealer)[step + 1:])

    def legal(self, deal, seat):
        return [TAKE, KEEP]

    def check(self, deal, seat, action):
        if not isinstance(action, (Take, Keep)):
            raise IllegalAction("in this exchange you take the Manni or keep your hand", "swap_choice")

    def apply(self, deal, seat, action):
        if isinstance(action, Take):
            deal.exchange_cards(seat, deal.hands[seat], len(deal.manni))
            deal.end_exchange()
            return
        deal.exchange_cards(seat, 0, 0)
        self.next_turn(deal)


class DrawExchange(Exchange):
    """``limits`` by turn order; None means all that remain (at most a hand)."""

    kind = ExchangeKind.DRAW

    def __init__(self, limits: tuple[int | None, ...]) -> None:
        self.limits = limits

    def limit(self, deal: "Deal") -> int:
        return self.cap(deal.ex_pos, len(deal.manni), deal.rules.hand_size)

    def cap(self, step: int, manni_left: int, hand_size: int) -> int:
        """The discard limit at exchange step ``step`` with ``manni_left`` cards to draw."""
        return discard_cap(self.limits[step], manni_left, hand_size)

    def planned_turns(self, dealer, step):
        return tuple(zip(self.order(dealer), self.limits))[step + 1:]

    def legal(self, deal, seat):
        hand = cards_of(deal.hands[seat])
        out = []
        for n in range(self.limit(deal) + 1):
            out.extend(Discard(combo) for combo in combinations(hand, n))
        return out

    def check(self, deal, seat, action):
        if not isinstance(action, Discard):
            raise IllegalAction("in this exchange you choose cards to discard (none keeps your hand)",
                                "discard_choice")
        cards = action.cards
        check_held_once(deal, seat, cards)
        limit = self.limit(deal)
        if len(cards) > limit:
            raise IllegalAction(f"discard at most {limit} cards", "discard_limit", limit=limit)

    def apply(self, deal, seat, action):
        deal.exchange_cards(seat, mask_of(action.cards), len(action.cards))
        self.next_turn(deal)


def discard_cap(limit: int | None, manni_left: int, hand_size: int) -> int:
    """How many cards a seat may discard: ``limit`` (None: all that remain, at most a hand),
    never more than the Manni still holds."""
    most = min(manni_left, hand_size)
    return most if limit is None else min(limit, most)


class NoExchange(Exchange):
    """No exchange at all: the deal goes straight to the tricks (games without a Manni)."""

    kind = ExchangeKind.NONE

    def start(self, deal):
        deal.end_exchange()
        return None

    def legal(self, deal, seat):
        return []

    def check(self, deal, seat, action):
        raise IllegalAction("there is no exchange in this game", "no_exchange")
