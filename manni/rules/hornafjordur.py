"""Hornafjarðarmanni: 52 cards, a 16-card Manni to draw from, the contract fixed by a cut."""

from __future__ import annotations

from ..cards import FIVE, FULL_DECK, NINE
from ..errors import ManniError
from ..exchange import DrawExchange
from .base import GRAND, NOLO, Contract, RuleSet


class Hornafjordur(RuleSet):
    name = "hornafjordur"
    deck = FULL_DECK
    manni_size = 16
    exchange = DrawExchange((7, 5, None))
    split_columns = True  # plus and minus columns; the target counts the plus column

    @classmethod
    def standing(cls, plus, minus):
        return list(plus)

    @classmethod
    def deal_pack(cls, pack, dealer):
        # Four rounds: four cards onto the Manni, then three to each player from the left.
        # Cards land on the Manni pile face down, so the last one dealt is on top.
        hands = [0, 0, 0]
        pile = []
        i = 0
        for _ in range(4):
            pile.extend(pack[i:i + 4])
            i += 4
            for k in (1, 2, 0):
                seat = (dealer + k) % 3
                for c in pack[i:i + 3]:
                    hands[seat] |= 1 << c
                i += 3
        return hands, pile[::-1]

    @classmethod
    def cut_card(cls, pack):
        # Completing the cut puts the revealed card at the bottom of the pack: the dealer's.
        return pack[-1]

    @classmethod
    def contract(cls, deal_number, cut):
        if cut is None:
            raise ManniError("a Hornafjarðarmanni deal needs its cut card")
        rank = cut % 13
        if rank <= FIVE:
            return NOLO
        if rank <= NINE:
            return Contract.trump_suit(cut // 13)
        return GRAND

    @classmethod
    def deal_score(cls, contract, tricks, options):
        if contract.name == "nolo":
            return [4 - t for t in tricks]
        return [t - 4 for t in tricks]

    @classmethod
    def match_over(cls, plus, minus, options):
        if max(plus) < options["target"]:
            return False, []
        net = [plus[s] - minus[s] for s in range(len(plus))]
        best = max(net)
        return True, [s for s in range(len(net)) if net[s] == best]

    @classmethod
    def check_layout(cls, hands, manni, cut, dealer):
        if cut is None:
            raise ManniError("a hornafjordur deal needs its \"cut\" card")
        if not hands[dealer] >> cut & 1:
            raise ManniError("the cut card must be in the dealer's hand")
