"""Learn by playing Manille: a fixed deal that teaches climbing, trumping and
overtrumping, the partner's exemption and the count.

Pure Python, no ``js``. You deal (seat 0): the turned card is yours and the seat on your
right leads, so you play last to the first trick. The deal is silent (no parlée) and the
opponents follow a plain rule (:class:`ManilleTutorialBot`);
as in Manni's lesson, the first moment that has come (and was not shown yet) becomes the
prompt after every action, so any way of playing reaches the end, where the one-deal
match is over and its result panel offers to leave or replay the lesson. Texts:
``lesson_manille.<moment>``.
"""

from __future__ import annotations

from ..actions import Play
from ..cards import SUIT_MASKS, cards_of, mask_of, parse_card
from ..errors import IllegalAction
from ..match import Layout, Match
from ..rules.manille import POINTS, side_points
from ..states import MatchPhase
from .lesson import Script

YOU = 0
PARTNER = 2


def _mask(codes: str) -> int:
    return mask_of([parse_card(c) for c in codes.split()])


# Hearts are trumps: the turned 9 of hearts is yours (no bonus).
TURNED = parse_card("9H")
LAYOUT = Layout(
    hands=(_mask("9H TH 8S QD KD 7C JC AC"),
           _mask("8H JH AH JS QS AS 9D 8C"),
           _mask("KH 7S 9S TS JD AD 9C TC"),
           _mask("7H QH KS 7D 8D TD QC KC")),
    manni=(), cut=TURNED)


class OneDeal(Match):
    """A match of one deal: over when its deal is (Manille would deal the next at once);
    the side with more points wins it."""

    def _deal_over(self) -> None:
        super()._deal_over()
        score = self.deal_scores[-1]
        self.finished = True
        self.winners = list(self.rules.sides[score.index(max(score))])


def manille_tutorial_match() -> Match:
    m = OneDeal("manille", {"target": 50, "talk": False}, seed=0, first_dealer=YOU,
              layouts=[LAYOUT])
    m.practice = True
    return m


class ManilleTutorialBot:
    """Predictable players: lead the highest card of their longest side suit; when their
    partner is winning, play their lowest card; else win as cheaply as they may, or play
    their lowest card."""

    level = "tutorial"

    def choose(self, view):
        contract, hand = view.contract, view.hand
        power = contract.power

        def lowest(cards) -> int:
            return min(cards, key=lambda c: (power[c], c))

        if not view.trick:
            suits = [s for s in range(4) if s != contract.trump and hand & SUIT_MASKS[s]]
            s = max(suits or [contract.trump],
                    key=lambda s: ((hand & SUIT_MASKS[s]).bit_count(), s))
            return Play(max(cards_of(hand & SUIT_MASKS[s]), key=lambda c: power[c]))
        legal = cards_of(view.legal)
        trick = list(view.trick)
        if view.ruleset.side_of[(view.leader + contract.trick_winner(trick)) % 4] == view.side:
            return Play(lowest(legal))
        winners = [c for c in legal if contract.trick_winner(trick + [c]) == len(trick)]
        return Play(lowest(winners or legal))

    def steps(self, view):
        return self.choose(view)
        yield  # pragma: no cover  (a generator, like the bots' steps)


def _your_turn(m: Match) -> bool:
    return m.phase == MatchPhase.PLAY and m.turn == YOU and bool(m.deal.trick)


def duty(m: Match) -> str | None:
    """Why some of your cards may not be played now (the refusal's key), if any."""
    d = m.deal
    barred = d.hands[YOU] & ~d.legal_cards()
    if not barred:
        return None
    try:
        m.check(Play(cards_of(barred)[0]), YOU)
    except IllegalAction as e:
        return e.key
    return None


def _partner_winning(m: Match) -> bool:
    d = m.deal
    return _your_turn(m) and (d.leader + d.contract.trick_winner(list(d.trick))) % 4 == PARTNER


def _side_won_last(m: Match) -> bool:
    d = m.deal
    return m.phase == MatchPhase.PLAY and bool(d.history) and d.history[-1][2] in (YOU, PARTNER)


def _params(m: Match) -> dict:
    d = m.deals[0]
    ours, theirs = side_points(d)
    last = d.history[-1][1] if d.history else ()
    return {"points": 1 + sum(POINTS[c] for c in last) if last else 0, "ours": ours,
            "theirs": theirs, "score": max(0, ours - 34)}


# (moment, when) in order of priority; the first is the opening prompt.
LESSONS = (
    ("intro", lambda m: m.phase == MatchPhase.PLAY and not m.deal.history and not m.deal.trick),
    ("deal_over", lambda m: m.phase == MatchPhase.MATCH_OVER),
    ("climb", lambda m: _your_turn(m) and duty(m) == "must_beat"),
    ("overtrump", lambda m: _your_turn(m) and duty(m) == "must_overtrump"),
    ("trump", lambda m: _your_turn(m) and duty(m) == "must_trump"),
    ("partner", _partner_winning),
    ("count", _side_won_last),
)

MANILLE = Script("lesson_manille", manille_tutorial_match, ManilleTutorialBot, LESSONS, _params,
                 rules=("manille",))
