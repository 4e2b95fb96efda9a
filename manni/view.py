"""What one seat may know. Bots and the UI get a SeatView, never the true state.

A view holds the seat's own hand and own discards, the cards played, the trick history,
the exchange as the table saw it (who took the Manni, how many cards each exchanged),
and the scores. It never holds another seat's cards, the Manni or anyone else's discards.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Play
from .cards import cards_of
from .rules import RuleSet, get_rules
from .rules.base import Contract, Manches
from .states import ExchangeKind, MatchPhase, Phase


@dataclass(frozen=True)
class SeatView:
    """What one seat may know of the match now: never another seat's hand."""

    seat: int
    rules: str
    options: dict
    exchange_kind: str  # an ExchangeKind, or a plug-in rule set's own
    deal_number: int
    dealer: int
    contract: Contract
    cut: int | None
    phase: Phase
    turn: int | None
    stage: str | None  # in the exchange: what the seat in turn is asked (exchange.stage())
    lists: tuple | None  # per seat, contracts left on its list when the deal began, or None
    hand: int  # mask
    own_out: int  # mask of the cards this seat put out of play
    exchanged: tuple  # per seat: cards exchanged, None if not asked yet
    manni_left: int
    exchange_step: int  # how many exchange turns have passed
    discard_limit: int | None  # draw exchange, on this seat's turn
    discard_minimum: int  # ... and how many cards it must discard at least
    choices: tuple  # other exchange steps, on this seat's turn: the actions open (Take, Keep, ...)
    leader: int
    trick: tuple[int, ...]  # cards of the current trick in play order, from the leader
    history: tuple  # completed tricks: (leader, cards, winner)
    tricks: tuple[int, ...]
    played: int  # mask of every card played in this deal
    hand_sizes: tuple[int, ...]
    legal: int  # mask of playable cards when it is this seat's turn to play
    deal_scores: tuple  # scores of the finished deals of the match
    plus: tuple[int, ...]
    minus: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]  # seats (all the seats of the winning side)
    # Added for partnership games; a Manni view has bonus None, no answers, no asks.
    bonus: tuple[int, ...] | None = None  # by side: what the deal scored as it was dealt
    unplayed: bool = False  # the deal ended before a card (its bonus decided the manche)
    answers: tuple = ()  # the deal's table talk, public: manni.talk.Answer, in order
    asks: tuple = ()  # the questions this seat may ask now (manni.talk.Ask)
    manches: Manches | None = None  # rules.base.Manches for a game played in manches, else None

    @property
    def ruleset(self) -> type[RuleSet]:
        return get_rules(self.rules)

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    @property
    def manni_taken_by(self) -> int | None:
        if self.exchange_kind != ExchangeKind.SWAP:
            return None
        return next((s for s in range(len(self.exchanged)) if self.exchanged[s]), None)

    @property
    def totals(self) -> tuple[int, ...]:
        """By side: the net score of the finished deals."""
        return tuple(self.plus[s] - self.minus[s] for s in range(len(self.plus)))

    @property
    def seats(self) -> int:
        return len(self.hand_sizes)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self.ruleset.sides

    @property
    def side(self) -> int:
        """This seat's side (the index into by-side scores)."""
        return self.ruleset.side_of[self.seat]

    @property
    def partners(self) -> tuple[int, ...]:
        """The other seats of this seat's side (none in Manni)."""
        return tuple(s for s in self.sides[self.side] if s != self.seat)

    def trick_seats(self) -> list[int]:
        return [(self.leader + i) % self.seats for i in range(len(self.trick))]

    def legal_actions(self) -> list[Action]:
        """The actions open to this seat now (discards: only the count limit is given)."""
        if not self.my_turn:
            return []
        if self.phase == Phase.PLAY:
            return [Play(c) for c in cards_of(self.legal)]
        return list(self.choices)


def match_phase(v: SeatView) -> str:
    """The match's phase as a seat's view shows it (a page that holds no ``Match``)."""
    if v.finished:
        return MatchPhase.MATCH_OVER
    return MatchPhase.DEAL_OVER if v.phase == Phase.OVER else v.phase
