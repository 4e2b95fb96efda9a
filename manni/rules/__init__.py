"""The rule sets, by name.

Every module in this package that defines a :class:`RuleSet` subclass with a ``name`` is
found here, so a new rule set is one new module and nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..errors import ManniError
from .base import CONTRACTS, GRAND, NOLO, Contract, OptionSpec, RuleSet


def _discover() -> dict[str, type[RuleSet]]:
    found: dict[str, type[RuleSet]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name == "base":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, RuleSet)
                    and value.__module__ == module.__name__ and getattr(value, "name", None)):
                found[value.name] = value
    return found


RULE_SETS: dict[str, type[RuleSet]] = _discover()


def get_rules(name: str | type[RuleSet]) -> type[RuleSet]:
    if isinstance(name, type) and issubclass(name, RuleSet):
        return name
    if isinstance(name, str) and name not in RULE_SETS:
        # A module put on this package's path after start-up (a plug-in rule set).
        RULE_SETS.update(_discover())
    try:
        return RULE_SETS[name]
    except (KeyError, TypeError):
        raise ManniError(f"unknown rule set {name!r} (known: {', '.join(sorted(RULE_SETS))})") from None


__all__ = ["CONTRACTS", "GRAND", "NOLO", "Contract", "OptionSpec", "RuleSet", "RULE_SETS", "get_rules"]
