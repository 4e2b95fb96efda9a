"""Trjámann: four contracts on each list (Nóló, Grand, Spades, Colour), 12 deals."""

from __future__ import annotations

from .declared import DeclaredRuleSet


class Trjamann(DeclaredRuleSet):
    name = "trjamann"
    # Colour: hearts or diamonds trump, the declarer's choice.
    ENTRIES = {"nolo": ("nolo",), "grand": ("grand",), "spades": ("spades",),
               "colour": ("hearts", "diamonds")}
    options = dict(DeclaredRuleSet.EXCHANGE_OPTION)
