"""Which drawing a match's table gets: Manni's three seats (``render``, ``sheet``) or a
partnership table of four (``four_seats``), chosen from the view's sides."""

from __future__ import annotations

from ..lazy import Later
from . import render, sheet

four_seats = Later("manni.ui.four_seats")  # imported at the first table of four


def table_html(game) -> str:
    return (four_seats if game.view.partners else render).table_html(game)


def score_sheet(game) -> str:
    return (four_seats if game.view.partners else sheet).score_sheet(game)


def last_trick(game) -> str:
    return (four_seats if game.view.partners else sheet).last_trick(game)
