"""The rule sets, by name.

Every module in this package that defines a :class:`RuleSet` subclass with a ``name`` is
found here, so a new rule set is one new module and nothing else changes. A module is
imported when a rule set is first asked for: the one of its own name first (a table of
Manille imports no other rule set), all of them for any other name or to list them.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator, MutableMapping

from ..errors import ManniError
from .base import CONTRACTS, GRAND, NOLO, Contract, OptionSpec, RuleSet


def _modules() -> list[str]:
    # The folder's modules, as source or (in manni.zip) bytecode; not pkgutil, which the
    # first table would import for this alone.
    names = {entry.split(".", 1)[0] for folder in __path__ for entry in os.listdir(folder)
             if entry.endswith((".py", ".pyc"))}
    return sorted(names - {"__init__", "base"})


def _rule_sets_in(module: str) -> dict[str, type[RuleSet]]:
    found = importlib.import_module(f"{__name__}.{module}")
    return {value.name: value for value in vars(found).values()
            if isinstance(value, type) and issubclass(value, RuleSet)
            and value.__module__ == found.__name__ and getattr(value, "name", None)}


class _RuleSets(MutableMapping):
    """Rule-set name -> class, in module order; each module imported when first needed."""

    def __init__(self, modules: list[str]) -> None:
        self._of: dict[str, dict[str, type[RuleSet]] | None] = dict.fromkeys(modules)
        self._sets: dict[str, type[RuleSet]] = {}  # those imported, for the lookups
        self._extra: dict[str, type[RuleSet]] = {}  # set by hand

    def _load(self, module: str) -> None:
        if module in self._of and self._of[module] is None:
            found = self._of[module] = _rule_sets_in(module)
            self._sets.update(found)

    def _all(self) -> dict[str, type[RuleSet]]:
        for module in list(self._of):
            self._load(module)
        return {**{n: c for found in self._of.values() if found for n, c in found.items()},
                **self._extra}

    def __getitem__(self, name: str) -> type[RuleSet]:
        try:
            return self._sets[name]
        except KeyError:
            if isinstance(name, str):
                self._load(name)
            if name not in self._sets:
                self._all()
            return self._sets[name]

    def __setitem__(self, name: str, cls: type[RuleSet]) -> None:
        for found in self._of.values():
            if found and name in found:
                found[name] = cls
                break
        else:
            self._extra[name] = cls
        self._sets[name] = cls

    def __delitem__(self, name: str) -> None:
        del self._sets[name]
        for found in (*self._of.values(), self._extra):
            if found and name in found:
                del found[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def rescan(self) -> None:
        """Find the modules put on this package's path since (plug-in rule sets)."""
        for module in _modules():
            self._of[module] = None
            self._load(module)


RULE_SETS = _RuleSets(_modules())


def get_rules(name: str | type[RuleSet]) -> type[RuleSet]:
    if isinstance(name, type) and issubclass(name, RuleSet):
        return name
    try:
        return RULE_SETS[name]
    except (KeyError, TypeError):
        pass
    if isinstance(name, str):
        RULE_SETS.rescan()
    try:
        return RULE_SETS[name]
    except (KeyError, TypeError):
        raise ManniError(f"unknown rule set {name!r} (known: {', '.join(sorted(RULE_SETS))})") from None


__all__ = ["CONTRACTS", "GRAND", "NOLO", "Contract", "OptionSpec", "RuleSet", "RULE_SETS", "get_rules"]
