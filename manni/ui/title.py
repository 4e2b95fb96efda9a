"""The name of the game on the page (header and tab title): Manni's, or the rule set's
(``game.<rule set>`` in the catalogs). Pure, no ``js``."""

from __future__ import annotations


def game_rules(game) -> str | None:
    """The rule set played on the page: the match's, or at a guest's page the host's state's
    or lobby's; None before the host has said."""
    if game is None:
        return None
    if game.match is not None:
        return game.match.rules.name
    table = getattr(game, "table", None)
    state, lobby = getattr(table, "state", None), getattr(table, "lobby", None)
    if state is not None:
        return state.view.rules
    return lobby.rules if lobby is not None else None


def game_title(game, t) -> str:
    rules = game_rules(game)
    return t.t_or(f"game.{rules}", t("app.title")) if rules else t("app.title")


LONG_NAME = 9  # letters: a longer name is set smaller in the header (static/js/boot.js too)


def long_name(name: str) -> bool:
    return len(name) > LONG_NAME
