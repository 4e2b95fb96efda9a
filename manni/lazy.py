"""A module imported the first time one of its names is read: for what the first table does
not need (the page imports the rest while the player reads the hand)."""

from __future__ import annotations

from importlib import import_module


class Later:
    """Stands for the module ``name``; reading ``later.x`` imports it (once) and reads ``x``."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str):
        return getattr(import_module(self._name), attr)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported when used>"
