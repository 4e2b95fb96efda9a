"""The end-of-deal check every page runs on the same transcript, to the same verdict.

Once every seat has revealed its deal secrets (its key's secret, its shuffle's order and
masks), a page checks, in this order, stopping at the first fault:

1. each secret against the seat's public key;
2. each shuffle, in the order they were made, by redoing it from its secrets;
3. the deal itself: the revealed pack laid out by the rule set and every action of the
   deal replayed through the engine (``Deal.apply``: the duty to follow, climb and
   overtrump, the exchange's limits, the parlée's questions), each answer of the parlée
   against the engine's own answer from the real hand.

The first fault names its seat. A page that stopped the deal (``halt``) with no fault to
show for it is the one at fault.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action, Discard, Play
from ..deal import Deal
from ..errors import IllegalAction
from ..rules import RuleSet
from ..rules.base import Contract
from .curve import FixedBase, Point, Steps, drain, mul_g
from .elgamal import Cipher, remask_steps
from .layout import deck_cards, layout_of


@dataclass(frozen=True)
class Reveal:
    """A seat's deal secrets."""

    secret: int
    order: tuple[int, ...]
    masks: tuple[int, ...]


@dataclass(frozen=True)
class Verdict:
    """The deal's outcome as every page finds it: ``offender`` None means all was fair."""

    offender: int | None
    reason: str  # "fair", or the fault: "wrong_secret", "bad_shuffle", an IllegalAction key, ...
    detail: str
    pack: tuple[int, ...] | None = None  # the deal's pack, top first, once it is known
    score: tuple[int, ...] | None = None  # by side: the deal's own, or the penalty

    @property
    def fair(self) -> bool:
        return self.offender is None


@dataclass
class Transcript:
    """What every page holds of a deal once it is over: the public part of it."""

    rules: type[RuleSet]
    options: dict
    number: int
    dealer: int
    lists: tuple | None
    keys: dict[int, Point]
    shufflers: tuple[int, ...]
    decks: list[list[Cipher]]  # the open deck, then the deck after each shuffle
    log: list[tuple]  # ("act", seat, action) / ("play", seat, position, card) / ("ask", seat, ask, value)
    halt: tuple[int, str] | None  # (seat, reason) of a page that stopped the deal
    contract: Contract  # the deal's contract as the table knows it (the penalty's)
    unplayed: bool = False  # over before a card was played (Manille's bonus won the manche)


def fault(t: Transcript, seat: int, reason: str, detail: str,
          pack: tuple[int, ...] | None = None) -> Verdict:
    """The verdict against ``seat``, with the rule set's penalty as the deal's score."""
    score = tuple(t.rules.violation_score(t.contract, seat, t.options))
    return Verdict(seat, reason, detail, pack, score)


def missing_reveal(t: Transcript, seats: list[int], reason: str = "no_reveal") -> Verdict:
    """The verdict when the clock ran out on these seats (the first one forfeits)."""
    first = min(seats)
    what = "reveal its deal secrets" if reason == "no_reveal" else "send what the deal needed"
    return fault(t, first, reason, f"seat {first} did not {what} in time")


def audit(t: Transcript, reveals: dict[int, Reveal], joint: FixedBase,
          trusted: int | None = None) -> Verdict:
    return drain(audit_steps(t, reveals, joint, trusted))


def audit_steps(t: Transcript, reveals: dict[int, Reveal], joint: FixedBase,
                trusted: int | None = None) -> Steps:
    """The verdict, in steps; ``trusted``: the auditing page's own seat, whose secrets it
    made itself and need not check (an honest page's verdict is the same either way)."""
    n = t.rules.seats
    for seat in range(n):
        if seat != trusted and mul_g(reveals[seat].secret) != t.keys[seat]:
            return fault(t, seat, "wrong_secret", f"seat {seat}'s secret does not match its key")
    yield
    size = len(t.decks[0])
    pack = list(deck_cards(t.rules))
    for k, seat in enumerate(t.shufflers):
        r = reveals[seat]
        if sorted(r.order) != list(range(size)) or len(r.masks) != size:
            return fault(t, seat, "bad_shuffle", f"seat {seat}'s shuffle is not a permutation")
        if seat != trusted:
            redone = yield from remask_steps(t.decks[k], list(r.order), list(r.masks), joint)
            if redone != t.decks[k + 1]:
                return fault(t, seat, "bad_shuffle",
                             f"seat {seat}'s shuffle is not what its secrets make")
        pack = [pack[i] for i in r.order]
    return _replay(t, pack)


def engine_actions(log: list[tuple], pack: list[int]) -> list[tuple[Action, int]]:
    """The deal's actions as the engine takes them, (action, seat), cards named as cards:
    what ``Match.apply`` replays once the pack is known."""
    out: list[tuple[Action, int]] = []
    for entry in log:
        kind, seat, action = entry[0], entry[1], entry[2]
        if kind == "play":
            action = Play(pack[action])
        elif isinstance(action, Discard):
            action = Discard(tuple(pack[p] for p in action.cards))
        out.append((action, seat))
    return out


def _replay(t: Transcript, pack: list[int]) -> Verdict:
    lay = layout_of(t.rules, t.dealer, pack)
    deal = (t.rules.deal_type or Deal)(t.rules, t.options, t.number, t.dealer, list(lay.hands),
                                       list(lay.manni), lay.cut, lists=t.lists)
    done = tuple(pack)
    for entry, (action, seat) in zip(t.log, engine_actions(t.log, pack)):
        if entry[0] == "play" and pack[entry[2]] != entry[3]:
            # the share proofs make this impossible; kept as a guard
            return fault(t, seat, "wrong_card", f"seat {seat} opened a card it does not hold",
                         done)
        try:
            deal.apply(action, seat)
        except IllegalAction as e:
            return fault(t, seat, e.key, f"seat {seat}: {e}", done)
        if entry[0] == "ask":
            told = deal.answers[-1]
            if told.value != entry[3] or isinstance(told.value, bool) != isinstance(entry[3], bool):
                return fault(t, told.partner, "false_answer",
                             f"seat {told.partner} answered {entry[3]!r}, the hand says "
                             f"{told.value!r}", done)
    if t.unplayed and not t.log:
        deal.end_unplayed()
    if t.halt is not None:
        seat, reason = t.halt
        return fault(t, seat, "false_halt", f"seat {seat} stopped the deal ({reason}) "
                     "but the deal shows no fault", done)
    score = deal.score()
    return Verdict(None, "fair", "every shuffle, card and answer checks out", done,
                   None if score is None else tuple(score))
