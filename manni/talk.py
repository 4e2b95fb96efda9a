"""Table talk: questions one partner asks the other before a lead, answered by the engine.

A rule set with talk names a :class:`Questions` object as its ``talk``; the deal hands it
every action it ``handles`` (an :class:`Ask`), outside the order of play: either seat of the
side on lead may ask, before the trick's first card, up to ``per_trick`` questions a trick. The engine
answers from the partner's real hand, so an answer is always true, and every SeatView
lists the answers (they are public).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import register_action
from .cards import SUIT_MASKS, SUITS, card_code, card_label, parse_card
from .errors import IllegalAction, RecordError
from .inputs import brief
from .states import Phase

if TYPE_CHECKING:
    from .actions import Action
    from .deal import Deal

COUNT, HAS = "count", "has"


@dataclass(frozen=True, slots=True)
class Ask:
    """A question to one's partner: how many cards of suit ``subject`` (``kind`` "count"),
    or whether they hold card ``subject`` ("has"). The asking seat is the action's seat."""

    kind: str
    subject: int
    names_seat = True  # its record names the asking seat (it is taken out of turn)
    verb = "ask"

    def to_json(self) -> dict:
        code = SUITS[self.subject] if self.kind == COUNT else card_code(self.subject)
        return {"ask": {self.kind: code}}


@dataclass(frozen=True, slots=True)
class Answer:
    """A question asked and its answer, as the whole table heard it."""

    trick: int  # the trick it was asked before, 0-based
    asker: int
    partner: int  # the seat that answered
    question: Ask
    value: int | bool  # a count, or whether the card is held


def _ask_from_json(value) -> Ask:
    if not isinstance(value, dict) or len(value) != 1 or not set(value) <= {COUNT, HAS}:
        raise RecordError('\'ask\' must be {"count": a suit letter} or {"has": a card code}')
    ((kind, code),) = value.items()
    if kind == HAS:
        return Ask(HAS, parse_card(code))
    if not isinstance(code, str) or len(code) != 1 or not code.isascii() \
            or code.upper() not in SUITS:
        raise RecordError(f"bad suit {brief(code)}: suits are S H D C")
    return Ask(COUNT, SUITS.index(code.upper()))


register_action("ask", _ask_from_json)


def every_ask(deck: int, hand: int, played: int) -> list[Ask]:
    """Every question that makes sense to a seat holding ``hand`` (when it may ask): each
    suit's count, and each card of the deck it neither holds nor has seen played."""
    unseen = deck & ~hand & ~played
    return [*(Ask(COUNT, s) for s in range(4)),
            *(Ask(HAS, c) for c in range(52) if unseen >> c & 1)]


def voids(view) -> list[int]:
    """By seat, a mask of the suits it showed it lacks by not following one led (public)."""
    out = [0] * len(view.hand_sizes)
    for leader, cards, _ in view.history:
        led = cards[0] // 13
        for i, c in enumerate(cards):
            if c // 13 != led:
                out[(leader + i) % len(out)] |= 1 << led
    return out


def _card_fact(view, partner: int, card: int, lacks: list[int]) -> bool | None:
    """Whether the partner holds ``card`` by the turned card, an answer about the card or a
    suit shown lacking; None if none of them tells."""
    if view.cut is not None and card == view.cut:  # the turned card: the dealer's
        return view.dealer == partner
    for a in view.answers:
        if a.question.kind == HAS and a.question.subject == card:
            if a.value:  # its holder said so
                return a.partner == partner
            if a.partner == partner:
                return False
    return False if lacks[partner] >> (card // 13) & 1 else None


def _unseen(view, suit: int) -> list[int]:
    out = view.hand | view.played
    return [c for c in range(13 * suit, 13 * suit + 13)
            if view.ruleset.deck >> c & 1 and not out >> c & 1]


def _partner_count(view, partner: int, suit: int, lacks: list[int]) -> int | None:
    """How many cards of ``suit`` the partner holds now, if the table knows it: an earlier
    count answer less its plays since, or every card out of sight settled."""
    said = [a for a in view.answers if a.partner == partner and a.question.kind == COUNT
            and a.question.subject == suit]
    if said:
        n = len(view.hand_sizes)
        played = sum(1 for leader, cards, _ in view.history[said[-1].trick:]
                     for i, c in enumerate(cards)
                     if (leader + i) % n == partner and c // 13 == suit)
        return int(said[-1].value) - played
    facts = [_card_fact(view, partner, c, lacks) for c in _unseen(view, suit)]
    return None if None in facts else facts.count(True)


def _partner_holds(view, partner: int, card: int, lacks: list[int]) -> bool | None:
    """Whether the partner holds ``card``, if the table knows it already, else None."""
    fact = _card_fact(view, partner, card, lacks)
    if fact is not None:
        return fact
    count = _partner_count(view, partner, card // 13, lacks)
    if count is None:
        return None
    unseen = _unseen(view, card // 13)
    sure = sum(1 for c in unseen if _card_fact(view, partner, c, lacks))
    if count == sure:  # its count is made of cards known already
        return False
    if count == sure + sum(1 for c in unseen if _card_fact(view, partner, c, lacks) is None):
        return True  # every card it may hold, it holds
    return None


def worth_asking(view) -> list[Ask]:
    """The questions of ``view.asks`` whose answer the asker does not know already: not the
    turned card while its dealer holds it, no card whose holder an answer settled, no
    suit count the table knows (an answer less the plays since, a suit shown lacking). The
    engine still accepts the others; the page offers and the bots ask only these."""
    if not view.asks:
        return []
    partner = view.partners[0]
    lacks = voids(view)
    out = []
    for ask in view.asks:
        if ask.kind == COUNT:
            known = _partner_count(view, partner, ask.subject, lacks) is not None
        else:
            known = _partner_holds(view, partner, ask.subject, lacks) is not None
        if not known:
            out.append(ask)
    return out


def partner_of(deal: "Deal", seat: int) -> int:
    """The other seat of ``seat``'s side (sides of two)."""
    rules = deal.rules
    return next(s for s in rules.sides[rules.side_of[seat]] if s != seat)


class Questions:
    """The questions of a partnership game's talk (see the module docstring)."""

    per_trick = 2

    def on(self, options: dict) -> bool:
        """Is talk allowed in a match with these options?"""
        return True

    def handles(self, action) -> bool:
        return isinstance(action, Ask)

    def asked(self, deal: "Deal") -> int:
        """How many questions were asked before the trick to come."""
        trick = len(deal.history)
        return sum(1 for a in deal.answers if a.trick == trick)

    def refusal(self, deal: "Deal", seat: int | None) -> IllegalAction | None:
        """Why ``seat`` may not ask anything now, or None if it may."""
        if not self.on(deal.options):
            return IllegalAction("no talking in this game (the silent form)", "ask_no_talk")
        if seat is None or isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < deal.seats:
            return IllegalAction("a question must say which seat asks it", "ask_needs_seat")
        if deal.phase is not Phase.PLAY:
            return IllegalAction("questions are asked before a lead", "ask_out_of_turn")
        rules = deal.rules
        if rules.side_of[seat] != rules.side_of[deal.leader]:
            return IllegalAction("only the side on lead may ask", "ask_other_side",
                                 leader=deal.leader)
        if deal.trick:
            return IllegalAction("the trick is led: questions come before its first card",
                                 "ask_after_lead")
        if self.asked(deal) >= self.per_trick:
            return IllegalAction(f"at most {self.per_trick} questions a trick", "ask_limit",
                                 limit=self.per_trick)
        return None

    def question_refusal(self, deal: "Deal", seat: int, ask: Ask) -> IllegalAction | None:
        """Why this question makes no sense, or None (a card of the deck, not one the asker
        holds or one already played)."""
        if ask.kind == COUNT:
            return None if 0 <= ask.subject < 4 else IllegalAction("no such suit", "ask_bad")
        c = ask.subject
        if not deal.rules.deck >> c & 1:
            return IllegalAction(f"{card_label(c)} is not in this game's pack", "ask_bad",
                                 cards=[c])
        if deal.hands[seat] >> c & 1:
            return IllegalAction(f"you hold {card_label(c)} yourself", "ask_own_card", cards=[c])
        if deal.played >> c & 1:
            return IllegalAction(f"{card_label(c)} has been played", "ask_played", cards=[c])
        return None

    def legal(self, deal: "Deal", seat: int) -> list[Ask]:
        """Every question ``seat`` may ask now."""
        if self.refusal(deal, seat) is not None:
            return []
        return every_ask(deal.rules.deck, deal.hands[seat], deal.played)

    def check(self, deal: "Deal", seat: int | None, ask: "Action") -> None:
        assert isinstance(ask, Ask)  # the deal hands over only what handles() takes
        why = self.refusal(deal, seat)
        if why is None:
            assert seat is not None
            why = self.question_refusal(deal, seat, ask)
        if why is not None:
            raise why

    def answer(self, deal: "Deal", seat: int, ask: Ask) -> int | bool:
        hand = deal.hands[partner_of(deal, seat)]
        if ask.kind == COUNT:
            return (hand & SUIT_MASKS[ask.subject]).bit_count()
        return bool(hand >> ask.subject & 1)

    def apply(self, deal: "Deal", seat: int, ask: "Action") -> None:
        assert isinstance(ask, Ask)
        answer = Answer(len(deal.history), seat, partner_of(deal, seat), ask,
                        self.answer(deal, seat, ask))
        deal.answers = deal.answers + (answer,)

