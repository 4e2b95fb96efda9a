"""Manni's lesson, and :func:`script_for`, which picks the lesson of a rule set (Manille's is
in ``tutorial_manille``; the runner in ``lesson``).

Pure Python, no ``js``. Manni's deal is an explicit Classic layout (you are on the dealer's
left, so you are asked first about the Manni and lead the first trick, with a hand worth
keeping and no clubs) that still loses a few tricks. The opponents follow a plain,
predictable rule (:class:`TutorialBot`). A tutorial match is a practice match (it
never counts) and is never saved over your match.
"""

from __future__ import annotations

from ..actions import KEEP, Play
from ..cards import SUIT_MASKS, cards_of, mask_of, parse_card
from ..match import Layout, Match
from ..states import MatchPhase, Phase
from .lesson import Script
from .tutorial_manille import MANILLE

YOU = 0


def _mask(codes: str) -> int:
    return mask_of([parse_card(c) for c in codes.split()])


# Deal 1 of Classic: hearts are trumps. The dealer is seat 2.
LAYOUT = Layout(
    hands=(_mask("AH QH TH 8H 6H AS KS 4S 3S AD 5D 3D"),
           _mask("KH JH 7H QS JS TS KD QD JD AC KC QC"),
           _mask("9H 5H 9S 8S 7S 6S TD 9D 8D JC TC 9C")),
    manni=tuple(parse_card(c) for c in "4H 3H 5S 7D 6D 4D 8C 7C 6C 5C 4C 3C".split()),
)


def tutorial_match() -> Match:
    m = Match("classic", {"target": 10, "minus_points": False}, seed=0, first_dealer=2,
              layouts=[LAYOUT])
    m.practice = True
    return m


class TutorialBot:
    """Predictable opponents: keep the hand; lead the lowest card of the longest suit;
    otherwise win as cheaply as possible (following suit, or ruffing when void), and when
    that can't be done, play the lowest card they may."""

    level = "tutorial"

    def choose(self, view):
        if view.phase == Phase.EXCHANGE:
            return KEEP
        contract = view.contract
        power, trump, hand = contract.power, contract.trump, view.hand

        def lowest(cards) -> int:
            return min(cards, key=lambda c: power[c])

        if not view.trick:
            longest = max(range(4), key=lambda s: ((hand & SUIT_MASKS[s]).bit_count(), s != trump))
            return Play(lowest(cards_of(hand & SUIT_MASKS[longest])))
        legal = cards_of(view.legal)
        winners = [c for c in legal if contract.trick_winner(list(view.trick) + [c]) == len(view.trick)]
        return Play(lowest(winners or legal))

    def steps(self, view):
        return self.choose(view)
        yield  # pragma: no cover  (a generator, like the bots' steps)


def _trump_won(m: Match) -> bool:
    d = m.deal
    if not d.history or d.contract.trump is None:
        return False
    leader, cards, winner = d.history[-1]
    win_card = cards[(winner - leader) % 3]
    return win_card // 13 == d.contract.trump and cards[0] // 13 != d.contract.trump


def _your_turn_to_follow(m: Match, has_suit: bool) -> bool:
    d = m.deal
    if m.phase != MatchPhase.PLAY or m.turn != YOU or not d.trick:
        return False
    return bool(d.hands[YOU] & SUIT_MASKS[d.trick[0] // 13]) == has_suit


# (lesson, its moment) in order of priority; each is shown once.
LESSONS = (
    ("exchange", lambda m: m.phase == MatchPhase.EXCHANGE and m.turn == YOU),
    ("lead", lambda m: m.phase == MatchPhase.PLAY and m.turn == YOU and not m.deal.history and not m.deal.trick),
    ("deal_over", lambda m: m.phase in (MatchPhase.DEAL_OVER, MatchPhase.MATCH_OVER)),
    ("fifth_trick", lambda m: m.deal.tricks[YOU] == 5 and m.deal.history[-1][2] == YOU),
    ("trump_won", _trump_won),
    ("follow", lambda m: _your_turn_to_follow(m, True)),
    ("void", lambda m: _your_turn_to_follow(m, False)),
)


def _manni_params(m: Match) -> dict:
    return {"tricks": m.deal.tricks[YOU], "score": m.deal_scores[-1][YOU] if m.deal_scores else 0}


MANNI = Script("tutorial", tutorial_match, TutorialBot, LESSONS, _manni_params)


def script_for(rules: str) -> Script:
    """The lesson of a rule set (by its engine name); Manni's for every Manni rule set."""
    return next((s for s in (MANILLE,) if rules in s.rules), MANNI)
