"""The climbing play rule (Manille's): follow suit and beat the card winning the trick;
void, trump and overtrump; none of it while one's partner is winning.

A rule set whose tricks are played this way names :class:`ClimbDeal` as its ``deal_type``.
Its contracts are :class:`RankedContract` instances.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SUIT_MASKS, SUIT_NAMES, card_label, cards_of, describe
from .deal import Deal
from .errors import IllegalAction
from .rules.base import Contract


@dataclass(frozen=True)
class RankedContract(Contract):
    """A contract that also knows, for each card, the mask of the cards of its suit that
    beat it (``above``; the subclass fills it in with its power table)."""

    above: tuple[int, ...] = field(default=(), repr=False, compare=False)


class ClimbDeal(Deal):
    __slots__ = ()
    contract: RankedContract

    def _duty(self, hand: int) -> tuple[int, str | None, int]:
        """(the cards the seat in turn may play, why the others not, the card to beat)."""
        trick = self.trick
        if not trick:
            return hand, None, -1
        contract = self.contract
        w = contract.trick_winner(trick)
        n = self.seats
        side_of = self.rules.side_of
        lead = trick[0] // 13
        follow = hand & SUIT_MASKS[lead]
        best = trick[w]
        if side_of[(self.leader + w) % n] == side_of[(self.leader + len(trick)) % n]:
            return (follow, "must_follow", best) if follow else (hand, None, best)
        if follow:
            if best // 13 == lead:
                beat = follow & contract.above[best]
                if beat:
                    return beat, "must_beat", best
            return follow, "must_follow", best
        trump = contract.trump
        if trump is None:
            return hand, None, best
        trumps = hand & SUIT_MASKS[trump]
        if best // 13 == trump:
            beat, why = trumps & contract.above[best], "must_overtrump"
        else:
            beat, why = trumps, "must_trump"
        return (beat, why, best) if beat else (hand, None, best)

    def legal_cards(self) -> int:
        return self._duty(self.hands[(self.leader + len(self.trick)) % self.seats])[0]

    def _check_card(self, hand: int, c: int) -> None:
        allowed, why, best = self._duty(hand)
        if allowed >> c & 1:
            return
        allowed_cards = cards_of(allowed)
        lead = self.trick[0] // 13
        why = why or "must_follow"
        text = {"must_follow": f"must follow {SUIT_NAMES[lead]}",
                "must_beat": f"must beat {card_label(best)}",
                "must_trump": "must trump",
                "must_overtrump": f"must overtrump {card_label(best)}"}[why]
        # ``cards``: what the message names (the card to beat, else the cards you may play)
        named = [best] if why in ("must_beat", "must_overtrump") else allowed_cards
        raise IllegalAction(f"{text} (you may play {describe(allowed_cards)})", why,
                            suit=lead, card=best, cards=named, allowed=allowed_cards)
