"""Manille: four seats in two partnerships, 32 cards with the 10 highest, card points.

Seats are numbered in the order of play; partners are ``s`` and ``s + 2``. The dealer's
last card is turned: its suit is trump and, if it counts, its points go to the dealer's
side at once. Tricks follow the climbing rule (``manni.climb``); the side on lead may ask
questions (``manni.talk``) unless the ``talk`` option is off. A deal scores its total
minus 34 to the side with more; manches go to ``target`` and the match to two manches.
See RULES.md §3b and docs/rules-notes.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, SUIT_NAMES, TEN, card_code
from ..climb import ClimbDeal, RankedContract
from ..errors import ManniError
from ..exchange import NoExchange
from ..talk import Questions
from .base import MANCHE_TARGET, Manches, OptionSpec, RuleSet, sides_of

HIGH_TO_LOW = (TEN, ACE, KING, QUEEN, JACK, NINE, EIGHT, SEVEN)
RANK_POWER = {rank: len(HIGH_TO_LOW) - i for i, rank in enumerate(HIGH_TO_LOW)}
RANK_POINTS = {TEN: 5, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
POINTS = tuple(RANK_POINTS.get(c % 13, 0) for c in range(52))  # card -> its points
DECK = sum(1 << (s * 13 + r) for s in range(4) for r in HIGH_TO_LOW)
HAND = 8
HALF = 34  # half of the 68 points of a deal (60 card points and 8 tricks)
MANCHES_TO_WIN = 2


@dataclass(frozen=True)
class ManilleTrump(RankedContract):
    """A trump suit with Manille's order (10 A K Q J 9 8 7)."""

    def __post_init__(self) -> None:
        power = tuple(RANK_POWER.get(c % 13, 0) + (100 if c // 13 == self.trump else 0)
                      for c in range(52))
        object.__setattr__(self, "power", power)
        above = tuple(sum(1 << d for d in range(52)
                          if DECK >> d & 1 and d // 13 == c // 13 and power[d] > power[c])
                      for c in range(52))
        object.__setattr__(self, "above", above)


TRUMPS = tuple(ManilleTrump(SUIT_NAMES[s], trump=s) for s in range(4))


class Parlee(Questions):
    """The parlée: on unless the match is the silent form (``talk`` off)."""

    def on(self, options):
        return options["talk"]


def side_points(deal) -> list[int]:
    """By side: card points won plus one a trick, so far."""
    side_of = deal.rules.side_of
    points = [0, 0]
    for _, cards, winner in deal.history:
        points[side_of[winner]] += 1 + sum(POINTS[c] for c in cards)
    return points


def deal_score_of(points: list[int]) -> list[int]:
    """A finished deal's score by side: the side with more scores its total minus 34."""
    return [max(0, p - HALF) for p in points]


def manches_of(deals, target: int) -> Manches:
    """The manches of a match's deals: each deal adds its bonus as it begins, then its
    score; a side wins the manche the moment it reaches ``target``."""
    done = []
    score = [0, 0]
    won = [0, 0]
    for deal in deals:
        for part in (deal.bonus, deal.score()):
            if part is None:
                continue
            score = [a + b for a, b in zip(score, part)]
            side = 0 if score[0] >= score[1] else 1
            if score[side] >= target:
                done.append((side, tuple(score)))
                won[side] += 1
                score = [0, 0]
                break
    return Manches(tuple(done), tuple(score), tuple(won))


class Manille(RuleSet):
    name = "manille"
    deck = DECK
    hand_size = HAND
    manni_size = 0
    seats = 4
    sides = ((0, 2), (1, 3))
    side_of = sides_of(sides)
    options = {"target": MANCHE_TARGET, "talk": OptionSpec(True, bool)}
    exchange = NoExchange()
    deal_type = ClimbDeal
    talk = Parlee()
    card_points = POINTS
    trick_points = 1
    cut_field = "turned"
    deal_at_once = True

    @classmethod
    def deal_pack(cls, pack, dealer):
        # Two at a time, four rounds, from the dealer's right (the next seat to play).
        hands = [0, 0, 0, 0]
        i = 0
        for _ in range(HAND // 2):
            for k in (1, 2, 3, 0):
                for c in pack[i:i + 2]:
                    hands[(dealer + k) % 4] |= 1 << c
                i += 2
        return hands, []

    @classmethod
    def cut_card(cls, pack):
        return pack[-1]  # the dealer's last card, turned up

    @classmethod
    def contract(cls, deal_number, cut):
        if cut is None:
            raise ManniError("a Manille deal needs its turned card")
        return TRUMPS[cut // 13]

    @classmethod
    def known_contract(cls, name):
        return next((c for c in TRUMPS if c.name == name), None)

    @classmethod
    def deal_score(cls, contract, tricks, options):
        raise NotImplementedError("a Manille deal scores its card points: see score()")

    @classmethod
    def score(cls, deal):
        return [0, 0] if deal.unplayed else deal_score_of(side_points(deal))

    @classmethod
    def bonus(cls, deal):
        out = [0, 0]
        out[cls.side_of[deal.dealer]] = POINTS[deal.cut]
        return out

    @classmethod
    def replay_fields(cls, deal):
        score = deal.score()
        return {
            "trump": deal.contract.name, "turned": card_code(deal.cut), "bonus": list(deal.bonus),
            "points": side_points(deal), "score": score if score is not None else [0, 0],
            "answers": [a.value for a in deal.answers],
            "questions": [{"seat": a.asker, **a.question.to_json(), "answer": a.value}
                          for a in deal.answers],
            "played": not deal.unplayed,
        }

    @classmethod
    def violation_score(cls, contract, offender, options):
        # The seed's penalty for a renonce or a false word: the deal is annulled, the other
        # side scores 34.
        out = [0, 0]
        out[1 - cls.side_of[offender]] = HALF
        return out

    @classmethod
    def negative_scores(cls, options):
        return False

    @classmethod
    def manches(cls, match) -> Manches:
        return manches_of(match.deals, match.options["target"])

    @classmethod
    def decided_before_play(cls, match, deal):
        # Did the bonus of the deal just begun (the last one) end a manche?
        target = match.options["target"]
        return len(manches_of(match.deals, target).done) > len(
            manches_of(match.deals[:-1], target).done)

    @classmethod
    def match_result(cls, match):
        m = cls.manches(match)
        for side in (0, 1):
            if m.won[side] >= MANCHES_TO_WIN:
                return True, list(cls.sides[side])
        return False, []

    @classmethod
    def match_over(cls, plus, minus, options):
        raise NotImplementedError("a Manille match ends by its manches: see match_result()")

    @classmethod
    def check_layout(cls, hands, manni, cut, dealer):
        if cut is None:
            raise ManniError('a manille deal needs its "turned" card')
        if not hands[dealer] >> cut & 1:
            raise ManniError("the turned card must be in the dealer's hand")
