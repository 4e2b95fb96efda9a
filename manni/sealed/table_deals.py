"""The engine's deals a sealed page runs on what it may know.

During the exchange, a Deal over deck positions (hands and Manni as positions): the rule
set's own exchange strategy says whose turn it is, what is allowed and which positions
move. During the tricks, a Deal that holds no hand, fed the cards as they are opened: it
knows turns, trick winners, the contract and the parlée's limits, never whether a card
was legal (that needs the hand, and waits for the end of the deal).
"""

from __future__ import annotations

from ..actions import Action
from ..deal import Deal
from ..errors import IllegalAction
from ..rules import RuleSet
from ..states import Phase
from ..talk import Ask
from .errors import SealedError
from .layout import Positions


def exchange_deal(rules: type[RuleSet], options: dict, number: int, dealer: int,
                  positions: Positions, cut: int | None, lists: tuple | None) -> Deal:
    """The deal over positions; ``cut``: the card shown to all, once opened."""
    kind = rules.deal_type or Deal
    return kind(rules, options, number, dealer, list(positions.hands), list(positions.manni),
                cut, lists=lists)


def tricks_deal(swap: Deal, lists: tuple | None) -> Deal:
    """The deal of the tricks once the exchange ``swap`` is over: no hand, its contract."""
    kind = swap.rules.deal_type or Deal
    deal = kind(swap.rules, swap.options, swap.number, swap.dealer, [0] * swap.seats, [],
                swap.cut, lists=lists)
    deal.set_contract(swap.contract)
    if deal.phase is Phase.EXCHANGE:
        deal.end_exchange()
    return deal


def check_own(tricks: Deal, seat: int, hand: int, action: Action) -> None:
    """Refuse (SealedError) a card or question of ``seat``, holding ``hand``, that the
    engine would refuse: an honest page checks its own before anyone sees them."""
    probe = tricks.copy()
    probe.hands[seat] = hand
    try:
        talk = tricks.rules.talk
        if isinstance(action, Ask) and talk is not None:
            talk.check(probe, seat, action)
        else:
            probe.check(action, seat)
    except IllegalAction as e:
        raise SealedError(str(e), e.key) from None
