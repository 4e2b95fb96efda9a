"""The declared-contract family (Trjámann, Laugavatnsmanni): what the two share.

52 cards, 16 per hand, a Manni of 4. Each seat has a list of contracts; before the exchange
one seat declares a contract still on its list (and, where overcalls are on, the others may
take over with one of theirs), the declaration is ticked off that seat's list, and the match
ends when every list is empty. A rule set of the family gives its list as data
(``ENTRIES``: list entry -> the contracts it allows) and which options it has; everything
else is here. See RULES.md §3 and docs/rules-notes.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ..actions import KEEP, TAKE, Discard, Keep, Take, register_action
from ..cards import FULL_DECK, cards_of, mask_of
from ..errors import IllegalAction, RecordError
from ..exchange import Exchange, check_held_once
from ..states import ExchangeKind
from .base import CONTRACTS, Contract, OptionSpec, RuleSet, net_winners

MANNI = 4  # cards in the Manni, so the most a seat can exchange
DECLARER_PAR, OTHERS_PAR = 8, 4  # trump and Grand: tricks above these score
NOLO_DECLARER, NOLO_OTHERS = 4, 6  # Nóló: tricks below these score


@dataclass(frozen=True)
class Declared(Contract):
    """A contract with the seat that declared it and the list entry it ticks."""

    declarer: int | None = None
    entry: str | None = None


UNDECLARED = Declared("undeclared")


@dataclass(frozen=True, slots=True)
class Declare:
    """Name the deal's contract (a contract name: "spades", …, "grand", "nolo")."""

    contract: str
    verb = "declare"

    def to_json(self) -> dict:
        return {"declare": self.contract}


@dataclass(frozen=True, slots=True)
class Overcall:
    """Take the declaration over with a contract of one's own list; None passes."""

    contract: str | None
    verb = "overcall"

    def to_json(self) -> dict:
        return {"overcall": self.contract}


def _contract_name(value, key: str) -> str:
    if not isinstance(value, str) or value not in CONTRACTS:
        raise RecordError(f"'{key}' must name a contract ({', '.join(CONTRACTS)}), not {value!r}")
    return value


register_action("declare", lambda value: Declare(_contract_name(value, "declare")))
register_action("overcall",
                lambda value: Overcall(None if value is None else _contract_name(value, "overcall")))


@dataclass(frozen=True)
class Stage:
    """Where the pre-play part of a deal stands: the step and the seats still to be asked
    in it (the first one is in turn)."""

    step: str  # "declare", "overcall", "pickup", "lay_away" or "draw"
    queue: tuple[int, ...]


class DeclareExchange(Exchange):
    """Declare, overcalls, then the pickup or draw exchange (the ``exchange`` option)."""

    kind = ExchangeKind.DECLARE

    def start(self, deal):
        # The dealer's left declares; with an empty list, the next seat with one does.
        seat = next((s for s in self.order(deal.dealer) if deal.lists[s]), deal.dealer)
        return Stage("declare", (seat,))

    def turn(self, deal):
        return deal.ex_state.queue[0]

    def stage(self, deal):
        return deal.ex_state.step

    def limit(self, deal):
        step = deal.ex_state.step
        if step == "lay_away":
            return MANNI
        if step == "draw":
            return min(MANNI, len(deal.manni))
        return None

    def minimum(self, deal):
        return MANNI if deal.ex_state.step == "lay_away" else 0

    def legal(self, deal, seat):
        step = deal.ex_state.step
        own = deal.lists[seat]
        if step == "declare":
            return [Declare(c) for c in deal.rules.contracts_on(own)]
        if step == "overcall":
            return [Overcall(None)] + [Overcall(c) for c in deal.rules.contracts_on(own)]
        if step == "pickup":
            return [TAKE, KEEP]
        limit = self.limit(deal)
        hand = cards_of(deal.hands[seat])
        return [Discard(combo) for n in range(self.minimum(deal), limit + 1)
                for combo in combinations(hand, n)]

    def check(self, deal, seat, action):
        stage = deal.ex_state
        step = stage.step
        if step in ("declare", "overcall"):
            wanted = Declare if step == "declare" else Overcall
            if not isinstance(action, wanted):
                raise IllegalAction(f"{step} first: name a contract from your list",
                                    f"{step}_first")
            if action.contract is not None:
                entry = deal.rules.entry_of(action.contract)
                if entry is None:
                    raise IllegalAction(f"{action.contract} is not a contract of {deal.rules.name}",
                                        "no_such_contract", contract=action.contract)
                if entry not in deal.lists[seat]:
                    raise IllegalAction(f"{entry} is no longer on your list", "ticked",
                                        entry=entry)
            return
        if step == "pickup":
            if not isinstance(action, (Take, Keep)):
                raise IllegalAction("take the Manni or leave it", "pickup_choice")
            return
        if not isinstance(action, Discard):
            raise IllegalAction("choose the cards to lay away", "discard_choice")
        cards = action.cards
        check_held_once(deal, seat, cards)
        limit = self.limit(deal)
        if len(cards) < self.minimum(deal):
            raise IllegalAction(f"lay away exactly {limit} cards", "lay_away_count", count=limit)
        if len(cards) > limit:
            raise IllegalAction(f"discard at most {limit} cards", "discard_limit", limit=limit)

    def apply(self, deal, seat, action):
        stage = deal.ex_state
        step = stage.step
        if step in ("declare", "overcall"):
            if action.contract is not None:
                deal.set_contract(deal.rules.declared(action.contract, seat))
            if step == "declare" and deal.options.get("overcalls"):
                others = tuple((seat + k) % 3 for k in (1, 2))
                queue = tuple(s for s in others if deal.lists[s])
            else:
                queue = stage.queue[1:]
            if queue:
                deal.ex_state = Stage("overcall", queue)
                return
            declarer = deal.contract.declarer
            if deal.options["exchange"] == "draw":
                deal.ex_state = Stage("draw", (declarer,))
            else:
                deal.ex_state = Stage("pickup", tuple((declarer + k) % 3 for k in range(3)))
            return
        if step == "pickup":
            if isinstance(action, Take):
                deal.exchange_cards(seat, 0, len(deal.manni))
                deal.ex_state = Stage("lay_away", (seat,))
                return
            deal.exchange_cards(seat, 0, 0)
            queue = stage.queue[1:]
            if queue:
                deal.ex_state = Stage("pickup", queue)
            else:
                deal.end_exchange()
            return
        gone = mask_of(action.cards)
        if step == "draw":
            deal.exchange_cards(seat, gone, len(action.cards))
        else:  # laying away after the pickup: the table saw the 4 cards taken already
            deal.exchange_cards(seat, gone, 0, shown=MANNI)
        deal.end_exchange()


class DeclaredRuleSet(RuleSet):
    """The family's data and hooks; a member names itself and gives ``ENTRIES``."""

    deck = FULL_DECK
    hand_size = 16
    manni_size = MANNI
    exchange = DeclareExchange()
    # List entry -> the contracts its declarer may choose from (in the rule set's order).
    ENTRIES: dict[str, tuple[str, ...]] = {}
    EXCHANGE_OPTION = {"exchange": OptionSpec("pickup", str, choices=("pickup", "draw"))}

    @classmethod
    def entry_of(cls, contract: str) -> str | None:
        return next((e for e, names in cls.ENTRIES.items() if contract in names), None)

    @classmethod
    def contracts_on(cls, entries) -> list[str]:
        return [c for e in cls.ENTRIES if e in entries for c in cls.ENTRIES[e]]

    @classmethod
    def picks_up_manni(cls, options: dict) -> bool:
        return options.get("exchange", "pickup") == "pickup"

    @classmethod
    def declared(cls, contract: str, seat: int) -> Declared:
        base = CONTRACTS[contract]
        return Declared(base.name, base.trump, base.ace_low, declarer=seat,
                        entry=cls.entry_of(contract))

    @classmethod
    def deal_pack(cls, pack, dealer):
        # Four rounds of four cards, clockwise from the dealer's left; the last 4 are the Manni.
        hands = [0, 0, 0]
        i = 0
        for _ in range(4):
            for k in (1, 2, 0):
                for c in pack[i:i + 4]:
                    hands[(dealer + k) % 3] |= 1 << c
                i += 4
        return hands, list(pack[i:])

    @classmethod
    def contract(cls, deal_number, cut):
        return UNDECLARED

    @classmethod
    def deal_score(cls, contract, tricks, options):
        d = contract.declarer
        if contract.name == "nolo":
            return [(NOLO_DECLARER if s == d else NOLO_OTHERS) - tricks[s] for s in range(3)]
        return [tricks[s] - (DECLARER_PAR if s == d else OTHERS_PAR) for s in range(3)]

    @classmethod
    def open_lists(cls, deals):
        lists = [list(cls.ENTRIES) for _ in range(3)]
        for deal in deals:
            c = deal.contract
            if c.declarer is not None:
                lists[c.declarer].remove(c.entry)
        return tuple(tuple(x) for x in lists)

    @classmethod
    def match_result(cls, match):
        if any(cls.open_lists(match.deals)):
            return False, []
        return True, net_winners(match.totals)

    @classmethod
    def match_over(cls, plus, minus, options):
        raise NotImplementedError("the family ends by its lists: see match_result()")
