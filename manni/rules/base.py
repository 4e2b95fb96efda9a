"""What every rule set shares, and the hooks through which they differ.

A rule set is a subclass of :class:`RuleSet`: class attributes hold the data (deck, sizes,
options) and a few methods are the hooks (how the pack is dealt, which contract a deal has,
how the exchange runs, how a deal and a match are scored). The deal and match state
machines in ``manni.deal`` and ``manni.match`` call only these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from ..cards import ACE, SUIT_NAMES
from ..errors import ManniError

if TYPE_CHECKING:
    from ..exchange import Exchange
    from ..talk import Questions


@dataclass(frozen=True)
class Contract:
    """What a deal is played for: a trump suit, or no trump (Grand, Nóló)."""

    name: str  # "hearts", "spades", "diamonds", "clubs", "grand" or "nolo"
    trump: int | None = None
    ace_low: bool = False
    # power[c]: how strongly card c wins a trick when it may win at all; trumps above all.
    power: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        power = []
        for c in range(52):
            r = c % 13
            p = -1 if (self.ace_low and r == ACE) else r
            power.append(p + (100 if c // 13 == self.trump else 0))
        object.__setattr__(self, "power", tuple(power))

    @property
    def kind(self) -> str:
        return "trump" if self.trump is not None else self.name

    def trick_winner(self, cards) -> int:
        """Index (in play order) of the card that wins a trick."""
        lead = cards[0] // 13
        trump = self.trump
        power = self.power
        best, best_power = 0, power[cards[0]]
        for i in range(1, len(cards)):
            c = cards[i]
            s = c // 13
            if s == lead or s == trump:
                p = power[c]
                if p > best_power:
                    best, best_power = i, p
        return best

    @staticmethod
    def trump_suit(suit: int) -> "Contract":
        return _TRUMPS[suit]


_TRUMPS = tuple(Contract(SUIT_NAMES[s], trump=s) for s in range(4))
GRAND = Contract("grand")
NOLO = Contract("nolo", ace_low=True)
CONTRACTS = {c.name: c for c in (*_TRUMPS, GRAND, NOLO)}


@dataclass(frozen=True)
class OptionSpec:
    """One option of a rule set: its default and the values it may take."""

    default: object
    kind: type
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()  # for kind str: the allowed words
    values: tuple[int, ...] = ()  # for kind int: the allowed numbers, if not a range

    def check(self, name: str, value):
        if self.kind is str:
            if value not in self.choices:
                raise ManniError(f"option {name!r} must be one of {', '.join(self.choices)}, "
                                 f"not {value!r}")
            return value
        if self.kind is bool:
            if not isinstance(value, bool):
                raise ManniError(f"option {name!r} must be true or false")
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise ManniError(f"option {name!r} must be a whole number")
        if self.values:
            if value not in self.values:
                allowed = ", ".join(str(v) for v in self.values)
                raise ManniError(f"option {name!r} must be one of {allowed}, not {value}")
            return value
        low, high = self.low, self.high
        if low is None or high is None or not low <= value <= high:
            raise ManniError(f"option {name!r} must be from {self.low} to {self.high}, not {value}")
        return value


@dataclass(frozen=True)
class Manches:
    """A match played in manches: the finished ones, the one under way, the count won."""

    done: tuple[tuple[int, tuple[int, ...]], ...]  # (winning side, final score by side)
    score: tuple[int, ...]  # by side, of the manche under way
    won: tuple[int, ...]  # by side: manches won


TARGET = OptionSpec(10, int, 5, 20)  # points to win a match: the one place for its bounds
MANCHE_TARGET = OptionSpec(50, int, values=(50, 100, 150))  # points to win a manche


def sides_of(sides: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Seat -> the index of its side, from the sides as tuples of seats."""
    return tuple(next(i for i, side in enumerate(sides) if s in side)
                 for s in range(sum(len(side) for side in sides)))


class RuleSet:
    name: ClassVar[str]
    deck: ClassVar[int]  # bitmask of the cards in play
    hand_size: ClassVar[int] = 12
    manni_size: ClassVar[int]
    # The table: seats are numbered in the order of play (seat s + 1 plays after seat s),
    # and each side is the seats that score together. Manni: three seats, each alone.
    seats: ClassVar[int] = 3
    sides: ClassVar[tuple[tuple[int, ...], ...]] = ((0,), (1,), (2,))
    side_of: ClassVar[tuple[int, ...]] = sides_of(sides)  # seat -> its side
    # The Deal class that plays the tricks (None: manni.deal.Deal, follow suit only).
    deal_type: ClassVar[type | None] = None
    # What the table may say during play (None: nothing; see manni.talk).
    talk: ClassVar["Questions | None"] = None
    # Card points (card -> points; None: only tricks count) and what a trick adds to them.
    card_points: ClassVar[tuple[int, ...] | None] = None
    trick_points: ClassVar[int] = 0
    # The layout field naming the card that sets the contract ("cut", or "turned").
    cut_field: ClassVar[str] = "cut"
    # Does a deal begin the moment the one before it ends (rather than with the next action)?
    deal_at_once: ClassVar[bool] = False
    options: ClassVar[dict[str, OptionSpec]] = {"target": TARGET}
    exchange: ClassVar["Exchange"]
    # The score sheet keeps plus and minus columns apart (see ``standing`` for the target).
    split_columns: ClassVar[bool] = False

    # -- options -----------------------------------------------------------------------
    @classmethod
    def resolve_options(cls, given: dict | None) -> dict:
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise ManniError("options must be an object")
        out = {}
        for key in given:
            if key not in cls.options:
                known = ", ".join(sorted(cls.options))
                raise ManniError(f"unknown option {key!r} for {cls.name} (known: {known})")
        for key, spec in cls.options.items():
            out[key] = spec.check(key, given[key]) if key in given else spec.default
        return out

    # -- hooks ---------------------------------------------------------------------------
    @classmethod
    def deal_pack(cls, pack: list[int], dealer: int) -> tuple[list[int], list[int]]:
        """Shuffled pack (top first) -> (hand masks by seat, Manni top first)."""
        raise NotImplementedError

    @classmethod
    def cut_card(cls, pack: list[int]) -> int | None:
        """The card the cut reveals, for rule sets whose contract comes from a cut."""
        return None

    @classmethod
    def contract(cls, deal_number: int, cut: int | None) -> Contract:
        raise NotImplementedError

    @classmethod
    def deal_score(cls, contract: Contract, tricks: list[int], options: dict) -> list[int]:
        raise NotImplementedError

    @classmethod
    def score(cls, deal) -> list[int]:
        """A finished deal's score, by side (by default from the tricks alone)."""
        return cls.deal_score(deal.contract, deal.tricks, deal.options)

    @classmethod
    def known_contract(cls, name: str) -> Contract | None:
        """The rule set's contract of this name (for a view read from the network)."""
        return CONTRACTS.get(name)

    @classmethod
    def bonus(cls, deal) -> list[int] | None:
        """What a deal scores, by side, the moment it is dealt (None: nothing)."""
        return None

    @classmethod
    def decided_before_play(cls, match, deal) -> bool:
        """Does ``deal`` (just begun, the last of ``match.deals``) end before a card is
        played (its bonus wins the manche)?"""
        return False

    @classmethod
    def replay_fields(cls, deal) -> dict:
        """What a rule set adds to a deal's entry in the replay JSON (see record.summary)."""
        return {}

    @classmethod
    def manches(cls, match):
        """The match's manches (a ``Manches``), for rule sets played in manches; else None."""
        return None

    @classmethod
    def match_over(cls, plus: list[int], minus: list[int], options: dict) -> tuple[bool, list[int]]:
        """(finished, winners) after a deal, from the plus and minus columns."""
        raise NotImplementedError

    @classmethod
    def standing(cls, plus: list[int], minus: list[int]) -> list[int]:
        """Each seat's score as measured against the target (net unless a rule set says)."""
        return [plus[s] - minus[s] for s in range(len(plus))]

    @classmethod
    def violation_score(cls, contract: Contract, offender: int, options: dict) -> list[int]:
        """A deal's score, by side, when seat ``offender`` broke the rules of a sealed deal
        (docs/rules-notes.md): the worse for the offender of two outcomes, "it took no trick
        and the others shared them" (the first after it takes any odd one) or "it took every
        trick"."""
        n, hand = cls.seats, cls.hand_size
        shared = [0] * n
        for i in range(hand):
            shared[(offender + 1 + i % (n - 1)) % n] += 1
        took_all = [hand if s == offender else 0 for s in range(n)]
        a = cls.deal_score(contract, shared, options)
        b = cls.deal_score(contract, took_all, options)
        return a if a[offender] <= b[offender] else b

    @classmethod
    def negative_scores(cls, options: dict) -> bool:
        """Can a deal score be below zero (so scores are shown signed)?"""
        return True

    @classmethod
    def picks_up_manni(cls, options: dict) -> bool:
        """Does the exchange take the whole Manni into one hand and lay cards away (rather
        than swap hands or discard and draw)?"""
        return False

    @classmethod
    def open_lists(cls, deals) -> tuple[tuple[str, ...], ...] | None:
        """Per seat, the contracts still on its list before the next deal, given the finished
        deals; None for rule sets without lists (the contract is not declared)."""
        return None

    @classmethod
    def match_result(cls, match) -> tuple[bool, list[int]]:
        """(finished, winners) after a deal. Rule sets whose end is not a matter of the
        columns alone (a fixed list of contracts) override this instead of match_over."""
        return cls.match_over(match.plus, match.minus, match.options)

    @classmethod
    def check_layout(cls, hands: list[int], manni: list[int], cut: int | None, dealer: int) -> None:
        """Extra checks of an explicit deal layout (counts and deck are checked already)."""
        if cut is not None:
            raise ManniError(f"{cls.name} deals have no cut card")


def net_winners(totals: list[int]) -> list[int]:
    best = max(totals)
    return [s for s in range(len(totals)) if totals[s] == best]

