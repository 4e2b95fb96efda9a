"""Manni: the rules engine (pure Python, standard library only) and the computer players."""

from . import module_code

module_code.install()  # in manni.zip, the first table's modules from one file; else nothing

from . import dataclass_code

dataclass_code.install()  # in manni.zip, the dataclasses' code compiled ahead; else nothing

from .actions import KEEP, TAKE, Action, Discard, Keep, Play, Take
from .cards import card_code, card_label, cards_of, mask_of, parse_card
from .deal import Deal
from .errors import IllegalAction, ManniError, RecordError
from .match import Layout, Match
from .rules import RULE_SETS, Contract, RuleSet, get_rules
from .view import SeatView

__all__ = [
    "KEEP", "TAKE", "Action", "Discard", "Keep", "Play", "Take",
    "card_code", "card_label", "cards_of", "mask_of", "parse_card",
    "Deal", "IllegalAction", "ManniError", "RecordError", "Layout", "Match",
    "RULE_SETS", "Contract", "RuleSet", "get_rules", "SeatView",
]
