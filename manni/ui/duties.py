"""What the play rule asks of you in a partnership trick, as hint reasons (pure, no ``js``).

From your SeatView only: whose card is winning the trick, and why some of your cards may not
be played (beat it, trump, overtrump). Reasons are ``(key, params)`` like the bots', so
``Translator.reason`` reads them (``hint.reason.<key>``).
"""

from __future__ import annotations

from ..actions import Play
from ..cards import SUIT_MASKS, cards_of


def duty_reasons(view) -> list[tuple[str, dict]]:
    """The reason the rule gives for your card now, if any (none outside a partnership)."""
    if not view.partners or not view.trick or not view.my_turn:
        return []
    trick = list(view.trick)
    w = view.contract.trick_winner(trick)
    best = trick[w]
    if (view.leader + w) % view.seats in view.partners:
        return [("partner_winning", {"card": best})]
    if view.legal == view.hand:
        return []
    lead = trick[0] // 13
    if view.hand & SUIT_MASKS[lead]:
        power = view.contract.power
        climbing = best // 13 == lead and all(power[c] > power[best] for c in cards_of(view.legal))
        return [("must_beat", {"card": best})] if climbing else []
    if best // 13 == view.contract.trump:
        return [("must_overtrump", {"card": best})]
    return [("must_trump", {})]


def hint_reasons(view, action, reasons) -> list[tuple[str, dict]]:
    """A hint's reasons: for a card, what the play rule asks first."""
    return (duty_reasons(view) if isinstance(action, Play) else []) + list(reasons)
