"""A match: deals until the rule set says it is over.

A match is fully determined by (rule set, options, seed, first dealer, explicit layouts,
actions); ``manni.record`` reads and writes exactly that.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import Mask, cards_of, count, describe
from .deal import EXCHANGE, OVER, PLAY, Deal
from .errors import IllegalAction, ManniError
from .rng import Rng
from .states import MatchPhase
from .rules import RuleSet, get_rules
from .view import SeatView

_FIRST_DEALER_STREAM = 0xDEA1E5
DAILY_DEALS, DAILY_MANCHES = 3, 1  # a deal of the day's length (a rule set of manches: manches)
_MATCH_PHASE = {EXCHANGE: MatchPhase.EXCHANGE, PLAY: MatchPhase.PLAY, OVER: MatchPhase.DEAL_OVER}


@dataclass(frozen=True)
class Layout:
    """An explicit deal: hand masks by seat, the Manni top first, the cut card if any."""

    hands: tuple[Mask, ...]  # by seat
    manni: tuple[int, ...]
    cut: int | None = None


def _seat_list(n: int) -> str:
    return ", ".join(str(s) for s in range(n - 1)) + f" or {n - 1}"


class Match:
    def __init__(self, rules: str | type[RuleSet] = "classic", options: dict | None = None,
                 seed: int = 0, first_dealer: int | None = None,
                 layouts: list[Layout] | tuple = ()) -> None:
        self.rules = get_rules(rules)
        self.options = self.rules.resolve_options(options)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ManniError(f"the seed must be a whole number ≥ 0, not {seed!r}")
        self.seed = seed
        n = self.rules.seats
        if first_dealer is None:
            first_dealer = Rng.derived(seed, _FIRST_DEALER_STREAM).below(n)
        elif (isinstance(first_dealer, bool) or not isinstance(first_dealer, int)
              or not 0 <= first_dealer < n):
            raise ManniError(f"first_dealer must be {_seat_list(n)}, not {first_dealer!r}")
        self.first_dealer = first_dealer
        self.layouts = list(layouts)
        for i, layout in enumerate(self.layouts):
            try:
                self._check_layout(layout, (first_dealer + i) % n)
            except ManniError as e:
                raise ManniError(f"deal {i + 1}: {e}") from None
        self.deals: list[Deal] = []
        self.actions: list[Action] = []
        # Per action: the seat of an action taken outside the order of play (a question to
        # one's partner), which its record names; None for the others.
        self.action_seats: list[int | None] = []
        self._deals_before: list[int] = []  # per action: how many deals there were before it
        self.deal_scores: list[list[int]] = []
        self.finished = False
        self.winners: list[int] = []
        self.practice = False  # a practice table (free undo, open hands): marked, never ranked
        self.par: dict[int, int] = {}  # deal index -> par for seat 0's side (manni.par), once known
        self.par_level: str | None = None  # the opponents' level par was computed with
        self.daily: str | None = None  # a deal of the day (its date): a short match
        # A challenge's claims (manni.ui.challenge): {"level": name, "scores": [[yours, par]]}
        self.challenge: dict | None = None
        self._begin_deal()

    # -- dealing -----------------------------------------------------------------------
    def _check_layout(self, layout: Layout, dealer: int) -> None:
        rules = self.rules
        if len(layout.hands) != rules.seats:
            raise ManniError(f"{len(layout.hands)} hands, not {rules.seats}")
        for seat, hand in enumerate(layout.hands):
            if count(hand) != rules.hand_size:
                raise ManniError(f"seat {seat} has {count(hand)} cards, not {rules.hand_size}")
        if len(layout.manni) != rules.manni_size:
            raise ManniError(f"the Manni has {len(layout.manni)} cards, not {rules.manni_size}")
        seen = 0
        dupes = []
        for c in [*(c for h in layout.hands for c in cards_of(h)), *layout.manni]:
            if seen >> c & 1:
                dupes.append(c)
            seen |= 1 << c
        if dupes:
            raise ManniError(f"card dealt twice: {describe(dupes)}")
        if seen & ~rules.deck:
            raise ManniError(f"not in the {rules.name} deck: {describe(cards_of(seen & ~rules.deck))}")
        rules.check_layout(list(layout.hands), list(layout.manni), layout.cut, dealer)

    def dealt(self, index: int) -> Deal:
        """Deal ``index`` (0-based) as it is dealt, before any action: a new Deal that is
        not part of the match."""
        dealer = (self.first_dealer + index) % self.rules.seats
        if index < len(self.layouts):
            lay = self.layouts[index]
            hands, manni, cut = list(lay.hands), list(lay.manni), lay.cut
        else:
            pack = cards_of(self.rules.deck)
            Rng.derived(self.seed, index).shuffle(pack)
            cut = self.rules.cut_card(pack)
            hands, manni = self.rules.deal_pack(pack, dealer)
        return (self.rules.deal_type or Deal)(
            self.rules, self.options, index + 1, dealer, hands, manni, cut,
            lists=self.rules.open_lists(self.deals[:index]))

    # -- reading -----------------------------------------------------------------------
    @property
    def deal(self) -> Deal:
        return self.deals[-1]

    @property
    def phase(self) -> MatchPhase:
        if self.finished:
            return MatchPhase.MATCH_OVER
        return _MATCH_PHASE[self.deal.phase]

    @property
    def challenge_level(self) -> str | None:
        return None if self.challenge is None else self.challenge["level"]

    @property
    def turn(self) -> int | None:
        return self.deal.turn

    # Scores are by side (a Manni seat is a side of one).
    @property
    def plus(self) -> list[int]:
        return [sum(s[i] for s in self.deal_scores if s[i] > 0)
                for i in range(len(self.rules.sides))]

    @property
    def minus(self) -> list[int]:
        return [-sum(s[i] for s in self.deal_scores if s[i] < 0)
                for i in range(len(self.rules.sides))]

    @property
    def totals(self) -> list[int]:
        return [sum(s[i] for s in self.deal_scores) for i in range(len(self.rules.sides))]

    @property
    def manches(self):
        """The manches so far (a ``rules.base.Manches``), or None for a rule set without."""
        return self.rules.manches(self)

    def upcoming_deal(self) -> Deal:
        """The deal the next action acts in: the current one, or the next one as dealt
        (a new Deal, not yet part of the match) when the current one is over."""
        if self.deal.phase is OVER:
            return self.dealt(len(self.deals))
        return self.deal

    def legal_actions(self) -> list[Action]:
        if self.finished:
            return []
        return self.upcoming_deal().legal_actions()

    def view(self, seat: int) -> SeatView:
        d = self.deal
        mine = d.turn == seat
        talk = self.rules.talk
        exchange = self.rules.exchange
        limit = exchange.limit(d) if (mine and d.phase is EXCHANGE) else None
        choices = (tuple(exchange.legal(d, seat))
                   if (mine and d.phase is EXCHANGE and limit is None) else ())
        return SeatView(
            seat=seat, rules=self.rules.name, options=dict(self.options),
            exchange_kind=exchange.kind, deal_number=d.number, dealer=d.dealer,
            contract=d.contract, cut=d.cut, phase=d.phase, turn=d.turn,
            stage=exchange.stage(d) if d.phase is EXCHANGE else None, lists=d.lists,
            hand=d.hands[seat], own_out=d.out[seat], exchanged=tuple(d.exchanged),
            manni_left=len(d.manni), exchange_step=d.ex_pos, discard_limit=limit,
            discard_minimum=exchange.minimum(d) if limit is not None else 0, choices=choices,
            leader=d.leader, trick=tuple(d.trick), history=tuple(d.history),
            tricks=tuple(d.tricks), played=d.played,
            hand_sizes=tuple(count(h) for h in d.hands),
            legal=d.legal_cards() if (mine and d.phase is PLAY) else 0,
            deal_scores=tuple(tuple(s) for s in self.deal_scores),
            plus=tuple(self.plus), minus=tuple(self.minus),
            finished=self.finished, winners=tuple(self.winners),
            bonus=None if d.bonus is None else tuple(d.bonus), unplayed=d.unplayed,
            answers=d.answers, asks=tuple(talk.legal(d, seat)) if talk is not None else (),
            manches=self.manches,
        )

    # -- acting ------------------------------------------------------------------------
    def start_next_deal(self) -> None:
        if self.finished:
            raise IllegalAction("the match is over", "match_over")
        if self.deal.phase is not OVER:
            raise IllegalAction("the current deal is not over", "deal_not_over")
        self._begin_deal()

    def _begin_deal(self) -> None:
        """Deal the next deal; one that its bonus decides is over at once (then the next)."""
        while True:
            deal = self.dealt(len(self.deals))
            self.deals.append(deal)
            if not self.rules.decided_before_play(self, deal):
                return
            deal.end_unplayed()
            self._deal_over()
            if self.finished:
                return

    def _deal_over(self) -> None:
        score = self.deal.score()
        assert score is not None  # the deal is over
        self.deal_scores.append(score)
        self.finished, self.winners = self.rules.match_result(self)
        if self.daily is not None and not self.finished:
            self._daily_end()

    def _daily_end(self) -> None:
        """A deal of the day ends after DAILY_DEALS deals (DAILY_MANCHES manches): won by
        the best standing (the last manche's side)."""
        m, sides = self.manches, self.rules.sides
        if m is not None:
            if len(m.done) >= DAILY_MANCHES:
                self.finished, self.winners = True, list(sides[m.done[-1][0]])
        elif len(self.deal_scores) >= DAILY_DEALS:
            standing = self.rules.standing(self.plus, self.minus)
            best = max(standing)
            self.finished = True
            self.winners = [s for i, v in enumerate(standing) if v == best for s in sides[i]]

    def check(self, action: Action, seat: int | None = None) -> None:
        if self.finished:
            raise IllegalAction("the match is over", "match_over")
        self.upcoming_deal().check(action, seat)

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` (starting the next deal if the last one is over)."""
        self.check(action, seat)
        before = len(self.deals)
        if self.deal.phase is OVER:
            self.start_next_deal()
        self.deal.apply(action, seat)
        self.actions.append(action)
        self.action_seats.append(seat if getattr(action, "names_seat", False) else None)
        self._deals_before.append(before)
        if self.deal.phase is OVER:
            self._deal_over()
            if not self.finished and self.rules.deal_at_once:
                self._begin_deal()

    def end_deal_with(self, score) -> None:
        """The deal under way (the next one if the last is over) ends at once, scored
        ``score`` by side: a sealed deal found broken (docs/rules-notes.md). Not undone."""
        if self.finished:
            raise IllegalAction("the match is over", "match_over")
        if self.deal.phase is OVER:
            self.start_next_deal()
        self.deal.end_with(score)
        self._deal_over()
        if not self.finished and self.rules.deal_at_once:
            self._begin_deal()

    def undo(self) -> bool:
        """Take back the last action of the match; False if there is none."""
        if not self.actions:
            return False
        while self.deal.actions_taken == 0:
            if self.deals.pop().phase is OVER:  # begun and decided by its bonus
                self.deal_scores.pop()
        if self.deal.phase is OVER:
            self.deal_scores.pop()
            self.finished, self.winners = False, []
        self.deal.undo()
        self.actions.pop()
        self.action_seats.pop()
        # A deal that this action started (the previous one was over) goes away with it.
        del self.deals[self._deals_before.pop():]
        self.par = {i: p for i, p in self.par.items() if i < len(self.deal_scores)}
        return True

    def copy(self) -> "Match":
        """A copy that shares nothing mutable with this match (undo history included)."""
        twin = Match.__new__(Match)
        twin.rules, twin.options = self.rules, dict(self.options)
        twin.seed, twin.first_dealer, twin.layouts = self.seed, self.first_dealer, list(self.layouts)
        twin.deals = []
        for deal in self.deals:
            d = deal.copy(keep_undo=True)
            d.options = twin.options
            twin.deals.append(d)
        twin.actions = list(self.actions)
        twin.action_seats = list(self.action_seats)
        twin._deals_before = list(self._deals_before)
        twin.deal_scores = [list(s) for s in self.deal_scores]
        twin.finished, twin.winners = self.finished, list(self.winners)
        twin.practice = self.practice
        twin.par, twin.par_level, twin.daily = dict(self.par), self.par_level, self.daily
        twin.challenge = self.challenge  # read only
        return twin
