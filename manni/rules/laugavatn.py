"""Laugavatnsmanni: six contracts on each list, one round of overcalls, 18 deals."""

from __future__ import annotations

from .base import OptionSpec
from .declared import DeclaredRuleSet


class Laugavatn(DeclaredRuleSet):
    name = "laugavatn"
    ENTRIES = {name: (name,) for name in ("spades", "hearts", "diamonds", "clubs", "grand", "nolo")}
    options = {"overcalls": OptionSpec(True, bool), **DeclaredRuleSet.EXCHANGE_OPTION}
