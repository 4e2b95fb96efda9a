"""One deal as a state machine: exchange -> tricks (a hand's worth) -> scored.

The contract (and cut) are fixed when the deal is laid out, or declared during the
exchange, which the rule set's exchange strategy runs; then tricks are played. Every action is checked first and refused
with an :class:`IllegalAction` that leaves the state exactly as it was; ``undo()`` takes the
last action back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Play, Take
from .cards import SUIT_MASKS, SUIT_NAMES, card_label, cards_of, count, describe, mask_of
from .errors import IllegalAction
from .states import ExchangeKind, Phase

if TYPE_CHECKING:  # rules/ imports the deal classes of its rule sets
    from .rules.base import Contract, RuleSet

# A deal's phase is always one of these members, so the hot paths compare with `is`.
EXCHANGE, PLAY, OVER = Phase.EXCHANGE, Phase.PLAY, Phase.OVER


class Deal:
    __slots__ = (
        "rules", "options", "number", "dealer", "contract", "cut", "seats",
        "hands", "manni", "out", "phase", "ex_pos", "ex_state", "exchanged", "lists",
        "leader", "trick", "tricks", "history", "played", "answers", "bonus", "unplayed",
        "penalty", "_undo",
    )

    def __init__(self, rules: type[RuleSet], options: dict, number: int, dealer: int,
                 hands: list[int], manni: list[int], cut: int | None = None,
                 lists: tuple | None = None) -> None:
        self.rules = rules
        self.options = options
        self.number = number  # 1-based within the match
        self.dealer = dealer
        self.cut = cut
        self.contract: Contract = rules.contract(number, cut)
        self.seats = n = rules.seats
        self.hands = list(hands)
        self.manni = list(manni)  # top first
        self.out = [0] * n  # cards each seat put out of play (discards, a swapped hand)
        self.phase = EXCHANGE
        self.ex_pos = 0
        self.exchanged: list[int | None] = [None] * n
        self.leader = (dealer + 1) % n
        self.trick: list[int] = []
        self.tricks = [0] * n
        self.history: list[tuple[int, tuple[int, ...], int]] = []  # (leader, cards, winner)
        self.played = 0
        self.answers: tuple = ()  # the table talk's answers so far (see manni.talk)
        self.bonus: list[int] | None = rules.bonus(self)  # scored, by side, as it is dealt
        self.unplayed = False  # over before a card was played (its bonus decided it)
        self.penalty: list[int] | None = None  # its score when a sealed deal was broken
        self._undo: list[tuple] = []
        # Per seat, the contracts still on its list when this deal began (declaring rule sets).
        self.lists = lists
        self.ex_state = rules.exchange.start(self)

    # -- reading -----------------------------------------------------------------------
    @property
    def turn(self) -> int | None:
        if self.phase is PLAY:
            return (self.leader + len(self.trick)) % self.seats
        if self.phase is EXCHANGE:
            return self.rules.exchange.turn(self)
        return None

    @property
    def manni_taken_by(self) -> int | None:
        if self.rules.exchange.kind != ExchangeKind.SWAP:
            return None
        for s in range(self.seats):
            if self.exchanged[s]:
                return s
        return None

    def legal_cards(self) -> int:
        """Mask of the cards the seat to play may play now."""
        hand = self.hands[(self.leader + len(self.trick)) % self.seats]
        if self.trick:
            follow = hand & SUIT_MASKS[self.trick[0] // 13]
            if follow:
                return follow
        return hand

    def legal_actions(self) -> list[Action]:
        if self.phase is PLAY:
            return [Play(c) for c in cards_of(self.legal_cards())]
        if self.phase is EXCHANGE:
            return self.rules.exchange.legal(self, self.rules.exchange.turn(self))
        return []

    def score(self) -> list[int] | None:
        if self.phase is not OVER:
            return None
        if self.penalty is not None:
            return list(self.penalty)
        return self.rules.score(self)

    # -- acting ------------------------------------------------------------------------
    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise IllegalAction with the reason if ``action`` is not allowed now."""
        if not isinstance(action, Play):
            talk = self.rules.talk
            if talk is not None and talk.handles(action):
                talk.check(self, seat, action)
                return
        turn = self.turn
        if turn is None:
            raise IllegalAction("the deal is over", "deal_over")
        if seat is not None and seat != turn:
            raise IllegalAction(f"not seat {seat}'s turn (seat {turn} is to act)", "not_your_turn",
                                seat=seat, turn=turn)
        if self.phase is EXCHANGE:
            if isinstance(action, Play):
                raise IllegalAction("cards are played after the exchange", "exchange_first")
            self.rules.exchange.check(self, turn, action)
            return
        if not isinstance(action, Play):
            if self.manni_taken_by is not None and isinstance(action, Take):
                raise IllegalAction("the Manni was already taken", "manni_taken")
            raise IllegalAction("the exchange is over: play a card", "exchange_over")
        c = action.card
        hand = self.hands[turn]
        if not (hand >> c & 1):
            raise IllegalAction(f"you do not hold {card_label(c)}", "not_held", cards=[c])
        self._check_card(hand, c)

    def _check_card(self, hand: int, c: int) -> None:
        """Refuse a held card that the play rule does not allow now (here: follow suit)."""
        if self.trick:
            lead = self.trick[0] // 13
            follow = hand & SUIT_MASKS[lead]
            if follow and c // 13 != lead:
                cards = cards_of(follow)
                raise IllegalAction(f"must follow {SUIT_NAMES[lead]} (you hold {describe(cards)})",
                                    "must_follow", suit=lead, cards=cards)

    def apply(self, action: Action, seat: int | None = None) -> None:
        self.check(action, seat)
        self._undo.append(self._snapshot())
        if self.phase is EXCHANGE:
            self.rules.exchange.apply(self, self.rules.exchange.turn(self), action)
        elif isinstance(action, Play):
            self._play(action.card)
        else:  # check() let it through: the table talk's
            talk = self.rules.talk
            assert talk is not None and seat is not None
            talk.apply(self, seat, action)

    def play(self, card: int) -> None:
        """Fast path for search: play ``card`` for the seat in turn, unchecked, no undo."""
        self._play(card)

    def _play(self, c: int) -> None:
        n = self.seats
        seat = (self.leader + len(self.trick)) % n
        self.hands[seat] &= ~(1 << c)
        self.played |= 1 << c
        trick = self.trick
        trick.append(c)
        if len(trick) == n:
            winner = (self.leader + self.contract.trick_winner(trick)) % n
            self.history.append((self.leader, tuple(trick), winner))
            self.tricks[winner] += 1
            self.leader = winner
            self.trick = []
            if len(self.history) == self.rules.hand_size:
                self.phase = OVER

    # -- what an exchange strategy may do ------------------------------------------------
    def exchange_cards(self, seat: int, discard: int, draw: int, shown: int | None = None) -> None:
        """``seat`` puts the cards of mask ``discard`` out of play and draws ``draw`` cards
        from the top of the Manni; the table sees that it exchanged ``shown`` cards (by
        default ``draw``)."""
        drawn = self.manni[:draw]
        self.manni = self.manni[draw:]
        self.hands[seat] = (self.hands[seat] & ~discard) | mask_of(drawn)
        self.out[seat] |= discard
        self.exchanged[seat] = draw if shown is None else shown

    def set_contract(self, contract: Contract) -> None:
        """Change what the deal is played for (a contract declared in the exchange)."""
        self.contract = contract

    def next_exchange_turn(self) -> None:
        self.ex_pos += 1

    def end_exchange(self) -> None:
        """The exchange is over: the seat after the dealer leads the first trick."""
        self.phase = PLAY
        self.leader = (self.dealer + 1) % self.seats

    def end_unplayed(self) -> None:
        """The deal is over before a card is played (its bonus decided the manche)."""
        self.phase = OVER
        self.unplayed = True

    def end_with(self, score) -> None:
        """The deal is over, scored ``score`` by side, not by its tricks (a sealed deal
        found broken: ``RuleSet.violation_score``)."""
        self.phase = OVER
        self.penalty = [int(x) for x in score]

    # -- undo and copies ---------------------------------------------------------------
    def _snapshot(self) -> tuple:
        return (list(self.hands), list(self.manni), list(self.out), self.phase, self.ex_pos,
                self.ex_state, list(self.exchanged), self.leader, list(self.trick),
                list(self.tricks), len(self.history), self.played, self.contract, self.answers)

    def undo(self) -> bool:
        """Take back the last action; False if there is none."""
        if not self._undo:
            return False
        (self.hands, self.manni, self.out, self.phase, self.ex_pos, self.ex_state, self.exchanged,
         self.leader, self.trick, self.tricks, n, self.played, self.contract,
         self.answers) = self._undo.pop()
        del self.history[n:]
        return True

    @property
    def actions_taken(self) -> int:
        return len(self._undo)

    def copy(self, keep_undo: bool = False) -> "Deal":
        """An independent copy for search (with the undo history only if ``keep_undo``)."""
        d = object.__new__(type(self))
        d.rules, d.options, d.number, d.dealer = self.rules, self.options, self.number, self.dealer
        d.contract, d.cut, d.seats = self.contract, self.cut, self.seats
        d.answers, d.bonus, d.unplayed = self.answers, self.bonus, self.unplayed
        d.penalty = self.penalty
        d.hands, d.manni, d.out = list(self.hands), list(self.manni), list(self.out)
        d.phase, d.ex_pos, d.exchanged = self.phase, self.ex_pos, list(self.exchanged)
        d.ex_state, d.lists = self.ex_state, self.lists
        d.leader, d.trick, d.tricks = self.leader, list(self.trick), list(self.tricks)
        d.history, d.played = list(self.history), self.played
        # A snapshot's lists become the deal's own again on undo: copy them too.
        d._undo = ([tuple(list(x) if isinstance(x, list) else x for x in snap) for snap in self._undo]
                   if keep_undo else [])
        return d

    def hand_size(self, seat: int) -> int:
        return count(self.hands[seat])
