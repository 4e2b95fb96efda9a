"""What a hint points at on the table: the cards to play or discard, or the control (a
button's ``data-action``) that makes the suggested move."""

from __future__ import annotations

from ..actions import Discard, Keep, Play, Take


def cards(action) -> set[int]:
    """The card to play, or the discards."""
    if isinstance(action, Play):
        return {action.card}
    if isinstance(action, Discard):
        return set(action.cards)
    return set()


def control(action) -> str | None:
    """The ``data-action`` of the button that makes ``action``, if a button does."""
    if isinstance(action, Take):
        return "take-manni"
    if isinstance(action, Keep):
        return "keep-hand"
    if isinstance(action, Discard) and not action.cards:
        return "confirm-discard"
    if action.verb == "declare":
        return f"declare:{action.contract}"
    if action.verb == "overcall":
        return "pass" if action.contract is None else f"overcall:{action.contract}"
    if action.verb == "ask":  # the parlée's modules load only at a table with it
        from .parlee import ask_code
        return f"ask:{ask_code(action)}"
    return None
